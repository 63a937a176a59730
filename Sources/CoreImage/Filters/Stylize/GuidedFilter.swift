import Foundation

extension FilterCatalog {
    /// CIGuidedFilter: the guided filter of He, Sun and Tang (2010), smoothing the image while keeping the guide's
    /// edges. With I the guide's linear Rec. 709 luminance (unpremultiplied), p each premultiplied component of the
    /// image, and mean(·) the box mean over the (2r + 1)² window (r = `inputRadius` rounded, edges repeated beyond
    /// the image): a = (mean(I·p) − mean(I)·mean(p)) / (mean(I²) − mean(I)² + ε), b = mean(p) − a·mean(I), and the
    /// output is mean(a)·I + mean(b) (ε = `inputEpsilon`). Apple publishes the parameters and the method's name; the
    /// guide as a luminance is the choice made here. As on Apple, the image may be smaller than the guide: it is first
    /// stretched (bilinearly) over the guide's extent, which is the output's extent.
    static let guidedFilter = FilterDefinition(
        name: "CIGuidedFilter", display: "Guided Filter", categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage],
        summary: "Upsamples a small image to the size of the guide image using the content of the guide to preserve detail.",
        parameters: [
            .image(),
            FilterParameter("inputGuideImage", .image, summary: "A larger image to use as a guide."),
            .scalar(kCIInputRadiusKey, 1, sliderMin: 1, sliderMax: 10, summary: "The distance from the center of the effect."),
            .scalar("inputEpsilon", 0.0001, sliderMin: 1e-9, sliderMax: 0.1, summary: ""),
        ], mac: "10.14", iOS: "12"
    ) { args in
        guard let image = args.image(), let guide = args.image("inputGuideImage") else { return nil }
        let extent = guide.extent, small = image.extent
        guard !extent.isNull, !extent.isEmpty, !extent.isEffectivelyInfinite, !small.isNull, !small.isEmpty, !small.isEffectivelyInfinite else { return nil }
        let stretch = CGAffineTransform(translationX: -small.minX, y: -small.minY)
            .concatenating(CGAffineTransform(scaleX: extent.width / small.width, y: extent.height / small.height))
            .concatenating(CGAffineTransform(translationX: extent.minX, y: extent.minY))
        let source = small == extent ? image : image.clamped(to: small).transformed(by: stretch).cropped(to: extent)
        let r = Int(min(max(args.number(kCIInputRadiusKey), 0), 500).rounded())
        let epsilon = Float(max(args.number("inputEpsilon"), 1e-12))
        func mean(_ input: Image) -> Image {
            r == 0 ? input : input.clamped(to: extent)
                .applying(area: BoxFilter(name: "guidedBox", radius: r)).cropped(to: extent)
        }
        // I in every component, read over the image's extent.
        let level = guide
            .applying(ClosureKernel(name: "guideLevel", signature: "", arity: 1, unpremultiplied: true) { inputs, _ in
                let l = inputs[0].x * 0.2125 + inputs[0].y * 0.7154 + inputs[0].z * 0.0721
                return SIMD4(l, l, l, 1)
            })
        let product = source.applying(ClosureKernel(name: "guidedProduct", signature: "", arity: 2) { inputs, _ in inputs[0] * inputs[1].x }, [level])
        let square = level.applying(ClosureKernel(name: "guidedSquare", signature: "", arity: 1) { inputs, _ in
            SIMD4(repeating: inputs[0].x * inputs[0].x)
        })
        let meanI = mean(level), meanP = mean(source), meanIP = mean(product), meanII = mean(square)
        let coefficientA = ClosureKernel(name: "guidedA", signature: "\(epsilon)", arity: 4) { inputs, _ in
            let mi = inputs[0].x
            return (inputs[2] - inputs[1] * mi) / (inputs[3].x - mi * mi + epsilon)
        }
        let a = meanI.applying(coefficientA, [meanP, meanIP, meanII])
        let b = meanI.applying(ClosureKernel(name: "guidedB", signature: "", arity: 3) { inputs, _ in
            inputs[1] - inputs[2] * inputs[0].x
        }, [meanP, a])
        return mean(a).applying(ClosureKernel(name: "guidedOut", signature: "", arity: 3) { inputs, _ in
            inputs[0] * inputs[2].x + inputs[1]
        }, [mean(b), level])
    }
}
