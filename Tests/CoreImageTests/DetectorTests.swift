import Foundation
import _Testing_CoreImage
@testable import CoreImage

/// Test photographs scikit-image ships (Debian python3-skimage; scripts/setup.sh installs it): the astronaut
/// (NASA, public domain), coffee and Chelsea the cat (CC0).
enum DetectorPhotos {
    static let folder = "/usr/lib/python3/dist-packages/skimage/data"
    static var available: Bool { FileManager.default.fileExists(atPath: folder + "/astronaut.png") }
    static let skipMessage = "needs scikit-image's sample photos (python3-skimage; scripts/setup.sh installs it)"
    static func image(_ name: String) -> CIImage { CIImage(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).png"))! }
}

@Suite(.enabled(if: DetectorPhotos.available, Comment(rawValue: DetectorPhotos.skipMessage)), .serialized)
struct FaceDetectorTests {
    static let detector = CIDetector(ofType: CIDetectorTypeFace, context: nil, options: [CIDetectorAccuracy: CIDetectorAccuracyHigh])!

    @Test func findsTheAstronautAndHerFeatures() throws {
        let image = DetectorPhotos.image("astronaut")
        let faces = Self.detector.features(in: image, options: [CIDetectorSmile: true, CIDetectorEyeBlink: true]).compactMap { $0 as? CIFaceFeature }
        try #require(faces.count == 1)
        let face = faces[0]
        #expect(face.type == CIFeatureTypeFace)
        // Her face is in the upper middle of the 512×512 photo (y up): about x 170…290, y 300…440.
        #expect(face.bounds.midX > 170 && face.bounds.midX < 290 && face.bounds.midY > 300 && face.bounds.midY < 440, "\(face.bounds)")
        #expect(face.bounds.width > 60 && face.bounds.width < 160)
        #expect(face.hasLeftEyePosition && face.hasRightEyePosition && face.hasMouthPosition)
        #expect(face.bounds.contains(face.leftEyePosition) && face.bounds.contains(face.rightEyePosition) && face.bounds.contains(face.mouthPosition))
        #expect(face.leftEyePosition.x < face.rightEyePosition.x, "left is the observer's left")
        #expect(face.mouthPosition.y < min(face.leftEyePosition.y, face.rightEyePosition.y), "the mouth is below the eyes (y up)")
        #expect(face.hasFaceAngle && abs(face.faceAngle) < 15)
        #expect(face.hasSmile, "she smiles in this photo")
        #expect(!face.leftEyeClosed && !face.rightEyeClosed)
    }

    /// A photo stored on its side is searched as displayed; bounds come back in the stored image's coordinates.
    @Test func orientationOptionFindsTurnedFaces() throws {
        let upright = DetectorPhotos.image("astronaut")
        let reference = try #require(Self.detector.features(in: upright).first as? CIFaceFeature)
        // Stored turned a quarter: displayed upright with orientation .right (EXIF 6).
        let stored = upright.oriented(.left)
        #expect(Self.detector.features(in: stored).isEmpty, "an unoriented search does not find a face lying on its side")
        let found = Self.detector.features(in: stored, options: [CIDetectorImageOrientation: 6]).compactMap { $0 as? CIFaceFeature }
        try #require(found.count == 1)
        let expected = reference.bounds.applying(upright.orientationTransform(for: .left))
        let overlap = found[0].bounds.intersection(expected)
        #expect(overlap.width * overlap.height > 0.8 * expected.width * expected.height, "\(found[0].bounds) vs \(expected)")
        let eye = reference.leftEyePosition.applying(upright.orientationTransform(for: .left))
        #expect(hypot(found[0].leftEyePosition.x - eye.x, found[0].leftEyePosition.y - eye.y) < 4)
    }

