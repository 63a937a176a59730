import CPixelKernels
import Foundation
import Testing
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// Colour chains from an 8-bit bitmap to an 8-bit sRGB destination run as one pass in registers
/// (`FusedEightBitPass`, where the CPU has AVX-512 VBMI); the bytes must be exactly those of the kernels run one by
/// one: every chain of matrices and vignettes, opaque and translucent sources, RGBX / RGBA / premultiplied
/// destinations, spans of every length, and rectangles reaching past the image (whose edge spans the pass leaves
/// to the kernels).
struct FusedEightBitPassTests {
    static let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!

    /// Premultiplied noise, opaque or with a few translucent pixels.
    static func noise(width: Int, height: Int, translucent: Bool, seed: UInt64 = 11) -> CIImage {
        var generator = SeededGenerator(seed: seed)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        func next() -> UInt8 { UInt8(truncatingIfNeeded: generator.next() >> 56) }
        for i in 0..<(width * height) {
            // Translucent: a few pixels in every fifth row. Such a source is decoded unpremultiplied, which the pass
            // does not do, so its renders check only that nothing changes; the opaque-only store stopping at a
            // translucent block is tested on the C pass below.
            let alpha: UInt8 = translucent && (i / width) % 5 == 2 && (i % width) % 53 == 40 ? next() : 255
            // Premultiplied RGBA8: colour no larger than alpha.
            for c in 0..<3 { bytes[i * 4 + c] = UInt8(Int(next()) * Int(alpha) / 255) }
            bytes[i * 4 + 3] = alpha
        }
        return CIImage(bitmapData: Data(bytes), bytesPerRow: width * 4, size: CGSize(width: width, height: height), format: .RGBA8, colorSpace: sRGB)
    }

    static func render(_ image: CIImage, _ rect: CGRect, fused: Bool, format: CIFormat, tileWidth: Int? = nil) -> (bytes: [UInt8], statistics: RenderStatistics) {
        let context = CIContext(options: [.cacheIntermediates: false])
        context.renderOverrides = RenderOverrides(tileWidth: tileWidth, fusesEightBitPasses: fused)
        var bytes = [UInt8](repeating: 0xAB, count: Int(rect.width * rect.height) * 4)
        bytes.withUnsafeMutableBytes {
            context.render(image, toBitmap: $0.baseAddress!, rowBytes: Int(rect.width) * 4, bounds: rect, format: format, colorSpace: sRGB)
        }
        return (bytes, context.lastRenderStatistics)
    }

    static var chains: [[(String, [String: Any])]] { [
        [],
        [("CIExposureAdjust", [kCIInputEVKey: 0.5]), ("CISepiaTone", [:]), ("CIVignette", [kCIInputIntensityKey: 0.8, kCIInputRadiusKey: 1.5])],
        [("CIVignette", [kCIInputIntensityKey: 1.0, kCIInputRadiusKey: 1.0])],
        [("CIColorMatrix", ["inputRVector": CIVector(x: 0.9, y: 0.2, z: 0, w: 0), "inputBiasVector": CIVector(x: 0.05, y: -0.1, z: 0.02, w: 0)]),
         ("CIVignette", [kCIInputIntensityKey: 0.5, kCIInputRadiusKey: 2]), ("CIColorMatrix", ["inputGVector": CIVector(x: 0.1, y: 0.8, z: 0.1, w: 0)])],
        [("CIColorControls", [kCIInputSaturationKey: 1.4, kCIInputBrightnessKey: 0.05, kCIInputContrastKey: 1.2]), ("CIExposureAdjust", [kCIInputEVKey: -1.0])],
        // Alpha changed: the output conversion is not fused into the store, so neither is the pass.
        [("CIVignette", [kCIInputIntensityKey: 0.5, kCIInputRadiusKey: 2]), ("CIColorMatrix", ["inputAVector": CIVector(x: 0, y: 0, z: 0, w: 0.7)])],
    ] }

