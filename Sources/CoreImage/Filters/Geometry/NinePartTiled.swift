import Foundation

extension FilterCatalog {
    /// CINinePartTiled: like CINinePartStretched, but the middle column and row repeat (tile) to fill the growth;
    /// with `inputFlipYTiles` every other tile along y is mirrored.
    static let ninePartTiled = FilterDefinition(
        name: "CINinePartTiled", categories: [kCategory.distortionEffect, kCategory.video, kCategory.stillImage],
        summary: "Distorts an image by tiling an image based on two input breakpoints.",
        parameters: [
            .image(),
            .position("inputBreakpoint0", 50, 50, summary: "Lower left corner of image to retain before tiling begins."),
            .position("inputBreakpoint1", 150, 150, summary: "Upper right corner of image to retain after tiling ends."),
            .offset("inputGrowAmount", 100, 100, summary: "Vector indicating how much image should grow in pixels in both dimensions."),
            .boolean("inputFlipYTiles", true, summary: "Indicates that Y-Axis flip should occur."),
        ], mac: "10.12", iOS: "10"
    ) { args in
        guard let image = args.image() else { return nil }
        return NinePart.apply(image, args, tiled: true)
    }
}
