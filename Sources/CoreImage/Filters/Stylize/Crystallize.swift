import Foundation

extension FilterCatalog {
    /// CICrystallize: a Voronoi diagram of jittered seeds, one per square cell `inputRadius` wide (see
    /// ``CellSeeds``; the grid runs through `inputCenter`); every pixel takes the input's colour at its nearest
    /// seed (nearest pixel; a seed beyond the image takes its nearest edge pixel's colour), so each crystal is
    /// one flat colour. The extent is the input's.
    static let crystallize = FilterDefinition(
        name: "CICrystallize", display: "Crystallize", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Creates polygon-shaped color blocks by aggregating source pixel-color values.",
        parameters: [
            .image(),
            .distance(kCIInputRadiusKey, 20, min: 1, sliderMin: 1, sliderMax: 100, identity: 1,
                      summary: "The radius determines how many pixels are used to create the effect. The larger the radius, the larger the resulting crystals."),
            .position(kCIInputCenterKey, 150, 150, summary: "The center of the effect as x and y coordinates."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let c = args.point(kCIInputCenterKey)
        let seeds = CellSeeds(centre: SIMD2(Double(c.x), Double(c.y)), size: max(args.number(kCIInputRadiusKey), 1))
        let grow = Int((2 * seeds.size).rounded(.up)) + 2
        // Any seed nearer than the pixel's own cell's seed lies within two cells: search 5 × 5.
        let kernel = TileWarp(name: "crystallize", signature: "\(seeds)", sampling: .nearest, source: .infinite,
                              roi: { $0.outset(grow, grow) }) { p in (seeds.nearest(p, reach: 2).0, 1) }
        // Seeds beyond the image take the colour of its nearest edge pixel.
        let source = image.extent.isEffectivelyInfinite ? image : image.clamped(to: image.extent)
        return source.applying(area: kernel).cropped(to: image.extent)
    }
}
