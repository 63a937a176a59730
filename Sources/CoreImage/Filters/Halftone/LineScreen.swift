import Foundation

extension FilterCatalog {
    /// CILineScreen: lines `inputWidth` apart along the direction `inputAngle` (one centred on `inputCenter`);
    /// a pixel with coverage c lies in ink when it is within c/2 cells of its line's centre, so the ink's
    /// share of the area is c. See ``Halftone`` for the greys.
    static let lineScreen = FilterDefinition(
        name: "CILineScreen", display: "Line Screen", categories: Halftone.categories,
        summary: "Simulates the line pattern of a halftone screen.",
        parameters: Halftone.parameters("line screen"), mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let screen = Halftone.Screen(args, angle: args.number(kCIInputAngleKey))
        return Halftone.apply(image, "lineScreen", screen) { q, coverage in
            screen.grey(abs(Halftone.centred(q.y)) - coverage / 2)
        }
    }
}
