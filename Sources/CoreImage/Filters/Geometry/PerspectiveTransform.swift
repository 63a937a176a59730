import Foundation

extension FilterCatalog {
    /// CIPerspectiveTransform: the projective map taking the input's extent's corners (bottom left, bottom
    /// right, top right, top left) to the four points; each output pixel centre is mapped back in double
    /// precision and the input sampled there (bilinear unless `samplingNearest()`). Points beyond the map's
    /// horizon are clear. The extent is the four points' bounding box; an input with an infinite extent, or
    /// points that make no projective map (three in a line), give no output.
    static let perspectiveTransform = FilterDefinition(
        name: "CIPerspectiveTransform", display: "Perspective Transform",
        categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage],
        summary: "Alters the geometry of an image to simulate the observer changing viewing position.",
        parameters: [.image()] + PerspectiveMap.corners("The {corner} coordinate to map the image to."), mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        guard !image.extent.isEffectivelyInfinite else { return nil }
        return PerspectiveMap.apply(image, source: image.extent, args)
    }
}

/// The projective warps that take a rectangle to four points (`CIPerspectiveTransform`,
/// `CIPerspectiveTransformWithExtent`).
enum PerspectiveMap {
    /// The four corner parameters, Apple's defaults, in Apple's order.
    static func corners(_ summary: String) -> [FilterParameter] {
        [("inputTopLeft", 118.0, 484.0, "top left"), ("inputTopRight", 646, 507, "top right"),
         ("inputBottomRight", 548, 140, "bottom right"), ("inputBottomLeft", 155, 153, "bottom left")].map {
            .position($0.0, $0.1, $0.2, summary: summary.replacingOccurrences(of: "{corner}", with: $0.3))
        }
    }

    /// `image` warped so the corners of `source` land on the four points.
    static func apply(_ image: Image, source: CGRect, _ args: FilterArguments) -> Image? {
        func p(_ key: String) -> SIMD2<Double> { let v = args.point(key); return SIMD2(Double(v.x), Double(v.y)) }
        return apply(image, source: source, quad: [p("inputBottomLeft"), p("inputBottomRight"), p("inputTopRight"), p("inputTopLeft")])
    }

    /// `image` warped so the corners of `source` (bottom left, bottom right, top right, top left) land on `quad`.
    static func apply(_ image: Image, source: CGRect, quad: [SIMD2<Double>]) -> Image? {
        let rect = [SIMD2(Double(source.minX), Double(source.minY)), SIMD2(Double(source.maxX), Double(source.minY)),
                    SIMD2(Double(source.maxX), Double(source.maxY)), SIMD2(Double(source.minX), Double(source.maxY))]
        guard source.width > 0, source.height > 0, let toInput = Homography(from: quad, to: rect) else { return nil }
        let m = toInput.m
        // The sign of the homogeneous w inside the quadrilateral; points where w has the other sign (or is 0)
        // lie beyond the horizon.
        let inside = quad.reduce(SIMD2<Double>(0, 0), +) / 4
        let sign: Double = m[6] * inside.x + m[7] * inside.y + m[8] < 0 ? -1 : 1
        let xs = quad.map(\.x), ys = quad.map(\.y)
        let extent = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        let inputArea = image.pixelExtent.outset(2, 2)
        let kernel = TileWarp(name: "perspectiveTransform", signature: "\(m)", sampling: image.samplingMode, source: inputArea, roi: { r in
            // w is affine, so if it has the inside sign at the rectangle's corners it has it everywhere in the
            // rectangle, whose image is then the quadrilateral of the mapped corners; otherwise read the whole input.
            let corners = [(r.x, r.y), (r.maxX, r.y), (r.maxX, r.maxY), (r.x, r.maxY)].map { SIMD2(Double($0.0), Double($0.1)) }
            guard corners.allSatisfy({ (m[6] * $0.x + m[7] * $0.y + m[8]) * sign > 1e-12 }) else { return inputArea }
            return TileWarp.bounds(corners.map(toInput.apply))
        }) { q in
            let w = m[6] * q.x + m[7] * q.y + m[8]
            guard w * sign > 1e-12 else { return (q, 0) }
            return (toInput.apply(q), 1)
        }
        return image.applying(area: kernel).cropped(to: extent)
    }
}
