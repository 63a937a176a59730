import Foundation
import _Testing_CoreImage

/// Custom kernels written in Swift (the Linux stand-in for the kernel language).
@Suite struct CustomKernelTests {
    @Test func colorKernelFusesWithBuiltInFilters() {
        let swap = CIColorKernel(name: "swapRedBlue") { context in
            let p = context.sample(0)
            return SIMD4(p.z, p.y, p.x, p.w) * context.value(0)
        }
        let image = TestImages.patternImage(width: 16, height: 12)
        let out = swap.apply(extent: image.extent, arguments: [image.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 1.0]), 0.5])!
        let context = CIContext()
        let result = Render.linearFloats(out, image.extent, context: context)
        let base = Render.linearFloats(image, image.extent)
        for i in stride(from: 0, to: base.count, by: 4) {
            #expect(abs(result[i] - base[i + 2]) < 1e-5 && abs(result[i + 2] - base[i]) < 1e-5)
        }
        #expect(context.lastRenderStatistics.passes == 1)
    }

    @Test func outputFormatAttributeLimitsChannelsAndPrecision() {
        let kernel = CIColorKernel(name: "halfRed", outputFormat: .Rh) { _ in SIMD4(0.123456789, 0.5, 0.5, 0.5) }
        let image = kernel.apply(extent: CGRect(x: 0, y: 0, width: 2, height: 2), arguments: [])!
        let values = Render.floats(image, image.extent, colorSpace: nil)
        #expect(values[0] == Float(Float16(0.123456789)))
        #expect(values[1] == 0 && values[2] == 0 && values[3] == 1)
    }

    @Test func warpKernelMapsPositions() {
        let mirror = CIWarpKernel(name: "mirror") { p in CGPoint(x: 16 - p.x, y: p.y) }
        let image = TestImages.patternImage(width: 16, height: 12)
        let out = mirror.apply(extent: image.extent, roiCallback: { _, _ in image.extent }, image: image, arguments: [])!
        let a = Render.linearFloats(out, image.extent), b = Render.linearFloats(image.oriented(.upMirrored), image.extent)
        #expect(Render.maxDifference(a, b) < 1e-6)
    }

    @Test func blendKernelMatchesTheFilter() {
        let a = TestImages.alphaPattern(seed: 0), b = TestImages.alphaPattern(seed: 1)
        let viaKernel = CIBlendKernel.multiply.apply(foreground: a, background: b)!
        let viaFilter = a.applyingFilter("CIMultiplyBlendMode", parameters: [kCIInputBackgroundImageKey: b])
        #expect(Render.linearFloats(viaKernel, a.extent) == Render.linearFloats(viaFilter, a.extent))
    }

}
