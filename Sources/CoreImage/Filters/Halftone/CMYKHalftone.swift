import Foundation

extension FilterCatalog {
    /// CICMYKHalftone: a four-ink dot screen. From the unpremultiplied working-space colour (clamped to 0…1) the
    /// inks are c = 1 − R, m = 1 − G, y = 1 − B, black k = `inputGCR`·min(c, m, y) (grey component replacement), and
    /// each colour ink loses `inputUCR`·k (under-colour removal). Each ink is screened with round dots as
    /// `CIDotScreen` does (a dot of ρ = √(ink/2) cells, the same ramp of (1 − sharpness)·width + 1 pixels), its screen
    /// turned by `inputAngle` plus the classic offsets: cyan 15°, magenta 75°, yellow 0°, black 45°. The inks are
    /// printed on white: R = (1 − cyan)(1 − black), G = (1 − magenta)(1 − black), B = (1 − yellow)(1 − black), with
    /// the input's alpha; white stays white and black black. Apple publishes the parameters and pictures, not the
    /// separation; this one is chosen here. The extent is the input's.
    static let cmykHalftone = FilterDefinition(
        name: "CICMYKHalftone", display: "CMYK Halftone", categories: Halftone.categories,
        summary: "Creates a color, halftoned rendition of the source image, using cyan, magenta, yellow, and black inks over a white page.",
        parameters: [
            .image(),
            .position(kCIInputCenterKey, 150, 150, summary: "The center of the halftone pattern"),
            .distance(kCIInputWidthKey, 6, min: -2, sliderMin: 2, sliderMax: 100, identity: 6, summary: "The distance between dots in the pattern."),
            .angle(kCIInputAngleKey, 0, summary: "The angle of the pattern."),
            .distance(kCIInputSharpnessKey, 0.7, min: 0, sliderMin: 0, sliderMax: 1, summary: "The sharpness of the pattern. The larger the value, the sharper the pattern."),
            .scalar("inputGCR", 1, min: 0, max: 1, sliderMin: 0, sliderMax: 1, identity: 1,
                    summary: "The gray component replacement value. The value can vary from 0.0 (none) to 1.0."),
            .scalar("inputUCR", 0.5, min: 0, max: 1, sliderMin: 0, sliderMax: 1, identity: 0.5,
                    summary: "The under color removal value. The value can vary from 0.0 to 1.0."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let angle = args.number(kCIInputAngleKey), degree = Double.pi / 180
        let screens = [15.0, 75, 0, 45].map { Halftone.Screen(args, angle: angle + $0 * degree) }
        let gcr = min(max(args.number("inputGCR"), 0), 1), ucr = min(max(args.number("inputUCR"), 0), 1)
        let kernel = ClosureKernel(name: "cmykHalftone", signature: "\(screens) \(gcr) \(ucr)", arity: 1, unpremultiplied: true,
                                   opaque: { $0[0].isOpaque }) { inputs, p in
            let pixel = inputs[0]
            let c = 1 - Double(min(max(pixel.x, 0), 1)), m = 1 - Double(min(max(pixel.y, 0), 1)), y = 1 - Double(min(max(pixel.z, 0), 1))
            let k = gcr * min(c, m, y)
            func ink(_ amount: Double, _ screen: Halftone.Screen) -> Float {
                if amount <= 1e-5 { return 0 }
                if amount >= 1 - 1e-5 { return 1 }
                let q = screen.cell(p)
                let u = Halftone.centred(q.x), v = Halftone.centred(q.y)
                return 1 - screen.grey((u * u + v * v).squareRoot() - (amount / 2).squareRoot())
            }
            let black = ink(k, screens[3])
            let keep = 1 - black
            return SIMD4((1 - ink(c - ucr * k, screens[0])) * keep, (1 - ink(m - ucr * k, screens[1])) * keep,
                         (1 - ink(y - ucr * k, screens[2])) * keep, pixel.w)
        }
        return image.applying(kernel)
    }
}
