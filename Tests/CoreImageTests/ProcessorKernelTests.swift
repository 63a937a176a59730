import Foundation
import _Testing_CoreImage

/// The WWDC 2016 example: an integral image computed by a CPU `CIImageProcessorKernel` (BGRA8 in, RGBAf out),
/// then a variable box blur (four integral reads per pixel) whose radius comes from a `CIRadialGradient` mask.
final class IntegralImageProcessor: CIImageProcessorKernel {
    nonisolated(unsafe) static var calls = 0
    static let lock = NSLock()

    override class func formatForInput(at input: Int32) -> CIFormat { .BGRA8 }
    override class var outputFormat: CIFormat { .RGBAf }

    /// Output (x, y) sums every input pixel at or below-left of it inside the image, so it needs the input from
    /// the image's origin up to the output rectangle's far corner.
    override class func roi(forInput input: Int32, arguments: [String: Any]?, outputRect: CGRect) -> CGRect {
        let extent = arguments?["extent"] as! CGRect
        return CGRect(x: extent.minX, y: extent.minY, width: outputRect.maxX - extent.minX, height: outputRect.maxY - extent.minY)
    }

    override class func process(with inputs: [CIImageProcessorInput]?, arguments: [String: Any]?, output: CIImageProcessorOutput) throws {
        lock.lock(); calls += 1; lock.unlock()
        guard let input = inputs?.first else { return }
        let inRegion = input.region, outRegion = output.region
        let width = Int(inRegion.width), height = Int(inRegion.height)
        // Running sums over the whole input region (rows bottom-up), then copy the output region out.
        var sums = [SIMD4<Float>](repeating: .zero, count: width * height)
        for y in 0..<height {
            var row = SIMD4<Float>.zero
            let bytes = input.baseAddress + y * input.bytesPerRow
            for x in 0..<width {
                let p = bytes + x * 4  // BGRA
                row += SIMD4(Float(p.load(fromByteOffset: 2, as: UInt8.self)), Float(p.load(fromByteOffset: 1, as: UInt8.self)),
                             Float(p.load(as: UInt8.self)), Float(p.load(fromByteOffset: 3, as: UInt8.self))) / 255
                sums[y * width + x] = row + (y > 0 ? sums[(y - 1) * width + x] : .zero)
            }
        }
        for y in 0..<Int(outRegion.height) {
            let target = (output.baseAddress + y * output.bytesPerRow).assumingMemoryBound(to: Float.self)
            for x in 0..<Int(outRegion.width) {
                let sx = Int(outRegion.minX - inRegion.minX) + x, sy = Int(outRegion.minY - inRegion.minY) + y
                let v = sums[sy * width + sx]
                target[x * 4] = v.x; target[x * 4 + 1] = v.y; target[x * 4 + 2] = v.z; target[x * 4 + 3] = v.w
            }
        }
    }
}

@Suite(.serialized) struct ProcessorKernelTests {
    static let baseRadius: Float = 4