    /// Recall and precision on composed scenes: the astronaut's head placed at known places and sizes (some
    /// mirrored) on CC0 photos without faces (coffee, a cat), plus the photos alone.
    @Test func recallAndPrecisionOnComposedScenes() throws {
        let astronaut = DetectorPhotos.image("astronaut")
        let reference = try #require(Self.detector.features(in: astronaut).first as? CIFaceFeature)
        let head = astronaut.cropped(to: reference.bounds.insetBy(dx: -reference.bounds.width * 0.4, dy: -reference.bounds.height * 0.4))
        var expected: [[CGRect]] = [], scenes: [CIImage] = []
        for (name, placements) in [("coffee", [(0.8, CGPoint(x: 40, y: 30), false), (1.2, CGPoint(x: 330, y: 150), true)]),
                                   ("chelsea", [(0.9, CGPoint(x: 250, y: 60), false)]), ("coffee", []), ("chelsea", [])] {
            var scene = DetectorPhotos.image(name)
            var boxes: [CGRect] = []
            for (scale, origin, mirrored) in placements {
                var t = CGAffineTransform(translationX: -head.extent.minX, y: -head.extent.minY)
                if mirrored { t = t.concatenating(CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: head.extent.width, ty: 0)) }
                t = t.concatenating(CGAffineTransform(scaleX: scale, y: scale)).concatenating(CGAffineTransform(translationX: origin.x, y: origin.y))
                scene = head.transformed(by: t).composited(over: scene)
                boxes.append(reference.bounds.applying(t))
            }
            scenes.append(scene.cropped(to: DetectorPhotos.image(name).extent))
            expected.append(boxes)
        }
        var hits = 0, detections = 0, correct = 0
        for (scene, boxes) in zip(scenes, expected) {
            let found = Self.detector.features(in: scene).map(\.bounds)
            detections += found.count
            func iou(_ a: CGRect, _ b: CGRect) -> CGFloat {
                let i = a.intersection(b)
                return i.isNull ? 0 : (i.width * i.height) / (a.width * a.height + b.width * b.height - i.width * i.height)
            }
            hits += boxes.filter { box in found.contains { iou($0, box) > 0.5 } }.count
            correct += found.filter { f in boxes.contains { iou(f, $0) > 0.5 } }.count
        }
        let total = expected.joined().count
        #expect(hits == total, "recall \(hits)/\(total)")
        #expect(correct == detections, "precision \(correct)/\(detections)")
    }

    @Test func trackingKeepsIdentityAcrossCalls() throws {
        let tracker = try #require(CIDetector(ofType: CIDetectorTypeFace, context: nil, options: [CIDetectorTracking: true]))
        let image = DetectorPhotos.image("astronaut")
        let first = try #require(tracker.features(in: image).first as? CIFaceFeature)
        let moved = image.transformed(by: CGAffineTransform(translationX: 6, y: -4))
        let second = try #require(tracker.features(in: moved).first as? CIFaceFeature)
        #expect(first.hasTrackingID && second.hasTrackingID && first.trackingID == second.trackingID)
        #expect(first.trackingFrameCount == 1 && second.trackingFrameCount == 2)
    }

    @Test func minimumFeatureSizeAndEmptyImages() {
        let image = DetectorPhotos.image("astronaut")
        #expect(CIDetector(ofType: CIDetectorTypeFace, context: nil, options: [CIDetectorMinFeatureSize: 0.5])!.features(in: image).isEmpty)
        #expect(Self.detector.features(in: CIImage.empty()).isEmpty)
        #expect(Self.detector.features(in: CIImage(color: .red)).isEmpty, "an infinite image cannot be searched")
        let text = CIDetector(ofType: CIDetectorTypeText, context: nil)
        #expect(text?.features(in: CIImage.empty()).isEmpty ?? true)
        #expect(text?.features(in: CIImage(color: .red)).isEmpty ?? true, "an infinite image cannot be searched")
        #expect(CIDetector(ofType: "CIDetectorTypeNothing", context: nil) == nil)
    }
}

@Suite(.enabled(if: DetectorPhotos.available, Comment(rawValue: DetectorPhotos.skipMessage)))
struct QRCodeAndRectangleDetectorTests {
    /// A QR code made by CIQRCodeGenerator (libqrencode), 6 px per module, placed on a photo; ZBar reads it back.
    @Test func readsQRCodesOnPhotos() throws {
        let detector = try #require(CIDetector(ofType: CIDetectorTypeQRCode, context: nil))
        for (message, angle) in [("https://example.org/photos/1234", 0.0), ("Grüße aus Linux 👋", 0.5)] {
            let code = CIFilter(name: "CIQRCodeGenerator", parameters: ["inputMessage": Data(message.utf8), "inputCorrectionLevel": "M"])!
                .outputImage!.samplingNearest().transformed(by: CGAffineTransform(scaleX: 6, y: 6))
            let side = code.extent.width
            let placement = CGAffineTransform(translationX: -side / 2, y: -side / 2).concatenating(CGAffineTransform(rotationAngle: angle))
                .concatenating(CGAffineTransform(translationX: 300, y: 200))
            let background = DetectorPhotos.image("coffee")
            let scene = code.transformed(by: placement).composited(over: background).cropped(to: background.extent)
            let found = detector.features(in: scene).compactMap { $0 as? CIQRCodeFeature }
            try #require(found.count == 1, "\(message)")
            #expect(found[0].messageString == message)
            #expect(found[0].type == CIFeatureTypeQRCode)
            let centre = CGPoint(x: 300, y: 200)
            #expect(abs(found[0].bounds.midX - centre.x) < 8 && abs(found[0].bounds.midY - centre.y) < 8, "\(found[0].bounds)")
            // The quiet zone is part of the generated image, not of the symbol: corners sit inside the placed square.
            let diagonal = hypot(found[0].topLeft.x - found[0].bottomRight.x, found[0].topLeft.y - found[0].bottomRight.y)
            #expect(diagonal > side * 0.8 * 1.2 && diagonal < side * 1.415, "diagonal \(diagonal) for a \(side)-px code")
            #expect(found[0].topLeft.y > found[0].bottomLeft.y, "top is up")
        }
        #expect(detector.features(in: DetectorPhotos.image("chelsea")).isEmpty)
    }

