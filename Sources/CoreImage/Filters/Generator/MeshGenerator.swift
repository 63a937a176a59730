import Foundation

/// Line segments (x0, y0, x1, y1) as `CIMeshGenerator` reads them from its `inputMesh` array of `CIVector`s.
package typealias MeshSegments = [SIMD4<Double>]

extension FilterCatalog {
    /// CIMeshGenerator: the line segments of `inputMesh` (`CIVector`s x0, y0, x1, y1) drawn `inputWidth` wide in
    /// `inputColor`. A pixel's coverage by one segment is clamp(w/2 + ½ − d, 0, 1), d the distance from the pixel
    /// centre to the segment (so ends are round, edges anti-aliased over one pixel, and a width of 0, the minimum, a
    /// faint line of half coverage); where segments overlap
    /// the largest coverage counts (joints are not darkened twice). The output is colour × coverage over the
    /// segments' bounding box grown by w/2 + 1 (rounded out to whole pixels). An empty mesh gives an empty image,
    /// no mesh none; segments with a non-finite coordinate are skipped. Apple documents the inputs, not how it
    /// rasterises them: the cap shape, the anti-aliasing and the overlap rule are this engine's choices.
    static let meshGenerator = FilterDefinition(
        name: "CIMeshGenerator", display: "Mesh Generator",
        categories: [kCategory.generator, kCategory.video, kCategory.stillImage],
        summary: "Generates a mesh from an array of line segments.",
        parameters: [
            .distance(kCIInputWidthKey, 1.5, min: 0, sliderMin: 0, sliderMax: 20, summary: "The width in pixels of the effect."),
            .color(kCIInputColorKey, FilterColor(1, 1, 1, 1), summary: "A color."),
            FilterParameter("inputMesh", .segmentArray, display: "Mesh", summary: "An array of line segments stored as an array of CIVectors each containing a start point and end point."),
        ],
        mac: "10.14", iOS: "12"
    ) { args in
        guard let mesh = args.object("inputMesh", as: MeshSegments.self) else { return nil }
        let limit = FilterArguments.magnitudeLimit
        let segments = mesh.filter { s in (0..<4).allSatisfy { s[$0].isFinite } }
            .map { s in SIMD4((0..<4).map { min(max(s[$0], -limit), limit) }) }
        guard !segments.isEmpty else { return .empty }
        return .generating(MeshKernel(segments: segments, width: args.number(kCIInputWidthKey),
                                      color: args.color(kCIInputColorKey).premultipliedWorking))
    }
}

/// Anti-aliased line segments of one width times a premultiplied colour.
struct MeshKernel: PixelKernel {
    let segments: MeshSegments
    /// Half the line width plus the half pixel of the anti-aliasing ramp: the reach of a segment's coverage.
    let reach: Double
    let halfWidth: Double
    let color: SIMD4<Float>
    let bounds: CGRect
    let name = "mesh"
    let arity = 0
    var signature: String { "\(segments) \(halfWidth) \(color)" }

    init(segments: MeshSegments, width: Double, color: SIMD4<Float>) {
        self.segments = segments
        halfWidth = max(width, 0) / 2
        reach = halfWidth + 0.5
        self.color = color
        var box = CGRect.null
        for s in segments {
            box = box.union(CGRect(x: min(s.x, s.z), y: min(s.y, s.w), width: abs(s.z - s.x), height: abs(s.w - s.y)))
        }
        bounds = PixelRect(covering: box.insetBy(dx: -(halfWidth + 1), dy: -(halfWidth + 1))).cgRect
    }

    func extent(of inputs: [Image]) -> CGRect { bounds }
    func isOpaque(inputs: [Image]) -> Bool { false }

    /// The distance from `p` to the segment `s`.
    @inline(__always)
    static func distance(_ p: SIMD2<Double>, _ s: SIMD4<Double>) -> Double {
        let a = SIMD2(s.x, s.y), d = SIMD2(s.z, s.w) - a, v = p - a
        let length2 = (d * d).sum()
        let t = length2 > 0 ? min(max((v * d).sum() / length2, 0), 1) : 0
        let e = v - t * d
        return (e * e).sum().squareRoot()
    }

    func apply(_ span: PixelSpan) {
        let y = Double(span.y) + 0.5
        // Only the segments whose reach covers this row.
        let row = segments.filter { min($0.y, $0.w) - reach < y && max($0.y, $0.w) + reach > y }
        for i in 0..<span.count {
            let p = SIMD2(Double(span.x + i) + 0.5, y)
            var coverage = 0.0
            for s in row where coverage < 1 {
                coverage = max(coverage, min(max(reach - Self.distance(p, s), 0), 1))
            }
            let v = color * Float(coverage), out = span.pixels + i * 4
            out[0] = v.x; out[1] = v.y; out[2] = v.z; out[3] = v.w
        }
    }
}
