import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The engine's fast paths give the answers of the plain paths: 8-bit sources found opaque skip premultiplication
/// (and decode through tables), premultiplied RGBA8 destinations encode in the store, the vectorised tone curve,
/// the sorted-column 3 × 3 median and the row-cached morphology, each against a brute-force computation.
@Suite struct EngineFastPathTests {
    static let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!

    /// Pseudo-random RGBA8 pixels (premultiplied when `alpha` is given a non-opaque value pattern).
    static func noise(width: Int, height: Int, seed: UInt64, opaque: Bool) -> [UInt8] {
        var state = seed
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let a: UInt8 = opaque ? 255 : UInt8(truncatingIfNeeded: state >> 56)
            for c in 0..<3 {
                let v = UInt8(truncatingIfNeeded: state >> (8 * UInt64(c) + 16))
                pixels[i * 4 + c] = UInt8((Int(v) * Int(a) + 127) / 255)   // premultiplied
            }
            pixels[i * 4 + 3] = a
        }
        return pixels
    }

    /// `count` pseudo-random floats in [0, 1) (a linear congruential sequence from `seed`).
    static func randomFloats(count: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40) / Float(1 << 24)
        }
    }

    static func image(_ pixels: [UInt8], width: Int, height: Int, format: CIFormat = .RGBA8) -> CIImage {
        CIImage(bitmapData: Data(pixels), bytesPerRow: width * 4, size: CGSize(width: width, height: height), format: format, colorSpace: sRGB)
    }

    @Test func bitmapOpacityIsScannedOnce() {
        let opaque = Self.noise(width: 9, height: 5, seed: 1, opaque: true)
        var holed = opaque
        holed[(4 * 9 + 8) * 4 + 3] = 254   // the last pixel
        let bitmap = { (bytes: [UInt8]) in
            Bitmap(storage: .data(Data(bytes)), width: 9, height: 5, bytesPerRow: 36, format: .rgba8, premultiplied: true)
        }
        #expect(bitmap(opaque).alphaIsOpaque)
        #expect(!bitmap(holed).alphaIsOpaque)
        #expect(Bitmap(storage: .data(Data(opaque)), width: 9, height: 5, bytesPerRow: 36, format: .rgbx8, premultiplied: true).alphaIsOpaque)
        // Formats other than 8-bit are not scanned, so never claimed opaque.
        #expect(!Bitmap(storage: .data(Data(count: 9 * 5 * 16)), width: 9, height: 5, bytesPerRow: 144, format: .rgbaf, premultiplied: true).alphaIsOpaque)
    }

    @Test func anRGBA8SourceFoundOpaqueRendersLikeRGBX8() throws {
        let (w, h) = (37, 11)
        let pixels = Self.noise(width: w, height: h, seed: 2, opaque: true)
        let rect = CGRect(x: 0, y: 0, width: w, height: h)
        let matrix = { (image: CIImage) in
            image.applyingFilter("CIColorMatrix", parameters: ["inputRVector": CIVector(x: 0.4, y: 0.7, z: 0.2, w: 0), "inputBiasVector": CIVector(x: 0.01, y: 0, z: 0, w: 0)])
        }
        let viaRGBA = Render.bytes(matrix(Self.image(pixels, width: w, height: h)), rect)
        let viaRGBX = Render.bytes(matrix(Self.image(pixels, width: w, height: h, format: .RGBX8)), rect)
        #expect(viaRGBA == viaRGBX)
        // Float output: the table decode agrees with the exact curve.
        let floats = Render.linearFloats(Self.image(pixels, width: w, height: h), rect)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            for c in 0..<3 { #expect(abs(Double(floats[i + c]) - SRGB.toLinear(Double(pixels[i + c]) / 255)) < 2e-6) }
            #expect(floats[i + 3] == 1)
        }
    }

    /// Premultiplied RGBA8 out of a non-opaque graph: the store's fused encode equals the float path's answer
    /// (unpremultiply, encode, premultiply) rounded, within one step for opaque pixels' table rounding.
    @Test func premultipliedEncodeInTheStoreMatchesTheFloatPath() throws {
        let (w, h) = (41, 13)
        let pixels = Self.noise(width: w, height: h, seed: 3, opaque: false)
        let rect = CGRect(x: 0, y: 0, width: w, height: h)
        let blurred = Self.image(pixels, width: w, height: h).applyingFilter("CIMorphologyRectangleMinimum", parameters: ["inputWidth": 3, "inputHeight": 3])
        let bytes = Render.bytes(blurred, rect)
        let floats = Render.floats(blurred, rect, colorSpace: Self.sRGB)   // encoded, premultiplied floats
        var worst = 0
        for i in 0..<bytes.count {
            let expected = Int((min(max(floats[i], 0), 1) * 255 + 0.5).rounded(.down))
            worst = max(worst, abs(Int(bytes[i]) - expected))
        }
        #expect(worst <= 1, "largest difference \(worst) steps")
        // Clear pixels stay clear, and alpha is exact.
        for i in stride(from: 0, to: bytes.count, by: 4) where bytes[i + 3] == 0 { #expect(bytes[i] == 0 && bytes[i + 1] == 0 && bytes[i + 2] == 0) }
    }

    /// Extended values (above 1 and below 0) through the vectorised tone curve equal the exact sRGB formula.
    @Test func extendedCurveValuesMatchTheFormula() throws {
        let values: [Float] = [-2, -1, -0.5, -0.001, 0, 0.0001, 0.002, 0.2, 0.5, 0.9999, 1, 1.0001, 1.5, 4, 16, .nan, -.nan, 0.75, 0.3, 0.01]
        var linear = [Float]()
        for (i, v) in values.enumerated() { linear += [v, values[(i + 7) % values.count], values[(i + 3) % values.count], 1] }
        let n = values.count
        let source = CIImage(bitmapData: linear.withUnsafeBytes { Data($0) }, bytesPerRow: n * 16, size: CGSize(width: n, height: 1), format: .RGBAf,
                             colorSpace: CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!)
        let encoded = Render.floats(source, CGRect(x: 0, y: 0, width: n, height: 1), colorSpace: CGColorSpace(name: CGColorSpace.extendedSRGB)!)
        for i in 0..<(n * 4) where i % 4 != 3 {
            let v = Double(linear[i])
            let expected = v.isNaN ? 0 : (v < 0 ? -SRGB.fromLinear(-v) : SRGB.fromLinear(v))
            #expect(abs(Double(encoded[i]) - expected) < 1e-4 * max(1, abs(expected)), "value \(v) encoded to \(encoded[i]), expected \(expected)")
        }
    }

    /// The median of every 3 × 3 neighbourhood (edges repeated) by brute force, on random floats.
    @Test func medianEqualsBruteForce() throws {
        let (w, h) = (53, 29)
        var state: UInt64 = 99
        var values = [Float](repeating: 1, count: w * h * 4)
        for i in values.indices where i % 4 != 3 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            values[i] = Float(state >> 40) / Float(1 << 24)
        }
        let linear = CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!
        let source = CIImage(bitmapData: values.withUnsafeBytes { Data($0) }, bytesPerRow: w * 16, size: CGSize(width: w, height: h), format: .RGBAf, colorSpace: linear)
        let out = Render.linearFloats(source.applyingFilter("CIMedianFilter"), CGRect(x: 0, y: 0, width: w, height: h))
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var window: [Float] = []
                    for dy in -1...1 { for dx in -1...1 { window.append(values[(min(max(y + dy, 0), h - 1) * w + min(max(x + dx, 0), w - 1)) * 4 + c]) } }
                    let expected = window.sorted()[4]
                    let got = out[(y * w + x) * 4 + c]
                    if got != expected { Issue.record("(\(x), \(y)) channel \(c): \(got) ≠ \(expected)"); return }
                }
            }
        }
    }

    /// Dilation and erosion over discs and rectangles (rows cached in the ring, and recomputed for an element too
    /// large for it) equal the extremum over the element computed directly, clear outside the input.
    @Test(arguments: [(CoreImage.Morphology.Operation.maximum, 5.0), (.minimum, 3.5), (.maximum, 12.0)])
    func morphologyEqualsBruteForce(operation: CoreImage.Morphology.Operation, radius: Double) throws {
        let (w, h) = (47, 31)
        let values = Self.randomFloats(count: w * h * 4, seed: 7)
        let linear = CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!
        let source = CIImage(bitmapData: values.withUnsafeBytes { Data($0) }, bytesPerRow: w * 16, size: CGSize(width: w, height: h), format: .RGBAf, colorSpace: linear)
        // The last element is too large for the ring of rows (151 distinct widths × 301 rows): rows are recomputed.
        let kernels = [CoreImage.Morphology.disc(operation, radius: radius), .rectangle(operation, halfWidth: Int(radius), halfHeight: 2),
                       .rectangle(operation, halfWidth: 1, halfHeight: 40), .disc(operation, radius: 150)]
        #expect(!kernels[3].cachesRows(width: w) && kernels[2].cachesRows(width: w))
        for kernel in kernels {
            let image = CIImage(image: source.image.applying(area: kernel))
            let out = Render.linearFloats(image, CGRect(x: 0, y: 0, width: w, height: h))
            let reach = kernel.halfWidths.count / 2
            for y in 0..<h {
                for x in 0..<w {
                    for c in 0..<4 {
                        var best: Float = operation == .maximum ? -.infinity : .infinity
                        for (k, half) in kernel.halfWidths.enumerated() {
                            // Element row k covers dy = k − reach in y-up space; `values` rows are top-down.
                            let sy = y - (k - reach)
                            // Pixels outside the input count as clear (0); inside ones by value.
                            if sy < 0 || sy >= h || x - half < 0 || x + half >= w { best = operation == .maximum ? max(best, 0) : min(best, 0) }
                            guard sy >= 0, sy < h else { continue }
                            for sx in max(x - half, 0)...min(x + half, w - 1) {
                                let v = values[(sy * w + sx) * 4 + c]
                                best = operation == .maximum ? max(best, v) : min(best, v)
                            }
                        }
                        let got = out[(y * w + x) * 4 + c]
                        if got != best { Issue.record("\(kernel.signature) (\(x), \(y)) channel \(c): \(got) ≠ \(best)"); return }
                    }
                }
            }
        }
    }

    /// The affine warp's C sampling equals `Tile.bilinear` / `Tile.nearest` (the reference arithmetic) at every
    /// output pixel, edges and pixels mapped outside the input included.
    @Test(arguments: [SamplingMode.linear, .nearest])
    func affineSamplingEqualsTheTileSamplers(mode: SamplingMode) throws {
        let (w, h) = (23, 17)
        let values = Self.randomFloats(count: w * h * 4, seed: 5)
        let transform = CGAffineTransform(translationX: 11, y: 8).rotated(by: 0.4).scaledBy(x: 1.3, y: 0.8).translatedBy(x: -11, y: -8)
        let kernel = AffineWarp(transform, sampling: mode)
        let out = PixelRect(x: -3, y: -4, width: 31, height: 27)
        var input = values   // y-up rows for the tile: flip the top-down pixels
        for y in 0..<h { for x in 0..<(w * 4) { input[y * w * 4 + x] = values[(h - 1 - y) * w * 4 + x] } }
        var result = [Float](repeating: .nan, count: out.area * 4)
        try input.withUnsafeMutableBufferPointer { inputPixels in
            let tile = Tile(base: inputPixels.baseAddress!, rect: PixelRect(x: 0, y: 0, width: w, height: h), stride: w)
            try result.withUnsafeMutableBufferPointer { outPixels in
                let output = Tile(base: outPixels.baseAddress!, rect: out, stride: out.width)
                var scratch = [Float](repeating: 0, count: 16)   // the warp needs none
                scratch.withUnsafeMutableBufferPointer { scratchPixels in
                    withUnsafePointer(to: tile) { tiles in
                        kernel.render(into: output, inputs: UnsafeBufferPointer(start: tiles, count: 1), scratch: scratchPixels.baseAddress!)
                    }
                }
                let m = kernel.inverse
                for y in out.y..<out.maxY {
                    for x in out.x..<out.maxX {
                        let px = Float(x) + 0.5, py = Float(y) + 0.5
                        let sx = Float(m.a) * px + Float(m.c) * py + Float(m.tx), sy = Float(m.b) * px + Float(m.d) * py + Float(m.ty)
                        let expected = mode == .linear ? tile.bilinear(sx, sy) : tile.nearest(sx, sy)
                        let p = output.pointer(x, y)
                        let got = SIMD4(p[0], p[1], p[2], p[3])
                        try #require(got == expected, "(\(x), \(y)): \(got) ≠ \(expected)")
                    }
                }
            }
        }
    }
}
