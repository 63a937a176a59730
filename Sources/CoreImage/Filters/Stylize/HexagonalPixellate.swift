import Foundation

extension FilterCatalog {
    /// CIHexagonalPixellate: the plane is divided into the hexagonal cells of a triangular lattice whose
    /// points are `inputScale` apart (one on `inputCenter`, a lattice side along the x axis, so the hexagons
    /// are `inputScale` across their flats); every pixel takes the input's colour at its cell's centre (the
    /// nearest lattice point, sampled at the nearest pixel, as `CIPixellate` does). The extent is the input's.
    static let hexagonalPixellate = FilterDefinition(
        name: "CIHexagonalPixellate", display: "Hexagonal Pixelate", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Displays an image as colored hexagons whose color is an average of the pixels they replace.",
        parameters: [
            .image(),
            .position(kCIInputCenterKey, 150, 150, summary: "The x and y position to use as the center of the effect"),
            .distance(kCIInputScaleKey, 8, min: 1, sliderMin: 1, sliderMax: 100, identity: 1,
                      summary: "The scale determines the size of the hexagons. Larger values result in larger hexagons."),
        ], mac: "10.5", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let scale = max(args.number(kCIInputScaleKey), 1)
        let lattice = TileGeometry.Lattice(centre: args.point(kCIInputCenterKey), width: scale, angle: 0, between: Double.pi / 3)
        let reach = Int(scale.rounded(.up)) + 2
        let kernel = TileWarp(name: "hexagonalPixellate", signature: "\(lattice)", sampling: .nearest, source: .infinite,
                              roi: { $0.outset(reach, reach) }) { p in
            (p - TileGeometry.hexagonalOffset(lattice, p), 1)
        }
        return image.applying(area: kernel).cropped(to: image.extent)
    }
}
