import Foundation
import CoreImage

/// The filter chain: colour treatment, then vignette, rendered upright at full size to JPEG in the image's own
/// colour space.
enum FiltsterRenderer {
    struct RenderError: Error, CustomStringConvertible {
        var description: String
    }

    static func render(_ url: URL, with settings: FiltsterSettings, to destination: URL, isCancelled: () -> Bool) throws {
        guard var image = CIImage(contentsOf: url, options: [.applyOrientationProperty: true]) else {
            throw RenderError(description: "cannot decode \(url.lastPathComponent)")
        }
        let space = image.colorSpace ?? CGColorSpace(name: CGColorSpace.sRGB)!
        switch settings.filter {
        case .none: break
        case .sepia: image = image.applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: settings.intensity])
        case .noir: image = image.applyingFilter("CIPhotoEffectNoir")
        case .chrome: image = image.applyingFilter("CIPhotoEffectChrome")
        }
        if settings.vignette > 0 {
            image = image.applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: settings.vignette, kCIInputRadiusKey: 1.0])
        }
        guard !isCancelled() else { return }
        try CIContext().writeJPEGRepresentation(of: image, to: destination, colorSpace: space,
                                                options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.9])
    }
}
