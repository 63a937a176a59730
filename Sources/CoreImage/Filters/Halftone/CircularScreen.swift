import Foundation

extension FilterCatalog {
    /// CICircularScreen: concentric rings `inputWidth` apart around `inputCenter` (a ring on every multiple of
    /// the width, the centre a dot); a pixel at distance r with coverage c lies in ink when r/width is within
    /// c/2 of a whole number. See ``Halftone`` for the greys.
    static let circularScreen = FilterDefinition(
        name: "CICircularScreen", display: "Circular Screen", categories: Halftone.categories,
        summary: "Simulates a circular-shaped halftone screen.",
        parameters: Halftone.parameters("circular screen", angle: false), mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let screen = Halftone.Screen(args)
        return Halftone.apply(image, "circularScreen", screen) { q, coverage in
            screen.grey(abs(Halftone.centred((q * q).sum().squareRoot())) - coverage / 2)
        }
    }
}
