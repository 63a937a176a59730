import Foundation
import Testing
import ImageIO
import CoreImage
import _TestSupport

/// The RAW path on hostile bytes: seeded mutations of the corpus's synthetic DNG (bit flips, overwritten runs,
/// huge numbers in the header, truncations) either fail to open with a reason or develop to an image of the size
/// they claim — never a crash or a hang. (`scripts/fuzz.sh` goes further; this is the fixed-seed regression pass.) The header and the first strip rows are where the mutations land.
@Suite(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
struct RAWMutationTests {
    /// A small deterministic generator (the tests must mutate the same way on every run).
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func mutate(_ original: Data, _ random: inout SplitMix) -> Data {
        var bytes = [UInt8](original)
        let hot = min(bytes.count, 16_384)   // the TIFF header, IFDs and tag values live here
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            for _ in 0..<Int.random(in: 1...8, using: &random) { bytes[Int.random(in: 0..<hot, using: &random)] ^= UInt8(1 << Int.random(in: 0..<8, using: &random)) }
        case 1:
            let at = Int.random(in: 0..<hot, using: &random)
            let value: UInt8 = Bool.random(using: &random) ? 0xFF : 0x00
            for i in at..<min(at + Int.random(in: 1...16, using: &random), bytes.count) { bytes[i] = value }
        case 2:
            // A huge 32-bit number at a 4-byte boundary (counts, offsets, sizes).
            let at = Int.random(in: 0..<(hot / 4), using: &random) * 4
            let value = [UInt32(0xFFFF_FFFF), 0x7FFF_FFFF, 0x0001_0000, 0x4000_0000][Int.random(in: 0..<4, using: &random)]
            withUnsafeBytes(of: value.littleEndian) { for i in 0..<4 where at + i < bytes.count { bytes[at + i] = $0[i] } }
        case 3:
            bytes.removeLast(Int.random(in: 1..<(bytes.count - 8), using: &random))
        default:
            let at = Int.random(in: 0..<hot, using: &random)
            for i in at..<min(at + 64, bytes.count) { bytes[i] = UInt8.random(in: 0...255, using: &random) }
        }
        return Data(bytes)
    }

    @Test func mutatedDNGsFailWithAReasonOrDevelop() throws {
        let original = try Data(contentsOf: TestMedia.url("raw/synthetic_rggb_12bit.dng")!)
        var random = SplitMix(state: 20_261_126)
        let context = CIContext(options: [.cacheIntermediates: false])
        var refused = 0, developed = 0, rendered = 0
        for iteration in 0..<80 {
            let bytes = Self.mutate(original, &random)
            let filter: CIRAWFilter
            do {
                filter = try CIRAWFilter.developing(bytes, identifierHint: "dng")
            } catch let error as ImageIOError {
                #expect(!error.message.isEmpty)
                refused += 1
                continue
            }
            #expect(filter.nativeSize.width * filter.nativeSize.height <= 200_000_000)
            developed += 1
            // Rendering costs most (a debug build develops the whole sensor): every fourth one that opened.
            guard iteration % 4 == 0 else { continue }
            filter.scaleFactor = 0.0625
            guard let image = filter.outputImage else { Issue.record("a DNG that opened has no output"); continue }
            let extent = image.extent
            var pixels = [UInt8](repeating: 0, count: Int(extent.width) * Int(extent.height) * 4)
            pixels.withUnsafeMutableBytes {
                context.render(image, toBitmap: $0.baseAddress!, rowBytes: Int(extent.width) * 4, bounds: extent, format: .RGBA8,
                               colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
            }
            rendered += 1
        }
        print("RAW mutations: \(developed) opened (\(rendered) rendered), \(refused) refused with a reason, no crash")
        #expect(refused > 0 && developed > 0)
    }
}
