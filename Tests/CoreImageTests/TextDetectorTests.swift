import Foundation
import _Testing_CoreImage
@testable import CoreImage

/// `CIDetectorTypeText` on real photos (scikit-image's coffee, cat and astronaut) with lines of text drawn on them at
/// known places: light and dark text, several sizes, one photo displayed on its side. Truth is each line's layout
/// box (`CITextImageGenerator`'s extent, which includes the font's ascender and descender); a line counts as found
/// when a region overlaps its box by at least half their union, a region is right when at least half of it lies
/// on a line.
@Suite(.enabled(if: DetectorPhotos.available && CIDetector(ofType: CIDetectorTypeText, context: nil) != nil,
                Comment(rawValue: DetectorPhotos.skipMessage + ", and Tesseract's English model (tesseract-ocr-eng)")), .serialized)
struct TextDetectorTests {
    static let detector = CIDetector(ofType: CIDetectorTypeText, context: nil)!

    /// `text` drawn at `size` points with its layout box's lower-left corner at `origin`, white or black.
    static func line(_ text: String, size: Double, at origin: CGPoint, white: Bool) -> CIImage {
        let generator = CIFilter(name: "CITextImageGenerator")!
        generator.setValue(text, forKey: "inputText")
        generator.setValue(size, forKey: "inputFontSize")
        var image = generator.outputImage!
        if white {
            image = image.applyingFilter("CIColorMatrix", parameters: ["inputRVector": CIVector(x: 0, y: 0, z: 0, w: 0),
                                                                        "inputGVector": CIVector(x: 0, y: 0, z: 0, w: 0),
                                                                        "inputBVector": CIVector(x: 0, y: 0, z: 0, w: 0),
                                                                        "inputBiasVector": CIVector(x: 1, y: 1, z: 1, w: 0)])
        }
        return image.transformed(by: CGAffineTransform(translationX: origin.x, y: origin.y))
    }

    /// The photo with the lines drawn over it, and the lines' boxes.
    static func scene(_ photo: String, _ lines: [(String, Double, CGPoint, Bool)]) -> (CIImage, [CGRect]) {
        let base = DetectorPhotos.image(photo)
        var image = base
        var boxes: [CGRect] = []
        for (text, size, origin, white) in lines {
            let drawn = line(text, size: size, at: origin, white: white)
            boxes.append(drawn.extent)
            image = drawn.composited(over: image)
        }
        return (image.cropped(to: base.extent), boxes)
    }

    static func area(_ r: CGRect) -> CGFloat { r.isNull ? 0 : r.width * r.height }

    static func found(_ truth: CGRect, in regions: [CGRect]) -> Bool {
        regions.contains { let i = area($0.intersection(truth)); return i >= 0.5 * (area($0) + area(truth) - i) }
    }

    static func onALine(_ region: CGRect, _ truths: [CGRect]) -> Bool {
        truths.contains { area($0.intersection(region)) >= 0.5 * area(region) }
    }

    @Test func findsLinesOfTextOnPhotos() throws {
        let scenes = [
            Self.scene("coffee", [("Hello Linux photos", 28, CGPoint(x: 40, y: 320), true),
                                  ("Espresso at nine", 22, CGPoint(x: 330, y: 20), true)]),
            Self.scene("chelsea", [("Chelsea the cat", 30, CGPoint(x: 20, y: 240), true),
                                   ("Photographed 2006", 18, CGPoint(x: 200, y: 12), false)]),
            Self.scene("astronaut", [("Mission patch", 24, CGPoint(x: 300, y: 470), false),
                                     ("Houston", 20, CGPoint(x: 20, y: 10), true)]),
            Self.scene("camera", [("Cameraman 1978", 26, CGPoint(x: 250, y: 440), false),
                                  ("Field notes", 20, CGPoint(x: 300, y: 60), true)]),
        ]
        var truths = 0, hits = 0, regions = 0, correct = 0
        for (image, boxes) in scenes {
            let features = Self.detector.features(in: image).compactMap { $0 as? CITextFeature }
            let found = features.map(\.bounds)
            truths += boxes.count
            hits += boxes.filter { Self.found($0, in: found) }.count
            regions += found.count
            correct += found.filter { Self.onALine($0, boxes) }.count
            for feature in features {
                #expect(feature.type == CIFeatureTypeText)
                #expect(feature.topLeft.y > feature.bottomLeft.y && feature.topRight.x > feature.topLeft.x, "corners as displayed, y up")
                #expect(feature.subFeatures == nil)
            }
        }
        // Measured: recall 6/8 (missed: white text across the cat's striped fur, and "Mission patch", found only
        // as far as the shuttle's edge), precision 8/8. Docs/CoreImage.md states both.
        #expect(hits >= 6, "recall \(hits)/\(truths)")
        #expect(correct == regions, "precision \(correct)/\(regions)")
    }

