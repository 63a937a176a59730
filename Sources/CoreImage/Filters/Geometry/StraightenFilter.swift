import Foundation

extension FilterCatalog {
    /// CIStraightenFilter: rotates the image by `inputAngle` about its centre and scales it up just enough that
    /// the rotated image covers the original extent, which is the output's extent.
    static let straightenFilter = FilterDefinition(
        name: "CIStraightenFilter", categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage],
        summary: "Rotates a source image by the specified angle in radians.",
        parameters: [.image(), .angle(kCIInputAngleKey, 0, summary: "An angle in radians.")],
        mac: "10.7", iOS: "5"
    ) { args in
        guard let image = args.image() else { return nil }
        let e = image.extent
        let angle = args.number(kCIInputAngleKey)
        guard angle != 0, !e.isEffectivelyInfinite, !e.isNull else { return image }
        let c = abs(cos(angle)), s = abs(sin(angle))
        let scale = max((e.width * c + e.height * s) / e.width, (e.width * s + e.height * c) / e.height)
        let t = CGAffineTransform(translationX: -e.midX, y: -e.midY)
            .concatenating(CGAffineTransform(rotationAngle: angle))
            .concatenating(CGAffineTransform(scaleX: scale, y: scale))
            .concatenating(CGAffineTransform(translationX: e.midX, y: e.midY))
        return image.transformed(by: t).cropped(to: e)
    }
}
