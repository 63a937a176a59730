import Foundation

extension FilterCatalog {
    /// CIPointillize: round dots of radius `inputRadius`, one per square cell twice that wide (jittered seeds,
    /// see ``CellSeeds``; the grid runs through `inputCenter`), each the input's colour at its centre (nearest
    /// pixel; a seed beyond the image takes its nearest edge pixel's colour). Between the dots the output is clear (Apple does not document its background; composite over a
    /// colour for another). The extent is the input's.
    static let pointillize = FilterDefinition(
        name: "CIPointillize", display: "Pointillize", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Renders the source image in a pointillistic style.",
        parameters: [
            .image(),
            .distance(kCIInputRadiusKey, 20, min: 1, sliderMin: 1, sliderMax: 100, identity: 1, summary: "The radius of the circles in the resulting pattern."),
            .position(kCIInputCenterKey, 150, 150, summary: "The x and y position to use as the center of the effect"),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let c = args.point(kCIInputCenterKey)
        let radius = max(args.number(kCIInputRadiusKey), 1)
        let seeds = CellSeeds(centre: SIMD2(Double(c.x), Double(c.y)), size: 2 * radius)
        let grow = Int((2 * seeds.size).rounded(.up)) + 2
        // A dot reaching a pixel lies in its cell or a neighbour (cells are twice the radius wide): search 3 × 3.
        let kernel = TileWarp(name: "pointillize", signature: "\(seeds)", sampling: .nearest, source: .infinite,
                              roi: { $0.outset(grow, grow) }) { p in
            let (seed, distance) = seeds.nearest(p, reach: 1)
            return (seed, distance <= radius * radius ? 1 : 0)
        }
        // Seeds beyond the image take the colour of its nearest edge pixel.
        let source = image.extent.isEffectivelyInfinite ? image : image.clamped(to: image.extent)
        return source.applying(area: kernel).cropped(to: image.extent)
    }
}
