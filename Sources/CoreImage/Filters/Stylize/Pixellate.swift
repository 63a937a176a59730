import Foundation

extension FilterCatalog {
    /// CIPixellate: the image divided into squares `inputScale` wide aligned on `inputCenter`; every pixel of a
    /// square takes the input's colour at the square's centre (nearest pixel).
    static let pixellate = FilterDefinition(
        name: "CIPixellate", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Makes an image blocky by mapping the image to colored squares whose color is defined by the replaced pixels.",
        parameters: [
            .image(),
            .position(kCIInputCenterKey, 150, 150, summary: "The x and y position to use as the center of the effect"),
            .distance(kCIInputScaleKey, 8, min: 1, sliderMin: 1, sliderMax: 100, summary: "The scale determines the size of the squares. Larger values result in larger squares."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        let c = args.point(kCIInputCenterKey)
        // Squares are at most 2000 px wide (as CIMotionBlur's radius is bounded): a stored scale of 1e300 is
        // infinite as a Float and trapped converting the region of interest to Int, and 1e5 asked for a 600 GB one.
        // A sample is at most half a square from the pixel it fills, so that is how far the region reaches.
        let center = SIMD2(Float(c.x), Float(c.y)), scale = min(max(args.float(kCIInputScaleKey), 1), Self.largestPixellateScale)
        let kernel = WarpKernel(name: "pixellate", signature: "\(center) \(scale)", sampling: .nearest, extent: { $0[0].extent },
                                roi: { $0.outset(Int((scale / 2).rounded(.up)) + 1, Int((scale / 2).rounded(.up)) + 1) }) { p in
            let cell = ((p - center) / scale).rounded(.down)
            return center + (cell + 0.5) * scale
        }
        return image.applying(area: kernel)
    }

    /// The largest `inputScale` CIPixellate uses (larger values give squares of this size).
    static let largestPixellateScale: Float = 2000
}
