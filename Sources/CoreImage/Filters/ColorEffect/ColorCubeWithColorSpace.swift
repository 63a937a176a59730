import Foundation

extension FilterCatalog {
    /// CIColorCubeWithColorSpace: CIColorCube looked up in `inputColorSpace` (working values are converted into
    /// the space, looked up, and converted back).
    static let colorCubeWithColorSpace = FilterDefinition(
        name: "CIColorCubeWithColorSpace", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Uses a three-dimensional color table in a specified colorspace to transform the source image pixels.",
        parameters: [
            .image(),
            .scalar("inputCubeDimension", 2, type: "CIAttributeTypeCount", min: 2, max: 128, identity: 2, summary: "The dimension of the color cube."),
            FilterParameter("inputCubeData", .data, summary: "Data containing a 3-dimensional color table of floating-point premultiplied RGBA values.",
                            default: .data(ColorCubeTable.identityData(dimension: 2))),
            FilterParameter("inputColorSpace", .colorSpace, summary: "The CGColorSpace that defines the RGB values in the color table."),
            .boolean("inputExtrapolate", false, summary: "If true, then the color cube will be extrapolated if the input image contains RGB component values outside the range 0.0 to 1.0."),
        ], mac: "10.9", iOS: "7"
    ) { args in
        guard let image = args.image(), let table = ColorCubeTable(dimension: Int(args.number("inputCubeDimension")), data: args.data("inputCubeData")) else { return nil }
        return ColorCubeTable.apply(table, to: image, from: args.colorSpace("inputColorSpace"))
    }
}
