import Foundation

/// A detector of faces (`CIFaceFeature`).
public let CIDetectorTypeFace = "CIDetectorTypeFace"
/// A detector of rectangles (`CIRectangleFeature`).
public let CIDetectorTypeRectangle = "CIDetectorTypeRectangle"
/// A detector of QR codes (`CIQRCodeFeature`).
public let CIDetectorTypeQRCode = "CIDetectorTypeQRCode"
/// A detector of text regions (`CITextFeature`): lines of characters, confirmed by Tesseract. `CIDetector(ofType:)`
/// returns `nil` for it when Tesseract's English model (Debian tesseract-ocr-eng) is not installed.
public let CIDetectorTypeText = "CIDetectorTypeText"

/// Option: `CIDetectorAccuracyLow` (faster) or `CIDetectorAccuracyHigh` (the default here: smaller faces too).
public let CIDetectorAccuracy = "CIDetectorAccuracy"
/// Accuracy value: faces from about 80 px.
public let CIDetectorAccuracyLow = "CIDetectorAccuracyLow"
/// Accuracy value: faces from about 40 px (the image is searched at twice its size), four times the work.
public let CIDetectorAccuracyHigh = "CIDetectorAccuracyHigh"
/// Option (Bool): give faces a tracking ID that stays the same across calls of one detector.
public let CIDetectorTracking = "CIDetectorTracking"
/// Option (0…1): the smallest feature to report, as a fraction of the image's shorter side.
public let CIDetectorMinFeatureSize = "CIDetectorMinFeatureSize"
/// Option (Int): at most this many features (rectangles: 1 unless set).
public let CIDetectorMaxFeatureCount = "CIDetectorMaxFeatureCount"
/// Option (1, 3, 5, 7, 9, 11): face angles to try. Accepted; the detector here finds faces within about ±20° of upright.
public let CIDetectorNumberOfAngles = "CIDetectorNumberOfAngles"
/// Feature option (1…8, EXIF orientation): search the image as displayed with this orientation; bounds stay in
/// the coordinates of the image passed.
public let CIDetectorImageOrientation = "CIDetectorImageOrientation"
/// Feature option (Bool): report closed eyes.
public let CIDetectorEyeBlink = "CIDetectorEyeBlink"
/// Feature option (Bool): report smiles.
public let CIDetectorSmile = "CIDetectorSmile"
/// Feature option (Float): the camera's focal length, for rectangles. Accepted and not used.
public let CIDetectorFocalLength = "CIDetectorFocalLength"
/// Feature option (Float, width / height): prefer rectangles of this aspect ratio.
public let CIDetectorAspectRatio = "CIDetectorAspectRatio"
/// Feature option (Bool): give each text region its characters as `subFeatures`.
public let CIDetectorReturnSubFeatures = "CIDetectorReturnSubFeatures"

/// Finds faces, rectangles, QR codes and text in images, as Core Image's `CIDetector` does, with documented
/// classical methods (Docs/CoreImage.md): faces and their landmarks through dlib's HOG detector and 68-point shape
/// model (Debian libdlib-dev and libdlib-data), QR codes through ZBar (libzbar), rectangles through our own edge
/// and hull method, text lines through our own top-hat and component method confirmed by Tesseract. Differences
/// from Apple: faces and text turned more than about 20° from upright are not found (set
/// `CIDetectorImageOrientation` for quarter turns); smile and blink come from landmark ratios. Reuse a detector:
/// the face model loads once per process, the text reader once per detector. Thread-safe.
open class CIDetector: NSObject, @unchecked Sendable {
    let type: String
    let context: CIContext
    let options: [String: Any]
    private let lock = NSLock()
    private var tracked: [(bounds: CGRect, id: Int32, frames: Int32)] = []
    private var nextTrackingID: Int32 = 1
    private let textReader: TextLineReader?

