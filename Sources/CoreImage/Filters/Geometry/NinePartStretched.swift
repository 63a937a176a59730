import Foundation

extension FilterCatalog {
    /// CINinePartStretched: the image is cut by two vertical and two horizontal lines (the breakpoints, relative
    /// to the extent's origin) and grows by `inputGrowAmount`: corners keep their size, the middle column and row
    /// stretch to take the growth. Output extent: the input's, `growAmount` larger.
    static let ninePartStretched = FilterDefinition(
        name: "CINinePartStretched", categories: [kCategory.distortionEffect, kCategory.video, kCategory.stillImage],
        summary: "Distorts an image by stretching an image based on two input breakpoints.",
        parameters: [
            .image(),
            .position("inputBreakpoint0", 50, 50, summary: "Lower left corner of image to retain before stretching begins."),
            .position("inputBreakpoint1", 150, 150, summary: "Upper right corner of image to retain after stretching ends."),
            .offset("inputGrowAmount", 100, 100, summary: "Vector indicating how much image should grow in pixels in both dimensions."),
        ], mac: "10.12", iOS: "10"
    ) { args in
        guard let image = args.image() else { return nil }
        return NinePart.apply(image, args, tiled: false)
    }
}

/// The nine-part maps: output coordinate → input coordinate along one axis.
enum NinePart {
    struct Axis: Sendable {
        var origin: Float, b0: Float, b1: Float, grow: Float
        /// Stretched: the middle section [b0, b1] spans [b0, b1 + grow].
        func stretched(_ v: Float) -> Float {
            let t = v - origin
            if t <= b0 { return v }
            if t >= b1 + grow { return v - grow }
            let span = max(b1 + grow - b0, 1e-6)
            return origin + b0 + (t - b0) * (b1 - b0) / span
        }
        /// Tiled: the middle section repeats; `flip` mirrors every other tile.
        func tiled(_ v: Float, flip: Bool) -> Float {
            let t = v - origin
            if t <= b0 { return v }
            if t >= b1 + grow { return v - grow }
            let period = max(b1 - b0, 1e-6)
            let k = ((t - b0) / period).rounded(.down)
            var f = (t - b0) - k * period
            if flip && Int(k) % 2 != 0 { f = period - f }
            return origin + b0 + f
        }
    }

    static func apply(_ image: Image, _ args: FilterArguments, tiled: Bool) -> Image {
        let e = image.extent
        guard !e.isEffectivelyInfinite, !e.isNull else { return image }
        let p0 = args.point("inputBreakpoint0"), p1 = args.point("inputBreakpoint1"), grow = args.vector("inputGrowAmount")
        let gx = Float(grow.first ?? 0), gy = Float(grow.count > 1 ? grow[1] : 0)
        let x = Axis(origin: Float(e.minX), b0: Float(min(p0.x, p1.x)), b1: Float(max(p0.x, p1.x)), grow: max(gx, 0))
        let y = Axis(origin: Float(e.minY), b0: Float(min(p0.y, p1.y)), b1: Float(max(p0.y, p1.y)), grow: max(gy, 0))
        let flip = tiled && args.bool("inputFlipYTiles")
        let extent = CGRect(x: e.minX, y: e.minY, width: e.width + CGFloat(x.grow), height: e.height + CGFloat(y.grow))
        let input = image.pixelExtent
        let kernel = WarpKernel(name: tiled ? "ninePartTiled" : "ninePartStretched", signature: "\(x) \(y) \(flip)",
                                sampling: image.samplingMode, extent: { _ in extent },
                                roi: { _ in input.outset(1, 1) }) { q in
            tiled ? SIMD2(x.tiled(q.x, flip: false), y.tiled(q.y, flip: flip)) : SIMD2(x.stretched(q.x), y.stretched(q.y))
        }
        return image.applying(area: kernel)
    }
}
