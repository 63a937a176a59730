import Foundation

extension FilterCatalog {
    /// CIPerspectiveCorrection: the quadrilateral (topLeft, topRight, bottomRight, bottomLeft) is mapped onto an
    /// upright rectangle of width max(|TR − TL|, |BR − BL|) and height max(|TL − BL|, |TR − BR|) with its origin at
    /// the quadrilateral's bounding-box origin, by the projective map through the four corners, sampled bilinearly.
    /// With `inputCrop` false the whole image is mapped (the output extent grows to hold it).
    static let perspectiveCorrection = FilterDefinition(
        name: "CIPerspectiveCorrection", categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage],
        summary: "Applies a perspective correction, transforming an arbitrary quadrilateral region in the source image to a rectangular output image.",
        parameters: [
            .image(),
            .position("inputTopLeft", 118, 484, summary: "The top left coordinate to map to the image."),
            .position("inputTopRight", 646, 507, summary: "The top right coordinate to map to the image."),
            .position("inputBottomRight", 548, 140, summary: "The bottom right coordinate to map to the image."),
            .position("inputBottomLeft", 155, 153, summary: "The bottom left coordinate to map to the image."),
            .boolean("inputCrop", true, summary: "Whether the output is cropped to the rectangle."),
        ], mac: "10.10", iOS: "8"
    ) { args in
        guard let image = args.image() else { return nil }
        func p(_ key: String) -> SIMD2<Double> { let v = args.point(key); return SIMD2(Double(v.x), Double(v.y)) }
        let tl = p("inputTopLeft"), tr = p("inputTopRight"), br = p("inputBottomRight"), bl = p("inputBottomLeft")
        func length(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
        let w = max(length(tr, tl), length(br, bl)), h = max(length(tl, bl), length(tr, br))
        let origin = SIMD2(min(tl.x, tr.x, br.x, bl.x), min(tl.y, tr.y, br.y, bl.y))
        // Output corners (origin-based rectangle) → quadrilateral corners.
        let outCorners = [origin, origin + SIMD2(w, 0), origin + SIMD2(w, h), origin + SIMD2(0, h)]
        guard w > 0, h > 0, let toInput = Homography(from: outCorners, to: [bl, br, tr, tl]), let toOutput = toInput.inverse else { return nil }
        var extent = CGRect(x: origin.x, y: origin.y, width: w, height: h)
        if !args.bool("inputCrop"), !image.extent.isEffectivelyInfinite {
            let e = image.extent
            let corners = [(e.minX, e.minY), (e.maxX, e.minY), (e.maxX, e.maxY), (e.minX, e.maxY)].map { toOutput.apply(SIMD2(Double($0.0), Double($0.1))) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            if xs.allSatisfy(\.isFinite), ys.allSatisfy(\.isFinite) {
                extent = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            }
        }
        let finalExtent = extent
        let kernel = WarpKernel(name: "perspective", signature: "\(toInput.m)", sampling: image.samplingMode, extent: { _ in finalExtent },
                                roi: { rect in
            let r = rect.cgRect
            let points = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)]
                .map { toInput.apply(SIMD2(Double($0.0), Double($0.1))) }.map { SIMD2(Float($0.x), Float($0.y)) }
            return WarpKernel.bounds(points)
        }) { q in
            let s = toInput.apply(SIMD2(Double(q.x), Double(q.y)))
            return SIMD2(Float(s.x), Float(s.y))
        }
        return image.applying(area: kernel)
    }
}

/// A projective map of the plane (3×3 matrix, row-major, acting on (x, y, 1)).
struct Homography: Sendable {
    let m: [Double]

    init(matrix: [Double]) { m = matrix }

    /// The map taking each `from` point to the matching `to` point (four points), or `nil` when degenerate.
    init?(from: [SIMD2<Double>], to: [SIMD2<Double>]) {
        // Solve the 8×8 linear system for h11…h32 (h33 = 1) by Gaussian elimination.
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y, u, v) = (from[i].x, from[i].y, to[i].x, to[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        for column in 0..<8 {
            guard let pivot = (column..<8).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }), abs(a[pivot][column]) > 1e-12 else { return nil }
            a.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let f = a[row][column] / a[column][column]
                for k in column..<9 { a[row][k] -= f * a[column][k] }
            }
        }
        m = (0..<8).map { a[$0][8] / a[$0][$0] } + [1]
    }

    func apply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return SIMD2((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    var inverse: Homography? {
        let inverted = ColorColorimetry.invert3x3(m)
        return inverted == [1, 0, 0, 0, 1, 0, 0, 0, 1] && m != inverted ? nil : Homography(matrix: inverted)
    }
}