    /// A detector of `type`, or `nil` when the type is unknown or its model is not installed (text: Tesseract's
    /// English model).
    public init?(ofType type: String, context: CIContext?, options: [String: Any]? = nil) {
        guard [CIDetectorTypeFace, CIDetectorTypeRectangle, CIDetectorTypeQRCode, CIDetectorTypeText].contains(type) else { return nil }
        textReader = type == CIDetectorTypeText ? TextLineReader() : nil
        guard type != CIDetectorTypeText || textReader != nil else { return nil }
        (self.type, self.context, self.options) = (type, context ?? CIContext(), options ?? [:])
    }

    /// The features in `image`.
    open func features(in image: CIImage) -> [CIFeature] { features(in: image, options: nil) }

    /// The features in `image`, with per-call options (`CIDetectorImageOrientation`, `CIDetectorEyeBlink`,
    /// `CIDetectorSmile`, `CIDetectorAspectRatio`, …). An image that cannot be searched (empty, infinite) gives none.
    open func features(in image: CIImage, options callOptions: [String: Any]? = nil) -> [CIFeature] {
        let all = options.merging(callOptions ?? [:]) { _, new in new }
        func number(_ key: String) -> Double? { all[key].flatMap(FilterValues.number).flatMap { $0.isFinite ? $0 : nil } }
        let orientation = number(CIDetectorImageOrientation).flatMap { (1...8).contains($0) ? CGImagePropertyOrientation(rawValue: UInt32($0)) : nil } ?? .up
        let minimum = number(CIDetectorMinFeatureSize) ?? 0
        let limit = number(CIDetectorMaxFeatureCount).map { Int(max(0, min($0, 1e6))) }
        let side = min(image.extent.width, image.extent.height)
        switch type {
        case CIDetectorTypeFace:
            let high = (all[CIDetectorAccuracy] as? String) != CIDetectorAccuracyLow
            guard let grey = GreyImage(image, orientation: orientation, maximumSide: 1600, context: context),
                  let faces = try? FaceLandmarkDetector.shared.detect(grey, upsample: high, threshold: Self.faceThreshold) else { return [] }
            let kept = faces.filter { min($0.bounds.width, $0.bounds.height) >= minimum * side }.prefix(limit ?? .max)
            let tracking = Self.flag(all[CIDetectorTracking])
            return kept.map { face in
                faceFeature(face, tracking: tracking, smile: Self.flag(all[CIDetectorSmile]), blink: Self.flag(all[CIDetectorEyeBlink]))
            }
        case CIDetectorTypeQRCode:
            guard let grey = GreyImage(image, orientation: orientation, maximumSide: 4096, context: context) else { return [] }
            return QRCodeScanner.scan(grey).prefix(limit ?? .max).map {
                CIQRCodeFeature(topLeft: $0.topLeft, topRight: $0.topRight, bottomLeft: $0.bottomLeft, bottomRight: $0.bottomRight,
                                messageString: $0.message,
                                symbolDescriptor: $0.symbol.flatMap { CIQRCodeDescriptor(payload: $0.payload, symbolVersion: $0.version,
                                                                                          maskPattern: UInt8($0.mask), errorCorrectionLevel: $0.level) })
            }
        case CIDetectorTypeText:
            guard let reader = textReader,
                  let grey = GreyImage(image, orientation: orientation, maximumSide: 1600, context: context) else { return [] }
            let lines = TextRegions.find(grey, reader: reader, minimumHeight: minimum * side)
            return lines.prefix(limit ?? .max).map { textFeature($0, grey: grey, characters: Self.flag(all[CIDetectorReturnSubFeatures])) }
        default:
            guard let grey = GreyImage(image, orientation: orientation, maximumSide: 640, context: context) else { return [] }
            let ratio = number(CIDetectorAspectRatio)
            return RectangleFinder.find(grey, minimumSize: max(minimum, 0.05), aspectRatio: ratio, limit: limit ?? 1).map {
                CIRectangleFeature(topLeft: $0.topLeft, topRight: $0.topRight, bottomLeft: $0.bottomLeft, bottomRight: $0.bottomRight)
            }
        }
    }