    @Test func photosWithoutTextGiveNoRegions() {
        for name in ["coffee", "chelsea"] {
            let regions = Self.detector.features(in: DetectorPhotos.image(name))
            #expect(regions.isEmpty, "\(name): \(regions.map(\.bounds))")
        }
    }

    @Test func charactersAreSubFeaturesOnRequest() throws {
        let (image, boxes) = Self.scene("coffee", [("Hello Linux photos", 28, CGPoint(x: 40, y: 320), true)])
        let features = Self.detector.features(in: image, options: [CIDetectorReturnSubFeatures: true]).compactMap { $0 as? CITextFeature }
        let line = try #require(features.first { Self.found(boxes[0], in: [$0.bounds]) })
        let characters = try #require(line.subFeatures as? [CITextFeature])
        // 16 letters; a character in several pieces may count more than once, touching letters once.
        #expect(characters.count >= 12 && characters.count <= 20, "\(characters.count) characters")
        #expect(characters.allSatisfy { line.bounds.insetBy(dx: -1, dy: -1).contains($0.bounds) })
        #expect(zip(characters, characters.dropFirst()).allSatisfy { $0.bounds.minX <= $1.bounds.minX }, "left to right")
    }

    /// A photo stored on its side: searched as displayed, regions in the stored image's coordinates.
    @Test func orientationOptionFindsTurnedText() throws {
        let (image, boxes) = Self.scene("coffee", [("Hello Linux photos", 28, CGPoint(x: 40, y: 320), true)])
        // Stored turned a quarter: displayed upright with orientation .right (EXIF 6).
        let stored = image.oriented(.left)
        let features = Self.detector.features(in: stored, options: [CIDetectorImageOrientation: 6])
        let truth = boxes[0].applying(image.orientationTransform(for: .left))
        #expect(Self.found(truth, in: features.map(\.bounds)),
                "\(features.map(\.bounds)) vs \(truth)")
    }

    @Test func minimumFeatureSizeDropsSmallText() {
        let (image, _) = Self.scene("coffee", [("Hello Linux photos", 28, CGPoint(x: 40, y: 320), true),
                                               ("Espresso at nine", 14, CGPoint(x: 330, y: 20), true)])
        let all = Self.detector.features(in: image)
        let large = Self.detector.features(in: image, options: [CIDetectorMinFeatureSize: 0.06])
        #expect(large.count < all.count && !large.isEmpty, "\(all.map(\.bounds)) → \(large.map(\.bounds))")
    }
}

/// A real photograph of a printed page (scikit-image's `page`, unevenly lit): its lines are found one by one.
@Suite(.enabled(if: DetectorPhotos.available && CIDetector(ofType: CIDetectorTypeText, context: nil) != nil,
                Comment(rawValue: DetectorPhotos.skipMessage + ", and Tesseract's English model (tesseract-ocr-eng)")))
struct TextDetectorPageTests {
    @Test func findsTheLinesOfAPhotographedPage() {
        let page = DetectorPhotos.image("page")
        let lines = TextDetectorTests.detector.features(in: page).map(\.bounds)
        // The photo shows a heading, five lines of text and a line of code (384 × 191 px).
        #expect(lines.count >= 5 && lines.count <= 8, "\(lines.count) lines")
        for (a, b) in zip(lines, lines.dropFirst()) {
            #expect(a.intersection(b).height < 0.5 * min(a.height, b.height), "one region per line: \(a) \(b)")
        }
    }
}