    /// The variable box blur over the integral image: radius = base × mask red, box clamped to the image.
    static func variableBoxBlur(integral: CIImage, mask: CIImage, extent: CGRect) -> CIImage? {
        let r = baseRadius
        let kernel = CIKernel(name: "variableBoxBlur") { context in
            let p = context.destCoord
            let radius = (context.sample(1).x * r).rounded()
            // Box [x0, x1] × [y0, y1] in pixel indices, clamped to the image.
            let px = Float(p.x - 0.5), py = Float(p.y - 0.5)
            let x0 = max(px - radius, Float(extent.minX)), x1 = min(px + radius, Float(extent.maxX) - 1)
            let y0 = max(py - radius, Float(extent.minY)), y1 = min(py + radius, Float(extent.maxY) - 1)
            func integralAt(_ x: Float, _ y: Float) -> SIMD4<Float> {
                x < Float(extent.minX) || y < Float(extent.minY) ? .zero : context.sample(0, at: CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5))
            }
            let sum = integralAt(x1, y1) - integralAt(x0 - 1, y1) - integralAt(x1, y0 - 1) + integralAt(x0 - 1, y0 - 1)
            return sum / ((x1 - x0 + 1) * (y1 - y0 + 1))
        }
        return kernel.apply(extent: extent, roiCallback: { index, rect in
            index == 0 ? rect.insetBy(dx: -CGFloat(r) - 1, dy: -CGFloat(r) - 1) : rect
        }, arguments: [integral, mask])
    }

    /// The blur radius mask for a 40×30 image: 0 within 3 px of (20, 15), rising to 1 at 15 px.
    static func radialMask() -> CIImage {
        CIFilter(name: "CIRadialGradient", parameters: [
            "inputCenter": CIVector(x: 20, y: 15), "inputRadius0": 3, "inputRadius1": 15,
            "inputColor0": CIColor(red: 0, green: 0, blue: 0), "inputColor1": CIColor(red: 1, green: 1, blue: 1)])!.outputImage!
    }

    @Test func integralImageAndVariableBoxBlur() throws {
        let image = TestImages.patternImage(width: 40, height: 30)
        let extent = image.extent
        let integral = try IntegralImageProcessor.apply(withExtent: extent, inputs: [image], arguments: ["extent": extent])
        let mask = Self.radialMask()
        let blurred = try #require(Self.variableBoxBlur(integral: integral, mask: mask, extent: extent))
        let context = CIContext(options: [.workingFormat: CIFormat.RGBAf])
        let out = Render.linearFloats(blurred, extent, context: context)
        #expect(context.lastRenderStatistics.programDescription.contains("processor IntegralImageProcessor"))

        let worst = Self.differenceFromBruteForce(out, image: image, context: context)
        #expect(worst < 1e-4, "max |difference| \(worst)")
    }

    /// The largest difference between a 40×30 variable box blur (mask: the radial gradient above) and the same
    /// box means computed directly from the BGRA8-quantized working pixels.
    static func differenceFromBruteForce(_ out: [Float], image: CIImage, context: CIContext) -> Float {
        let extent = image.extent
        let linear = Render.linearFloats(image, extent, context: context)
        let quantized = linear.map { (min(max($0, 0), 1) * 255).rounded() / 255 }
        let w = 40, h = 30
        func input(_ x: Int, _ y: Int) -> SIMD4<Float> {  // y up; the rendered rows are top-down
            let i = ((h - 1 - y) * w + x) * 4
            return SIMD4(quantized[i], quantized[i + 1], quantized[i + 2], quantized[i + 3])
        }
        var worst: Float = 0
        for y in 0..<h {
            for x in 0..<w {
                let d = ((Float(x) + 0.5 - 20) * (Float(x) + 0.5 - 20) + (Float(y) + 0.5 - 15) * (Float(y) + 0.5 - 15)).squareRoot()
                let m = min(max((d - 3) / 12, 0), 1)
                let r = Int((m * Self.baseRadius).rounded())
                var sum = SIMD4<Float>.zero, n: Float = 0
                for yy in max(0, y - r)...min(h - 1, y + r) { for xx in max(0, x - r)...min(w - 1, x + r) { sum += input(xx, yy); n += 1 } }
                let expected = sum / n
                let i = ((h - 1 - y) * w + x) * 4
                for c in 0..<4 { worst = max(worst, abs(out[i + c] - expected[c])) }
            }
        }
        return worst
    }

    @Test func processorOutputIsCachedByDigestSoOnlyTheBlurReruns() throws {
        let image = TestImages.patternImage(width: 24, height: 16)
        let extent = image.extent
        let integral = try IntegralImageProcessor.apply(withExtent: extent, inputs: [image], arguments: ["extent": extent])
        let context = CIContext()
        IntegralImageProcessor.lock.lock(); IntegralImageProcessor.calls = 0; IntegralImageProcessor.lock.unlock()
        for center in [CIVector(x: 5, y: 5), CIVector(x: 15, y: 8)] {
            let mask = CIFilter(name: "CIRadialGradient", parameters: ["inputCenter": center, "inputRadius0": 2, "inputRadius1": 9])!.outputImage!
            _ = Render.linearFloats(try #require(Self.variableBoxBlur(integral: integral, mask: mask, extent: extent)), extent, context: context)
        }
        IntegralImageProcessor.lock.lock(); let calls = IntegralImageProcessor.calls; IntegralImageProcessor.lock.unlock()
        #expect(calls == 1, "the integral image should be computed once, then served from the cache")
        #expect(context.lastRenderStatistics.intermediateCacheHits >= 1)

        let uncached = CIContext(options: [.cacheIntermediates: false])
        let mask = CIFilter(name: "CIRadialGradient")!.outputImage!
        _ = Render.linearFloats(try #require(Self.variableBoxBlur(integral: integral, mask: mask, extent: extent)), extent, context: uncached)
        _ = Render.linearFloats(try #require(Self.variableBoxBlur(integral: integral, mask: mask, extent: extent)), extent, context: uncached)
        IntegralImageProcessor.lock.lock(); let after = IntegralImageProcessor.calls; IntegralImageProcessor.lock.unlock()
        #expect(after == 3)
    }

    @Test func unsupportedFormatsAreReportedAsErrors() {
        final class Odd: CIImageProcessorKernel {
            override class var outputFormat: CIFormat { CIFormat(rawValue: 9999) }
        }
        #expect(throws: CIImageProcessorKernelError.self) { try Odd.apply(withExtent: .zero, inputs: nil, arguments: nil) }
    }
}