    private func textFeature(_ line: TextLineCandidate, grey: GreyImage, characters: Bool) -> CITextFeature {
        func feature(_ box: PixelBox, _ subFeatures: [CITextFeature]?) -> CITextFeature {
            func point(_ x: Int, _ y: Int) -> CGPoint { CGPoint(x: x, y: y).applying(grey.toImage) }
            return CITextFeature(topLeft: point(box.minX, box.minY), topRight: point(box.maxX, box.minY),
                                 bottomLeft: point(box.minX, box.maxY), bottomRight: point(box.maxX, box.maxY), subFeatures: subFeatures)
        }
        return feature(line.box, characters ? line.characters.map { feature($0, nil) } : nil)
    }

    /// Added to dlib's detection threshold: its marginal detections (scores up to ~0.1) are mostly not faces.
    static let faceThreshold = 0.3

    private static func flag(_ value: Any?) -> Bool { value.flatMap(FilterValues.number).map { $0 != 0 } ?? false }

    private func faceFeature(_ face: DetectedFace, tracking: Bool, smile: Bool, blink: Bool) -> CIFaceFeature {
        var track: (id: Int32, frames: Int32)?
        if tracking { track = trackingIdentity(for: face.bounds) }
        guard let points = face.landmarks, let upright = face.uprightLandmarks else {
            return CIFaceFeature(bounds: face.bounds, leftEye: nil, rightEye: nil, mouth: nil, tracking: track, angle: nil,
                                 smile: false, leftEyeClosed: false, rightEyeClosed: false)
        }
        func mean(_ range: ClosedRange<Int>, _ p: [CGPoint]) -> CGPoint {
            let n = CGFloat(range.count)
            return CGPoint(x: range.reduce(0) { $0 + p[$1].x } / n, y: range.reduce(0) { $0 + p[$1].y } / n)
        }
        let left = mean(36...41, upright), right = mean(42...47, upright)
        // Upright pixels run y down: negate dy for a counter-clockwise angle.
        let angle = Float(atan2(-(right.y - left.y), right.x - left.x) * 180 / .pi)
        let ratios = FaceLandmarkRatios(upright)
        return CIFaceFeature(bounds: face.bounds, leftEye: mean(36...41, points), rightEye: mean(42...47, points), mouth: mean(48...59, points),
                             tracking: track, angle: angle, smile: smile && ratios.smiles,
                             leftEyeClosed: blink && ratios.leftEyeOpenness < FaceLandmarkRatios.closedEye,
                             rightEyeClosed: blink && ratios.rightEyeOpenness < FaceLandmarkRatios.closedEye)
    }

    /// The same ID for a face overlapping (IoU > 0.3) one of the previous call's faces, else a new one.
    private func trackingIdentity(for bounds: CGRect) -> (id: Int32, frames: Int32) {
        lock.lock()
        defer { lock.unlock() }
        func iou(_ a: CGRect, _ b: CGRect) -> CGFloat {
            let i = a.intersection(b)
            guard !i.isNull else { return 0 }
            let inter = i.width * i.height
            return inter / (a.width * a.height + b.width * b.height - inter)
        }
        if let index = tracked.indices.max(by: { iou(tracked[$0].bounds, bounds) < iou(tracked[$1].bounds, bounds) }),
           iou(tracked[index].bounds, bounds) > 0.3 {
            tracked[index].bounds = bounds
            tracked[index].frames += 1
            return (tracked[index].id, tracked[index].frames)
        }
        let entry = (bounds: bounds, id: nextTrackingID, frames: Int32(1))
        nextTrackingID += 1
        tracked.append(entry)
        if tracked.count > 64 { tracked.removeFirst() }
        return (entry.id, entry.frames)
    }
}
