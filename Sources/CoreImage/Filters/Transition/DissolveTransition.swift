import Foundation

extension FilterCatalog {
    /// CIDissolveTransition: `image + (target − image)·time` on premultiplied colour, `inputTime` limited to
    /// 0…1 (Apple's range): time 0 returns the image and time 1 the target, unchanged and with their own
    /// extents; in between, the extent is the union of the two.
    static let dissolveTransition = FilterDefinition(
        name: "CIDissolveTransition", display: "Dissolve",
        categories: [kCategory.transition, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Uses a dissolve to transition from one image to another.",
        parameters: [
            .image(),
            .image("inputTargetImage", summary: "The target image for a transition."),
            .scalar(kCIInputTimeKey, 0, type: "CIAttributeTypeTime", min: 0, max: 1, sliderMin: 0, sliderMax: 1, identity: 0,
                    summary: "The parametric time of the transition. This value drives the transition from start (at time 0) to end (at time 1)."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image(), let target = args.image("inputTargetImage") else { return nil }
        let time = Float(args.number(kCIInputTimeKey))
        if time <= 0 { return image }
        if time >= 1 { return target }
        let kernel = ClosureKernel(name: "dissolve", signature: "\(time)", arity: 2, extent: { $0[0].extent.union($0[1].extent) },
                                   opaque: { $0[0].isOpaque && $0[1].isOpaque && $0[0].extent == $0[1].extent }) { inputs, _ in
            inputs[0] + (inputs[1] - inputs[0]) * time
        }
        return image.applying(kernel, [target])
    }
}
