import Foundation
import Testing
import ImageIO
import CoreImage
import _TestSupport

/// `CIImageRepresentationOption` written the ways iOS code writes it: bridged from ImageIO's constants with `as`,
/// made with `init(rawValue:)`, and the same constants still used as ImageIO's `String` keys next to it.
@Suite struct ImageRepresentationOptionTests {
    let srgb = CGColorSpace(name: CGColorSpace.sRGB)!

    @Test func bridgedAndRawValueSpellingsAreTheSameKeyAndSetTheQuality() throws {
        let bridged = kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption
        let made = CIImageRepresentationOption(rawValue: kCGImageDestinationLossyCompressionQuality as String)
        #expect(bridged == made)
        #expect(bridged.rawValue == "kCGImageDestinationLossyCompressionQuality")
        let image = TestImages.patternImage(width: 160, height: 120)
        let context = CIContext()
        let low = try #require(context.jpegRepresentation(of: image, colorSpace: srgb, options: [bridged: 0.2]))
        let lowAgain = try #require(context.jpegRepresentation(of: image, colorSpace: srgb, options: [made: 0.2]))
        let high = try #require(context.jpegRepresentation(of: image, colorSpace: srgb, options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.95]))
        #expect(low == lowAgain, "both spellings are one key, so the files are identical")
        #expect(low.count < high.count, "quality 0.2 gives \(low.count) bytes, 0.95 gives \(high.count)")
    }

    @Test func imageIOConstantsStayStringsWhereAStringFits() throws {
        let key = kCGImageDestinationLossyCompressionQuality
        #expect(type(of: key) == String.self)
        let dictionary = [kCGImageDestinationLossyCompressionQuality: 0.5] as CFDictionary
        #expect((dictionary.object(forKey: "kCGImageDestinationLossyCompressionQuality") as? NSNumber)?.doubleValue == 0.5)
        var properties: [String: Any] = [:]
        properties[kCGImageDestinationLossyCompressionQuality] = 0.7
        #expect(properties[kCGImageDestinationLossyCompressionQuality as String] as? Double == 0.7)
    }

    @Test func otherDestinationKeysReachImageIO() throws {
        let image = TestImages.patternImage(width: 160, height: 120)
        let data = try #require(CIContext().jpegRepresentation(of: image, colorSpace: srgb,
                                                              options: [kCGImageDestinationImageMaxPixelSize as CIImageRepresentationOption: 40]))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
        #expect(properties[kCGImagePropertyPixelWidth as String] as? Int == 40)
        #expect(properties[kCGImagePropertyPixelHeight as String] as? Int == 30)
    }

    @Test func auxiliaryImagesAreRefusedRatherThanDropped() throws {
        let image = TestImages.patternImage(width: 32, height: 24)
        let context = CIContext()
        #expect(context.jpegRepresentation(of: image, colorSpace: srgb, options: [.depthImage: image]) == nil)
        #expect(context.heifRepresentation(of: image, format: .RGBA8, colorSpace: srgb, options: [.hdrGainMapImage: image]) == nil)
        let url = TemporaryDirectory().appending("aux.jpg")
        #expect(throws: CIContextRepresentationError.self) {
            try context.writeJPEGRepresentation(of: image, to: url, colorSpace: self.srgb, options: [.portraitEffectsMatteImage: image])
        }
        #expect(context.jpegRepresentation(of: image, colorSpace: srgb, options: [:]) != nil)
    }
}
