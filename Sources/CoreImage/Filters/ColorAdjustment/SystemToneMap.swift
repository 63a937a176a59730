import Foundation

extension FilterCatalog {
    /// The `inputPreferredDynamicRange` values `CISystemToneMap` knows (Apple's `kCIDynamicRange…` strings).
    enum DynamicRange {
        static let standard = "kCIDynamicRangeStandard"
        static let constrainedHigh = "kCIDynamicRangeConstrainedHigh"
        static let high = "kCIDynamicRangeHigh"
    }

    /// CISystemToneMap: the `CIToneMapHeadroom` curve (``HeadroomToneCurve``, extended Reinhard on max(r, g, b), hue
    /// kept) from the image's source headroom S down to a target headroom T chosen by `inputPreferredDynamicRange`:
    /// `kCIDynamicRangeStandard` → T = 1 (SDR, every value ends ≤ 1); `kCIDynamicRangeConstrainedHigh` →
    /// T = √D, half the display's headroom in stops, D = `inputDisplayHeadroom` (1…32); `kCIDynamicRangeHigh`,
    /// nil or any other string → T = D (Apple documents nil as high). Where this differs from Apple: Apple reads S
    /// from the image's `contentHeadroom` (and constrained-high from its average light level) and applies the
    /// system's unpublished curve; images here carry neither property, so S is measured, the largest
    /// unpremultiplied colour component of the image (at least 1), and the curve is CIToneMapHeadroom's. When
    /// S ≤ T, or the image is infinite (no peak can be measured), the image is returned unchanged. Alpha is kept.
    static let systemToneMap = FilterDefinition(
        name: "CISystemToneMap", display: "System Tone Map",
        categories: [kCategory.colorAdjustment, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage,
                     kCategory.highDynamicRange],
        summary: "Apply a global tone curve to an image that reduces colors of the input image to a desired dynamic range consistent with other frameworks.",
        parameters: [
            .image(summary: "Specifies input image with content headroom and average light level properties."),
            .scalar("inputDisplayHeadroom", 1, min: 1, max: 32, summary: "Specifies the current headroom of the intended display."),
            FilterParameter("inputPreferredDynamicRange", .string, display: "Preferred Dynamic Range",
                            summary: "Specifies the preferred dynamic range behavior of the tone mapping. The value should be kCIDynamicRangeStandard, kCIDynamicRangeConstrainedHigh, kCIDynamicRangeHigh or nil. If nil then it will behave as kCIDynamicRangeHigh."),
        ], mac: "26.0", iOS: "26"
    ) { args in
        guard let image = args.image() else { return nil }
        let t = systemToneMapTarget(display: args.number("inputDisplayHeadroom"), preferred: args.string("inputPreferredDynamicRange"))
        guard !image.extent.isEffectivelyInfinite else { return image }
        let area = image.pixelExtent
        guard !area.isEmpty else { return image }
        let peak = image.reducing(PeakComponentKernel(area: area)).clamped(to: CGRect(x: area.x, y: area.y, width: 1, height: 1))
        let kernel = ClosureKernel(name: "systemToneMap", signature: "\(t)", arity: 2, unpremultiplied: true,
                                   extent: { $0[0].extent }, opaque: { $0[0].isOpaque }) { inputs, _ in
            HeadroomToneCurve.map(inputs[0], source: max(inputs[1].x, 1), target: t)
        }
        return image.applying(kernel, [peak])
    }

    /// CISystemToneMap's target headroom for display headroom `display` (limited to 1…32, NaN → 1) and a preferred
    /// dynamic range string.
    static func systemToneMapTarget(display: Double, preferred: String?) -> Float {
        let d = display.isNaN ? 1 : Float(min(max(display, 1), 32))
        switch preferred {
        case DynamicRange.standard?: return 1
        case DynamicRange.constrainedHigh?: return d.squareRoot()
        default: return d
        }
    }
}
