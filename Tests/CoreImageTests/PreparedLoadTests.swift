import CPixelKernels
import Foundation
import Testing

/// 8-bit loads through byte-plane permutes (`pk_ci_load_u8_prepared`, AVX-512 VBMI) give the table's floats bit for
/// bit, as the general load does, for every stored value in every position and for every span length.
struct PreparedLoadTests {
    /// An sRGB decoding table for R, G, B and v / 255 for alpha, as an 8-bit sRGB leaf holds them.
    static let table: [Float] = {
        let curve = (0..<256).map { b -> Float in
            let v = Double(b) / 255
            return Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
        }
        return curve + curve + curve + (0..<256).map { Float($0) / 255 }
    }()

    static func loads(_ bytes: [UInt8], map: [Int8], table: [Float], count: Int) -> (general: [Float], prepared: [Float], fast: Bool) {
        var general = [Float](repeating: .nan, count: count * 4), prepared = general
        var plan = [UInt8](repeating: 0, count: 1088)
        let fast = pk_ci_load_u8_prepare(4, map, table, &plan) != 0
        pk_ci_load_u8(bytes, 4, map, table, &general, count)
        plan.withUnsafeBufferPointer { p in
            pk_ci_load_u8_prepared(bytes, 4, map, table, fast ? p.baseAddress : nil, &prepared, count)
        }
        return (general, prepared, fast)
    }

    @Test(arguments: [[Int8(0), 1, 2, 3], [0, 1, 2, -1]])
    func everyStoredValueLoadsAsTheTableSays(_ map: [Int8]) {
        // 300 pixels: every value in every channel (rotated across positions), then span lengths around the blocks.
        var bytes = [UInt8](repeating: 0, count: 300 * 4)
        for i in bytes.indices { bytes[i] = UInt8((i * 37 + i / 256) % 256) }
        for rotation in 0..<4 {
            for i in 0..<256 { bytes[(i * 4 + rotation) % bytes.count] = UInt8(i) }
            for count in [300, 256, 17, 16, 15, 1] {
                let result = Self.loads(bytes, map: map, table: Self.table, count: count)
                #expect(result.general.map(\.bitPattern) == result.prepared.map(\.bitPattern), "map \(map), \(count) pixels")
            }
        }
        let fast = Self.loads(bytes, map: map, table: Self.table, count: 16).fast
        let hasVBMI = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.contains("avx512_vbmi") ?? false
        #expect(fast == hasVBMI, "the permute path is used exactly where the CPU has AVX-512 VBMI")
    }

    @Test func otherTablesAndLayoutsTakeTheGeneralLoad() {
        var distinct = Self.table
        distinct[256 + 10] += 0.001   // G differs from R
        var plan = [UInt8](repeating: 0, count: 1088)
        #expect(pk_ci_load_u8_prepare(4, [0, 1, 2, 3], distinct, &plan) == 0)
        var premultipliedAlpha = Self.table
        premultipliedAlpha[768 + 200] = 0.5   // alpha not v / 255
        #expect(pk_ci_load_u8_prepare(4, [0, 1, 2, 3], premultipliedAlpha, &plan) == 0)
        #expect(pk_ci_load_u8_prepare(4, [2, 1, 0, 3], Self.table, &plan) == 0, "BGRA")
        #expect(pk_ci_load_u8_prepare(3, [0, 1, 2, -1], Self.table, &plan) == 0, "three bytes a pixel")
    }
}
