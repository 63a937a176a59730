import Foundation

extension FilterCatalog {
    /// CIHueAdjust: rotates colours by `inputAngle` radians about the gray axis (1, 1, 1) of the working space
    /// (Rodrigues' rotation matrix), which keeps grays gray. Linear, so it folds with neighbouring matrices.
    static let hueAdjust = FilterDefinition(
        name: "CIHueAdjust", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Changes the overall hue, or tint, of the source pixels.",
        parameters: [.image(), .angle(kCIInputAngleKey, 0, summary: "An angle in radians to use to correct the hue of an image.")]
    ) { args in
        guard let image = args.image() else { return nil }
        return image.applying(operationsKernel("hueAdjust", [.matrix(.rgb(HueRotation.matrix(args.number(kCIInputAngleKey))))], unpremultiplied: false))
    }
}

enum HueRotation {
    /// Row-major rotation by `angle` about the unit vector (1, 1, 1)/√3.
    static func matrix(_ angle: Double) -> [Double] {
        let c = cos(angle), s = sin(angle), k = 1.0 / 3.0, r = (1.0 / 3.0).squareRoot()
        return [c + (1 - c) * k, (1 - c) * k - r * s, (1 - c) * k + r * s,
                (1 - c) * k + r * s, c + (1 - c) * k, (1 - c) * k - r * s,
                (1 - c) * k - r * s, (1 - c) * k + r * s, c + (1 - c) * k]
    }
}
