import Foundation

extension FilterCatalog {
    /// CICannyEdgeDetector: Canny's detector on the image's luminance. L is the linear Rec. 709 luminance of the
    /// premultiplied colour (with `inputPerceptual`, L encoded with the sRGB curve), of the input blurred by a Gaussian
    /// of σ = `inputGaussianSigma` (edges repeated, so the border is no edge). The gradient is Sobel's divided by 8
    /// (a ramp of slope s per pixel gives s), its magnitude m and its direction rounded to 0°, 45°, 90° or 135°.
    /// Non-maximum suppression keeps m where it is larger than the neighbour behind and not smaller than the one
    /// ahead along that direction; kept pixels with m ≥ `inputThresholdHigh` are edges, those with
    /// m ≥ `inputThresholdLow` candidates, and each of `inputHysteresisPasses` passes (at most 20) turns candidates
    /// touching an edge (8-neighbours) into edges. Edges are opaque white, the rest opaque black; the extent is the
    /// input's. Apple publishes the parameters, not its steps' exact rules (the gradient scale, the rounding of
    /// directions, ties); these are the choices made here.
    static let cannyEdgeDetector = FilterDefinition(
        name: "CICannyEdgeDetector", display: "Canny Edge Detector",
        categories: [kCategory.stylize, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Applies the Canny Edge Detection algorithm to an image.",
        parameters: [
            .image(),
            .scalar("inputGaussianSigma", 1.6, min: 0, summary: "The gaussian sigma of blur to apply to the image to reduce high-frequency noise."),
            .scalar("inputPerceptual", 0, type: "CIAttributeTypeBoolean", min: 0, max: 1,
                    summary: "Specifies whether the edge thresholds should be computed in a perceptual color space."),
            .scalar("inputThresholdHigh", 0.05, min: 0, summary: "The threshold that determines if gradient magnitude is a strong edge."),
            .scalar("inputThresholdLow", 0.02, min: 0, summary: "The threshold that determines if gradient magnitude is a weak edge."),
            FilterParameter("inputHysteresisPasses", .number, type: "CIAttributeTypeInteger",
                            summary: "The number of hysteresis passes to apply to promote weak edge pixels.",
                            default: .number(1), min: 0, max: 20),
        ], mac: "14.0", iOS: "17"
    ) { args in
        guard let image = args.image() else { return nil }
        let sigma = args.number("inputGaussianSigma"), perceptual = args.bool("inputPerceptual")
        let passes = Int(min(max(args.number("inputHysteresisPasses").nanToZero.rounded(.down), 0), 20))
        let clamped = image.extent.isEffectivelyInfinite ? image : image.clamped(to: image.extent)
        let blurred = sigma.isFinite && sigma > 0 ? GaussianBlur.apply(clamped, sigma: sigma) : clamped
        let luminance = blurred.applying(ClosureKernel(name: "cannyLuminance", signature: "\(perceptual)", arity: 1) { inputs, _ in
            let l = Luma.of(inputs[0])
            let v = perceptual ? Luma.encode(l) : l
            return SIMD4(v, v, v, 1)
        })
        let kernel = CannyKernel(high: args.float("inputThresholdHigh"), low: args.float("inputThresholdLow"), passes: passes)
        return luminance.applying(area: kernel).cropped(to: image.extent)
    }
}

private extension Double {
    var nanToZero: Double { isNaN ? 0 : self }
}

/// Gradient, non-maximum suppression, double threshold and hysteresis over a luminance image (its red channel),
/// computed per tile over the region the passes can reach (`CICannyEdgeDetector`).
struct CannyKernel: AreaKernel {
    let high: Float
    let low: Float
    let passes: Int
    let name = "canny"
    var signature: String { "\(high) \(low) \(passes)" }
    var margin: Int { passes + 2 }

    func extent(of inputs: [Image]) -> CGRect { inputs.first?.extent ?? .null }
    func isOpaque(inputs: [Image]) -> Bool { true }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(margin, margin) }
    func scratchFloats(width: Int, height: Int) -> Int {
        let w = width + 2 * margin, h = height + 2 * margin
        return 3 * w * h
    }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], m = margin
        let x0 = output.rect.x - m, y0 = output.rect.y - m
        let w = output.rect.width + 2 * m, h = output.rect.height + 2 * m
        let magnitude = scratch, direction = scratch + w * h, state = scratch + 2 * w * h
        func l(_ x: Int, _ y: Int) -> Float { input.pixel(x, y).x }
        // Gradient over the region less one pixel: magnitude and direction (0: horizontal gradient, 1: 45°, 2: vertical, 3: 135°).
        for j in 1..<(h - 1) {
            for i in 1..<(w - 1) {
                let x = x0 + i, y = y0 + j
                let a = l(x - 1, y + 1), b = l(x, y + 1), c = l(x + 1, y + 1), d = l(x - 1, y), f = l(x + 1, y)
                let g = l(x - 1, y - 1), hh = l(x, y - 1), k = l(x + 1, y - 1)
                let gx = ((c + 2 * f + k) - (a + 2 * d + g)) / 8, gy = ((a + 2 * b + c) - (g + 2 * hh + k)) / 8
                magnitude[j * w + i] = (gx * gx + gy * gy).squareRoot()
                var angle = atan2(gy, gx) * (180 / .pi)
                if angle < 0 { angle += 180 }
                direction[j * w + i] = Float(Int((angle / 45).rounded()) % 4)
            }
        }
        // Non-maximum suppression and the double threshold over the region less two pixels: 2 edge, 1 candidate.
        let steps = [(1, 0), (1, 1), (0, 1), (-1, 1)]
        for j in 0..<h {
            for i in 0..<w {
                guard j >= 2, j < h - 2, i >= 2, i < w - 2 else { state[j * w + i] = 0; continue }
                let v = magnitude[j * w + i], (dx, dy) = steps[Int(direction[j * w + i])]
                let ahead = magnitude[(j + dy) * w + i + dx], behind = magnitude[(j - dy) * w + i - dx]
                let kept = v > behind && v >= ahead
                state[j * w + i] = !kept ? 0 : (v >= high ? 2 : (v >= low ? 1 : 0))
            }
        }
        // Hysteresis: each pass promotes candidates with an edge among their 8 neighbours (as of the pass's start).
        for pass in 0..<passes {
            let inset = 2 + pass + 1
            for j in inset..<(h - inset) {
                for i in inset..<(w - inset) where state[j * w + i] == 1 {
                    var touches = false
                    for dy in -1...1 { for dx in -1...1 where state[(j + dy) * w + i + dx] == 2 { touches = true } }
                    if touches { direction[j * w + i] = -1 } // marked; applied after the pass
                }
            }
            for j in inset..<(h - inset) {
                for i in inset..<(w - inset) where direction[j * w + i] == -1 {
                    state[j * w + i] = 2; direction[j * w + i] = 0
                }
            }
        }
        for y in output.rect.y..<output.rect.maxY {
            var p = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                let v: Float = state[(y - y0) * w + (x - x0)] == 2 ? 1 : 0
                p[0] = v; p[1] = v; p[2] = v; p[3] = 1
                p += 4
            }
        }
    }
}
