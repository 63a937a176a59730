import Foundation

extension FilterCatalog {
    /// CIDotScreen: a square grid of round dots `inputWidth` apart (turned by `inputAngle`, a dot centred on
    /// `inputCenter`); a pixel with coverage c lies in ink when it is within ρ = √(c/2) cells of its dot's
    /// centre (ρ reaches the cell's corners at c = 1). See ``Halftone`` for the greys.
    static let dotScreen = FilterDefinition(
        name: "CIDotScreen", display: "Dot Screen", categories: Halftone.categories,
        summary: "Simulates the dot patterns of a halftone screen.",
        parameters: Halftone.parameters("dot screen"), mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let screen = Halftone.Screen(args, angle: args.number(kCIInputAngleKey))
        return Halftone.apply(image, "dotScreen", screen) { q, coverage in
            let u = Halftone.centred(q.x), v = Halftone.centred(q.y)
            return screen.grey((u * u + v * v).squareRoot() - (coverage / 2).squareRoot())
        }
    }
}