    /// Byte-mode data codewords for `text`: mode, count, bytes, terminator, padding to `count` codewords.
    static func byteModePayload(_ text: String, codewords: Int) -> Data {
        var bits = [0, 1, 0, 0] + (0..<8).map { (text.utf8.count >> (7 - $0)) & 1 }
        for byte in text.utf8 { bits += (0..<8).map { (Int(byte) >> (7 - $0)) & 1 } }
        bits += [0, 0, 0, 0]
        while bits.count % 8 != 0 { bits.append(0) }
        var bytes = stride(from: 0, to: bits.count, by: 8).map { i in UInt8(bits[i..<(i + 8)].reduce(0) { $0 << 1 | $1 }) }
        let filled = bytes.count
        while bytes.count < codewords { bytes.append((bytes.count - filled) % 2 == 0 ? 0xEC : 0x11) }
        return Data(bytes)
    }

    /// `symbolDescriptor` is read back from the modules: a symbol drawn from a known descriptor (version 3, level Q,
    /// mask 6), turned and seen in perspective on a photo, gives the same descriptor; a symbol from
    /// CIQRCodeGenerator gives one that CIBarcodeGenerator draws module for module as the original.
    @Test func readsTheSymbolDescriptorBack() throws {
        let detector = try #require(CIDetector(ofType: CIDetectorTypeQRCode, context: nil))
        let background = DetectorPhotos.image("coffee")
        let known = try #require(CIQRCodeDescriptor(payload: Self.byteModePayload("Photos on Linux", codewords: 34), symbolVersion: 3,
                                                    maskPattern: 6, errorCorrectionLevel: .levelQ))
        let drawn = try #require(CIFilter(name: "CIBarcodeGenerator", parameters: ["inputBarcodeDescriptor": known])?.outputImage)
            .samplingNearest().transformed(by: CGAffineTransform(scaleX: 7, y: 7))
        let side = drawn.extent.width
        let turned = drawn.transformed(by: CGAffineTransform(translationX: -side / 2, y: -side / 2)
            .concatenating(CGAffineTransform(rotationAngle: 0.4)).concatenating(CGAffineTransform(translationX: 300, y: 200)))
        let e = turned.extent
        let perspective = turned.applyingFilter("CIPerspectiveTransform", parameters: [
            "inputTopLeft": CIVector(x: e.minX + 10, y: e.maxY), "inputTopRight": CIVector(x: e.maxX - 10, y: e.maxY - 15),
            "inputBottomLeft": CIVector(x: e.minX, y: e.minY), "inputBottomRight": CIVector(x: e.maxX, y: e.minY + 5)])
        for scene in [turned, perspective].map({ $0.composited(over: background).cropped(to: background.extent) }) {
            let found = try #require(detector.features(in: scene).first as? CIQRCodeFeature)
            #expect(found.messageString == "Photos on Linux")
            let descriptor = try #require(found.symbolDescriptor, "the modules were not read back")
            #expect(descriptor.errorCorrectedPayload == known.errorCorrectedPayload)
            #expect(descriptor.symbolVersion == 3 && descriptor.maskPattern == 6 && descriptor.errorCorrectionLevel == .levelQ)
        }

        let message = Data("https://example.org/photos/5678?album=holidays".utf8)
        let generated = try #require(CIFilter(name: "CIQRCodeGenerator", parameters: ["inputMessage": message, "inputCorrectionLevel": "H"])?.outputImage)
        let scene = generated.samplingNearest().transformed(by: CGAffineTransform(scaleX: 5, y: 5).translatedBy(x: 10, y: 5))
            .composited(over: background).cropped(to: background.extent)
        let found = try #require(detector.features(in: scene).first as? CIQRCodeFeature)
        let descriptor = try #require(found.symbolDescriptor)
        #expect(descriptor.errorCorrectionLevel == .levelH)
        let redrawn = try #require(CIFilter(name: "CIBarcodeGenerator", parameters: ["inputBarcodeDescriptor": descriptor])?.outputImage)
        #expect(redrawn.extent == generated.extent)
        let context = CIContext()
        func pixels(_ image: CIImage) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: Int(image.extent.width * image.extent.height) * 4)
            context.render(image, toBitmap: &bytes, rowBytes: Int(image.extent.width) * 4, bounds: image.extent, format: .RGBA8, colorSpace: nil)
            return bytes
        }
        #expect(pixels(redrawn) == pixels(generated), "the descriptor draws the same symbol")
    }

    /// The fuzz target's hand-written seeds (real symbols from libqrencode: module grids and a 64 × 64 picture) read
    /// back through its hook, so the target starts from inputs that reach the whole decoder.
    @Test func fuzzSeedsReachTheDecoder() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Seeds/qr-symbol").standardized
        for (name, expected) in [("modules-v2-M", 28), ("modules-v1-H", 9)] {
            let data = try Data(contentsOf: seeds.appendingPathComponent(name))
            #expect(QRSymbolReaderFuzzing.decodeModules(data.dropFirst()) == expected, "\(name)")
        }
        let picture = try Data(contentsOf: seeds.appendingPathComponent("pixels-v1"))
        #expect(QRSymbolReaderFuzzing.readPixels(picture.dropFirst()) == 9)
        #expect(QRSymbolReaderFuzzing.decodeModules(Data([7])) == -1 && QRSymbolReaderFuzzing.readPixels(Data(count: 8)) == -1)
    }

    /// A white page with dark lines, in perspective on a photo: its corners within 2% of the image's diagonal.
    @Test func findsAPageInPerspective() throws {
        let detector = try #require(CIDetector(ofType: CIDetectorTypeRectangle, context: nil, options: [CIDetectorAccuracy: CIDetectorAccuracyHigh]))
        let background = DetectorPhotos.image("coffee")
        let page = CIImage(color: CIColor(red: 0.95, green: 0.95, blue: 0.93)).cropped(to: CGRect(x: 0, y: 0, width: 300, height: 400))
        let lines = CIFilter(name: "CIStripesGenerator", parameters: ["inputColor0": CIColor(red: 0.1, green: 0.1, blue: 0.1),
                                                                      "inputColor1": CIColor(red: 0.95, green: 0.95, blue: 0.93), "inputWidth": 6])!
            .outputImage!.transformed(by: CGAffineTransform(rotationAngle: .pi / 2)).cropped(to: CGRect(x: 40, y: 60, width: 220, height: 280))
        let corners = (topLeft: CGPoint(x: 150, y: 330), topRight: CGPoint(x: 430, y: 350), bottomLeft: CGPoint(x: 120, y: 60), bottomRight: CGPoint(x: 470, y: 80))
        let warped = lines.composited(over: page).applyingFilter("CIPerspectiveTransform", parameters: [
            "inputTopLeft": CIVector(cgPoint: corners.topLeft), "inputTopRight": CIVector(cgPoint: corners.topRight),
            "inputBottomLeft": CIVector(cgPoint: corners.bottomLeft), "inputBottomRight": CIVector(cgPoint: corners.bottomRight)])
        let scene = warped.composited(over: background).cropped(to: background.extent)
        let found = try #require(detector.features(in: scene).first as? CIRectangleFeature)
        let tolerance = 0.02 * hypot(background.extent.width, background.extent.height)
        for (got, want) in [(found.topLeft, corners.topLeft), (found.topRight, corners.topRight), (found.bottomLeft, corners.bottomLeft),
                            (found.bottomRight, corners.bottomRight)] {
            #expect(hypot(got.x - want.x, got.y - want.y) < tolerance, "\(got) vs \(want)")
        }
        #expect(found.type == CIFeatureTypeRectangle)
        #expect(detector.features(in: scene, options: [CIDetectorMaxFeatureCount: 0]).isEmpty, "a maximum of 0 gives none")
    }
}
