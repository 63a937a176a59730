import Foundation

extension FilterCatalog {
    /// CIComicEffect: a comic-book rendition in three existing stages, composed the way Apple's filter is (its
    /// implementation applies `CILineOverlay` and `CISpotColor` → `CICMYKHalftone` and composites the first over the
    /// second): the ink lines are `CILineOverlay` with its defaults (noise level 0.07, sharpness 0.71, edge intensity 1,
    /// threshold 0.1, contrast 50), and the page beneath is `CISpotColor` with its defaults followed by
    /// `CICMYKHalftone`; the output is lines + page·(1 − line alpha) (Porter-Duff source over, premultiplied). Apple
    /// passes its own, unpublished, halftone parameters; here the halftone's defaults are used (centre (150, 150),
    /// width 6, angle 0, sharpness 0.7, GCR 1, UCR 0.5), so the dot pitch may differ from Apple's. The extent is the
    /// input's.
    static let comicEffect = FilterDefinition(
        name: "CIComicEffect", display: "Comic Effect", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Simulates a comic book drawing by outlining edges and applying a color halftone effect.",
        parameters: [.image()], mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        func run(_ definition: FilterDefinition, _ input: Image) throws -> Image? {
            try definition.apply(FilterArguments([kCIInputImageKey: .image(input)], definition: definition))
        }
        guard let lines = try run(lineOverlay, image), let spots = try run(spotColor, image), let page = try run(cmykHalftone, spots)
        else { return nil }
        return lines.composited(over: page).cropped(to: image.extent)
    }
}