    /// The chains the pass takes from opaque sources (a translucent source is decoded unpremultiplied, which the
    /// pass does not do): the others test only that the bytes agree.
    static let fusable: Set<Int> = [1, 2, 3, 4]

    static func apply(_ chain: [(String, [String: Any])], to image: CIImage) -> CIImage {
        chain.reduce(image) { $0.applyingFilter($1.0, parameters: $1.1) }
    }

    @Test(arguments: chains.indices)
    func fusedChainsGiveTheKernelsBytes(_ index: Int) {
        for translucent in [false, true] {
            let image = Self.apply(Self.chains[index], to: Self.noise(width: 131, height: 37, translucent: translucent))
            for format in [CIFormat.RGBA8, .RGBX8] {
                // The image's own rectangle (spans of 131 pixels: 8 blocks and a tail), then one reaching past its
                // edges, and narrow tiles (spans starting at every multiple of 24).
                for (rect, tileWidth) in [(CGRect(x: 0, y: 0, width: 131, height: 37), nil), (CGRect(x: -5, y: -3, width: 150, height: 44), nil),
                                          (CGRect(x: 0, y: 0, width: 131, height: 37), 24)] as [(CGRect, Int?)] {
                    let fused = Self.render(image, rect, fused: true, format: format, tileWidth: tileWidth)
                    let kernels = Self.render(image, rect, fused: false, format: format, tileWidth: tileWidth)
                    #expect(kernels.statistics.fusedEightBitPixels == 0)
                    if pk_cpu_has_avx512_vbmi() && !translucent && Self.fusable.contains(index) {
                        #expect(fused.statistics.fusedEightBitPixels > 0, "chain \(index), \(format), \(rect): not fused")
                    }
                    let differing = zip(fused.bytes, kernels.bytes).filter { $0 != $1 }.count
                    #expect(differing == 0, "chain \(index), \(translucent ? "translucent" : "opaque"), \(format), \(rect), tiles \(tileWidth ?? 0): \(differing) bytes differ")
                }
            }
        }
    }

