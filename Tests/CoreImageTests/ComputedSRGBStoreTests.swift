import CPixelKernels
import CoreGraphics
import Foundation
import Testing
@testable import CoreImage

/// 8-bit stores through the sRGB encoding compute it (AVX-512) instead of reading the 65 536-entry table, and give
/// the table's bytes: the table is accepted only when the computation reproduces every entry, and stores of any
/// float (out of range, NaN, on rounding boundaries) agree byte for byte with the table's.
struct ComputedSRGBStoreTests {
    static let srgb = ToneCurve.fromLinear(ColorTransferFunction.sRGB, name: "test sRGB encode")

    static func stores(_ pixels: [Float], pad: Bool, computed: Bool) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xAB, count: pixels.count)
        srgb.encode8.withUnsafeBufferPointer { lut in
            pk_ci_store_u8(pixels, &bytes, 4, pad ? [0, 1, 2, -1] : [0, 1, 2, 3], lut.baseAddress, computed ? 1 : 0, pixels.count / 4)
        }
        return bytes
    }

    @Test func theSRGBTableIsComputedExactlyWhereTheCPUHasAVX512() {
        #expect(Self.srgb.encode8IsComputedSRGB == pk_cpu_has_avx512())
        #expect(ToneCurve.fromLinear(ColorTransferFunction.sRGB.extended, name: "test sRGB encode, extended").encode8IsComputedSRGB == pk_cpu_has_avx512())
        // Other encodings are never computed (their tables differ from the sRGB computation).
        #expect(!ToneCurve.fromLinear(.gamma(2.2), name: "test gamma 2.2").encode8IsComputedSRGB)
        #expect(!ToneCurve.fromLinear(.rec709, name: "test Rec. 709").encode8IsComputedSRGB)
        #expect(!ToneCurve.toLinear(.sRGB, name: "test sRGB decode").encode8IsComputedSRGB)
    }

    @Test(arguments: [false, true])
    func storesAgreeWithTheTableByteForByte(pad: Bool) {
        var values: [Float] = [0, 1, -0, -1, 2, .nan, .infinity, -.infinity, 0.0031308, 0.5, 1e-9, .leastNonzeroMagnitude]
        // Every index's centre and the floats next to each half-index boundary.
        for i in 0..<65536 {
            let centre = Float(i) / 65535
            values.append(centre)
            let boundary = (Float(i) + 0.5) / 65535
            values += [boundary.nextDown, boundary, boundary.nextUp]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { values.append(Float.random(in: -0.1...1.1, using: &generator)) }
        // Four components a pixel; the count is not a multiple of four pixels, so the tail takes the table path.
        while values.count % 4 != 0 || (values.count / 4) % 4 == 0 { values.append(0.25) }
        let table = Self.stores(values, pad: pad, computed: false)
        let computed = Self.stores(values, pad: pad, computed: true)
        #expect(table == computed)
        if let first = zip(table, computed).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("first difference at component \(first.offset) (value \(values[first.offset])): table \(first.element.0), computed \(first.element.1)")
        }
    }

    @Test(arguments: [false, true])
    func spansOfEveryLengthAgree(pad: Bool) {
        // Sixteen pixels a step, then four, then the table: every split of a span between the three.
        var generator = SystemRandomNumberGenerator()
        for pixels in 1...50 {
            let values = (0..<(pixels * 4)).map { _ in Float.random(in: -0.05...1.05, using: &generator) }
            #expect(Self.stores(values, pad: pad, computed: true) == Self.stores(values, pad: pad, computed: false), "\(pixels) pixels")
        }
    }

    /// The premultiplied encode store (unpremultiply, encode, premultiply where alpha is not 1): runs of opaque
    /// pixels of every length, translucent pixels inside and at the edges of sixteen-pixel blocks.
    @Test func premultipliedStoresOfMixedAlphasAgree() {
        var generator = SystemRandomNumberGenerator()
        for pixels in 1...80 {
            var values: [Float] = []
            for index in 0..<pixels {
                let translucent = index % 23 == 7 || index % 37 == 16 || (pixels % 5 == 0 && index == pixels - 1)
                let alpha: Float = translucent ? Float.random(in: 0...0.99, using: &generator) : 1
                for _ in 0..<3 { values.append(Float.random(in: 0...1, using: &generator) * alpha) }
                values.append(alpha)
            }
            func store(computed: Bool) -> [UInt8] {
                var bytes = [UInt8](repeating: 0xAB, count: values.count)
                Self.srgb.encode8.withUnsafeBufferPointer { lut in
                    Self.srgb.withArguments { curve in
                        pk_ci_store_u8_encode_premultiplied(values, &bytes, lut.baseAddress, computed ? 1 : 0, curve.table, curve.size,
                                                            curve.parameters, curve.extended, curve.inverse, pixels)
                    }
                }
                return bytes
            }
            #expect(store(computed: true) == store(computed: false), "\(pixels) pixels")
        }
    }

    @Test func anRGBA8RenderIsTheSameEitherWay() throws {
        // A gradient through the whole range, rendered to 8-bit sRGB: the storer takes the computed path when the
        // CPU has it; its bytes equal the table path's (pk_ci_store_u8 without the flag) of the same working pixels.
        let width = 1024, height = 4
        var working = [Float](repeating: 1, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let v = Float(x) / Float(width - 1)
                for c in 0..<3 { working[(y * width + x) * 4 + c] = powf(v, Float(c + 1)) * (y == 3 ? 1.05 : 1) }
            }
        }
        let image = CIImage(bitmapData: Data(bytes: working, count: working.count * 4), bytesPerRow: width * 16,
                            size: CGSize(width: width, height: height), format: .RGBAf, colorSpace: CGColorSpace(name: CGColorSpace.linearSRGB))
        var rendered = [UInt8](repeating: 0, count: width * height * 4)
        CIContext().render(image, toBitmap: &rendered, rowBytes: width * 4, bounds: image.extent, format: .RGBA8,
                           colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
        #expect(rendered == Self.stores(working, pad: false, computed: false))
    }
}
