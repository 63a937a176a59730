internal import CPixelKernels
import Foundation

/// A blur whose strength varies per pixel (`CIMaskedVariableBlur`): input 1 (the mask) sets the standard
/// deviation, σ = radius × clamp(luminance(mask), 0, 1). The image is blurred at five levels
/// σ = 0, r/4, r/2, 3r/4, r and each pixel interpolates linearly between the two levels around its σ.
package struct VariableBlur: AreaKernel {
    package let radius: Double
    package let name = "maskedVariableBlur"
    package var signature: String { "r=\(radius)" }
    package let arity = 2
    let levels: [[Float]]
    let reach: Int

    package init(radius: Double) {
        self.radius = radius
        levels = (1...4).map { SeparableConvolution.gaussianWeights(sigma: radius * Double($0) / 4) }
        reach = levels.last!.count / 2
    }

    package func extent(of inputs: [Image]) -> CGRect { inputs[0].extent }
    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { input == 0 ? rect.outset(reach, reach) : rect }
    package func scratchFloats(width: Int, height: Int) -> Int { width * (height + 2 * reach) * 4 + 4 * width * height * 4 }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let image = inputs[0], mask = inputs[1], rect = output.rect
        let horizontal = scratch
        let blurred = scratch + rect.width * (rect.height + 2 * reach) * 4
        for (level, weights) in levels.enumerated() {
            let r = weights.count / 2
            let rows = rect.height + 2 * r
            weights.withUnsafeBufferPointer { w in
                pk_ci_convolve_rows(image.pointer(rect.x - r, rect.y - r), image.stride, horizontal, rect.width,
                                    Int32(rect.width), Int32(rows), w.baseAddress, Int32(w.count))
                pk_ci_convolve_columns(horizontal, rect.width, blurred + level * rect.area * 4, rect.width,
                                       Int32(rect.width), Int32(rect.height), w.baseAddress, Int32(w.count))
            }
        }
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                var m = mask.pixel(x, y)
                if m.w > 0 { m /= SIMD4(m.w, m.w, m.w, 1) }
                let t = min(max(m.x * 0.2125 + m.y * 0.7154 + m.z * 0.0721, 0), 1) * 4
                let k = min(Int(t), 3), f = t - Float(k)
                let offset = ((y - rect.y) * rect.width + (x - rect.x)) * 4
                func level(_ i: Int) -> SIMD4<Float> {
                    if i == 0 { return image.pixel(x, y) }
                    let p = blurred + (i - 1) * rect.area * 4 + offset
                    return SIMD4(p[0], p[1], p[2], p[3])
                }
                let v = level(k) * (1 - f) + level(k + 1) * f
                let p = output.pointer(x, y)
                p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
            }
        }
    }
}