    /// The C pass against the separate kernels directly, for every alpha mode: random bytes with and without stored
    /// alpha (a few translucent pixels: the opaque-only mode stops at their block), steps of both kinds in every
    /// order, spans of every length from odd columns.
    @Test func thePassEqualsTheSeparateKernelsInEveryAlphaMode() {
        guard pk_cpu_has_avx512_vbmi() else { return }
        let curve = ComputedSRGBStoreTests.srgb
        let decode = ToneCurve.toLinear(.sRGB, name: "test sRGB decode").decode8
        var generator = SeededGenerator(seed: 5)
        for alphaPresent in [false, true] {
            let map: [Int8] = [0, 1, 2, alphaPresent ? 3 : -1]
            let tables = decode + decode + decode + (0..<256).map { Float($0) / 255 }
            var prepared = [UInt8](repeating: 0, count: SpanLoader.preparedBytes)
            #expect(pk_ci_load_u8_prepare(4, map, tables, &prepared) == 1)
            let vignette: [Float] = [40, 7, 0.02, 0.3, 0.7, 0.9]
            for alphaMode in [PK_FUSED_ALPHA_PADDED, PK_FUSED_ALPHA_STORED, PK_FUSED_ALPHA_OPAQUE_ONLY].map(Int32.init) {
                // Alpha changed by the matrix, except where only opaque pixels are stored.
                let alphaRow: [Float] = alphaMode == PK_FUSED_ALPHA_OPAQUE_ONLY ? [0, 0, 0, 1] : [0.01, 0.02, 0.03, 0.9]
                let matrix: [Float] = [0.8, 0.3, 0.1, 0, 0.2, 0.7, 0.05, 0, 0.1, 0.2, 0.9, 0] + alphaRow
                    + [0.02, -0.03, 0.01, alphaMode == PK_FUSED_ALPHA_OPAQUE_ONLY ? 0 : 0.05]
                for kinds in [[], [PK_FUSED_MATRIX], [PK_FUSED_VIGNETTE], [PK_FUSED_MATRIX, PK_FUSED_VIGNETTE],
                              [PK_FUSED_VIGNETTE, PK_FUSED_MATRIX, PK_FUSED_VIGNETTE]] {
                    for count in [16, 31, 48, 77, 200, 256] {
                        let x = Int(generator.next() % 50), y = Int(generator.next() % 20)
                        var source = (0..<(count * 4)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                        for i in 0..<count where !alphaPresent || i % 41 != 30 { source[i * 4 + 3] = 255 }
                        var fused = [UInt8](repeating: 0xAB, count: count * 4)
                        var separate = fused
                        let done = matrix.withUnsafeBufferPointer { m in vignette.withUnsafeBufferPointer { v in
                            let steps = kinds.map { pk_ci_fused_step(kind: Int32($0), data: $0 == PK_FUSED_MATRIX ? m.baseAddress : v.baseAddress) }
                            return curve.encode8.withUnsafeBufferPointer { lut in
                                pk_ci_fused_u8_srgb(source, prepared, steps, Int32(steps.count), x, y, &fused, lut.baseAddress, alphaMode, count)
                            }
                        } }
                        // The separate kernels over the pixels the pass did.
                        var pixels = [Float](repeating: 0, count: count * 4)
                        pk_ci_load_u8_prepared(source, 4, map, tables, prepared, &pixels, done)
                        for kind in kinds {
                            if kind == PK_FUSED_MATRIX { pk_ci_matrix(&pixels, done, matrix) } else {
                                pk_ci_vignette(&pixels, done, x, vignette[0], Float(y) + 0.5 - vignette[1], vignette[2], vignette[3], vignette[4], vignette[5])
                            }
                        }
                        curve.encode8.withUnsafeBufferPointer { lut in
                            curve.withArguments { c in
                                if alphaMode == PK_FUSED_ALPHA_OPAQUE_ONLY {
                                    pk_ci_store_u8_encode_premultiplied(pixels, &separate, lut.baseAddress, 1, c.table, c.size, c.parameters, c.extended, c.inverse, done)
                                } else {
                                    pk_ci_store_u8(pixels, &separate, 4, alphaMode == PK_FUSED_ALPHA_PADDED ? [0, 1, 2, -1] : [0, 1, 2, 3], lut.baseAddress, 1, done)
                                }
                            }
                        }
                        let translucentBlock = alphaPresent ? (0..<count).first { $0 % 41 == 30 }.map { $0 / 16 * 16 } : nil
                        let expected = alphaMode == PK_FUSED_ALPHA_OPAQUE_ONLY && translucentBlock != nil
                            ? min(translucentBlock!, count / 16 * 16) : count / 16 * 16
                        #expect(done == expected, "alpha \(alphaPresent), mode \(alphaMode), steps \(kinds), \(count) pixels: \(done) done")
                        #expect(Array(fused[0..<(done * 4)]) == Array(separate[0..<(done * 4)]),
                                "alpha \(alphaPresent), mode \(alphaMode), steps \(kinds), \(count) pixels from \(x)")
                        #expect(fused[(done * 4)...].allSatisfy { $0 == 0xAB }, "wrote past the pixels done")
                    }
                }
            }
        }
    }

    /// Where the CPU has the instructions, the colour chain of a photo edit into an RGBX buffer runs fused for
    /// all but the last pixels of each span.
    @Test func theEditChainRunsFused() {
        guard pk_cpu_has_avx512_vbmi() else { return }
        let image = Self.apply(Self.chains[1], to: Self.noise(width: 300, height: 20, translucent: false))
        let rect = CGRect(x: 0, y: 0, width: 300, height: 20)
        let result = Self.render(image, rect, fused: true, format: .RGBX8)
        // 300 = 256 + 44 per row: 256 + 32 pixels in blocks of sixteen, 12 by the kernels.
        #expect(result.statistics.fusedEightBitPixels == 288 * 20, "\(result.statistics.fusedEightBitPixels)")
    }
}
