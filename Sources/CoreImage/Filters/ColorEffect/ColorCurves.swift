import Foundation

extension FilterCatalog {
    /// CIColorCurves: a one-dimensional table per colour channel. `inputCurvesData` holds N RGB entries of
    /// 32-bit floats (12 bytes each; N ≥ 1); each unpremultiplied component v, taken into `inputColorSpace` when one
    /// is given (else looked up in the working space), is placed on the table by t = (v − d₀)/(d₁ − d₀) limited to
    /// 0…1 (`inputCurvesDomain` = (d₀, d₁)), read at t·(N − 1) with linear interpolation between neighbouring
    /// entries of its own channel, and converted back; alpha is kept. The default table is the identity
    /// (0, ½, 1 in every channel). Data whose length is not a whole number of entries, or a domain with d₁ ≤ d₀,
    /// gives no output.
    static let colorCurves = FilterDefinition(
        name: "CIColorCurves", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Uses a three-channel one-dimensional color table to transform the source image pixels.",
        parameters: [
            .image(),
            FilterParameter("inputCurvesData", .data, summary: "Data containing a color table of floating-point RGB values.",
                            default: .data(CurvesTable.identityData)),
            FilterParameter("inputCurvesDomain", .vector, summary: "A two-element vector that defines the minimum and maximum RGB component values that are used to look up result values from the color table.",
                            default: .vector([0, 1])),
            FilterParameter("inputColorSpace", .colorSpace, summary: "The CGColorSpace that defines the RGB values in the color table."),
        ], mac: "10.13", iOS: "11"
    ) { args in
        let domain = args.vector("inputCurvesDomain")
        guard let image = args.image(), let table = CurvesTable(data: args.data("inputCurvesData")), domain.count >= 2,
              domain[1] > domain[0], domain[0].isFinite, domain[1].isFinite else { return nil }
        let space = args.colorSpace("inputColorSpace")
        var input = image
        if let space { input = Image(.colorMatch(.fromWorking(space), input), extent: input.extent, isOpaque: input.isOpaque) }
        let low = Float(domain[0]), span = Float(domain[1] - domain[0])
        var digest = Digest()
        table.entries.withUnsafeBytes { digest.add($0) }
        var output = input.mapping("colorCurves", "\(digest.value) \(low) \(span)") { p in
            SIMD4(table.value((p.x - low) / span, channel: 0), table.value((p.y - low) / span, channel: 1),
                  table.value((p.z - low) / span, channel: 2), p.w)
        }
        if let space { output = Image(.colorMatch(.toWorking(space), output), extent: output.extent, isOpaque: output.isOpaque) }
        return output
    }
}

/// The RGB entries of `CIColorCurves`.
struct CurvesTable: Sendable {
    /// R, G, B of every entry, in order.
    let entries: [Float]
    var count: Int { entries.count / 3 }

    /// The identity: entries 0, ½, 1.
    static let identityData: Data = [Float](arrayLiteral: 0, 0, 0, 0.5, 0.5, 0.5, 1, 1, 1).withUnsafeBytes { Data($0) }

    /// The table in `data` (native-endian floats), or `nil` when it is not a whole, non-empty number of entries.
    init?(data: Data?) {
        guard let data, data.count >= 12, data.count % 12 == 0 else { return nil }
        entries = data.withUnsafeBytes { raw in (0..<(data.count / 4)).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: Float.self) } }
    }

    /// The channel's value at `t` (0…1 along the table, limited), interpolated linearly.
    @inline(__always)
    func value(_ t: Float, channel: Int) -> Float {
        let n = count
        guard n > 1 else { return entries[channel] }
        let x = min(max(t.isNaN ? 0 : t, 0), 1) * Float(n - 1)
        let i = min(Int(x), n - 2)
        let f = x - Float(i)
        let a = entries[i * 3 + channel], b = entries[(i + 1) * 3 + channel]
        return a + (b - a) * f
    }
}
