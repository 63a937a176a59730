import Foundation

extension FilterCatalog {
    /// CIHatchedScreen: two crossed sets of lines `inputWidth` apart, along `inputAngle` and across it (one
    /// of each centred on `inputCenter`); each set inks a band f = 1 − √(1 − c) cells wide, so together they
    /// cover a share c of the area. The grey is the darker of the two. See ``Halftone`` for the greys.
    static let hatchedScreen = FilterDefinition(
        name: "CIHatchedScreen", display: "Hatched Screen", categories: Halftone.categories,
        summary: "Simulates the hatched pattern of a halftone screen.",
        parameters: Halftone.parameters("hatched screen"), mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let screen = Halftone.Screen(args, angle: args.number(kCIInputAngleKey))
        return Halftone.apply(image, "hatchedScreen", screen) { q, coverage in
            let half = (1 - (1 - coverage).squareRoot()) / 2
            return min(screen.grey(abs(Halftone.centred(q.y)) - half), screen.grey(abs(Halftone.centred(q.x)) - half))
        }
    }
}
