import Foundation

/// The feature type of faces (`CIFaceFeature.type`).
public let CIFeatureTypeFace = "Face"
/// The feature type of rectangles (`CIRectangleFeature.type`).
public let CIFeatureTypeRectangle = "Rectangle"
/// The feature type of QR codes (`CIQRCodeFeature.type`).
public let CIFeatureTypeQRCode = "QRCode"
/// The feature type of text regions (`CITextFeature.type`).
public let CIFeatureTypeText = "Text"

/// Something a `CIDetector` found: its type and bounds in the coordinates of the image searched (y up, as every
/// Core Image coordinate). Immutable.
open class CIFeature: NSObject, @unchecked Sendable {
    /// `CIFeatureTypeFace`, `…Rectangle`, `…QRCode` or `…Text`.
    open var type: String { "" }
    /// The feature's bounding rectangle in the image's coordinates.
    public let bounds: CGRect

    init(bounds: CGRect) { self.bounds = bounds }
}

/// A face: its bounds and, when the landmark model is installed, eye and mouth centres, the angle of the line
/// between the eyes, and on request smile and closed eyes. "Left" is the observer's left, as Apple documents.
open class CIFaceFeature: CIFeature, @unchecked Sendable {
    open override var type: String { CIFeatureTypeFace }
    public let hasLeftEyePosition: Bool
    /// Centre of the eye on the image's left (as displayed with the detector's orientation).
    public let leftEyePosition: CGPoint
    public let hasRightEyePosition: Bool
    /// Centre of the eye on the image's right.
    public let rightEyePosition: CGPoint
    public let hasMouthPosition: Bool
    /// Centre of the mouth.
    public let mouthPosition: CGPoint
    public let hasTrackingID: Bool
    /// With `CIDetectorTracking`: the same number for the same face across calls of one detector.
    public let trackingID: Int32
    public let hasTrackingFrameCount: Bool
    /// With `CIDetectorTracking`: calls in which this face has been found so far.
    public let trackingFrameCount: Int32
    public let hasFaceAngle: Bool
    /// Rotation of the face in the image plane, degrees counter-clockwise (from the eyes' line).
    public let faceAngle: Float
    /// With `CIDetectorSmile`: whether the face smiles (see Docs/CoreImage.md for the method).
    public let hasSmile: Bool
    /// With `CIDetectorEyeBlink`: whether the eye on the image's left is closed.
    public let leftEyeClosed: Bool
    /// With `CIDetectorEyeBlink`: whether the eye on the image's right is closed.
    public let rightEyeClosed: Bool

    init(bounds: CGRect, leftEye: CGPoint?, rightEye: CGPoint?, mouth: CGPoint?, tracking: (id: Int32, frames: Int32)?,
         angle: Float?, smile: Bool, leftEyeClosed: Bool, rightEyeClosed: Bool) {
        (hasLeftEyePosition, leftEyePosition) = (leftEye != nil, leftEye ?? .zero)
        (hasRightEyePosition, rightEyePosition) = (rightEye != nil, rightEye ?? .zero)
        (hasMouthPosition, mouthPosition) = (mouth != nil, mouth ?? .zero)
        (hasTrackingID, trackingID, hasTrackingFrameCount, trackingFrameCount) = (tracking != nil, tracking?.id ?? 0, tracking != nil, tracking?.frames ?? 0)
        (hasFaceAngle, faceAngle) = (angle != nil, angle ?? 0)
        (hasSmile, self.leftEyeClosed, self.rightEyeClosed) = (smile, leftEyeClosed, rightEyeClosed)
        super.init(bounds: bounds)
    }
}

/// A rectangle, possibly seen in perspective: its four corners (named as the image is displayed) and bounds.
open class CIRectangleFeature: CIFeature, @unchecked Sendable {
    open override var type: String { CIFeatureTypeRectangle }
    public let topLeft: CGPoint
    public let topRight: CGPoint
    public let bottomLeft: CGPoint
    public let bottomRight: CGPoint

    init(topLeft: CGPoint, topRight: CGPoint, bottomLeft: CGPoint, bottomRight: CGPoint) {
        (self.topLeft, self.topRight, self.bottomLeft, self.bottomRight) = (topLeft, topRight, bottomLeft, bottomRight)
        super.init(bounds: .enclosing([topLeft, topRight, bottomLeft, bottomRight]))
    }
}

/// A QR code: its corners, bounds, decoded message and symbol.
open class CIQRCodeFeature: CIFeature, @unchecked Sendable {
    open override var type: String { CIFeatureTypeQRCode }
    public let topLeft: CGPoint
    public let topRight: CGPoint
    public let bottomLeft: CGPoint
    public let bottomRight: CGPoint
    /// The message as text (`nil` when the payload is not text).
    public let messageString: String?
    /// The symbol as found: its data codewords after error correction, version, mask and level, read back from the
    /// image's modules (Docs/CoreImage.md). `CIBarcodeGenerator` draws the same symbol from it. `nil` when the
    /// modules could not be read back (blur, strong perspective, modules under 1.5 px).
    public let symbolDescriptor: CIQRCodeDescriptor?

    init(topLeft: CGPoint, topRight: CGPoint, bottomLeft: CGPoint, bottomRight: CGPoint, messageString: String?,
         symbolDescriptor: CIQRCodeDescriptor? = nil) {
        (self.topLeft, self.topRight, self.bottomLeft, self.bottomRight) = (topLeft, topRight, bottomLeft, bottomRight)
        self.messageString = messageString
        self.symbolDescriptor = symbolDescriptor
        super.init(bounds: .enclosing([topLeft, topRight, bottomLeft, bottomRight]))
    }
}

/// A region of text — a line of at least three characters — with its corners (named as the image is displayed)
/// and, with `CIDetectorReturnSubFeatures`, one `CITextFeature` per character. As on Apple platforms the text itself
/// is not read out. Differences from Apple: corners are those of the line's upright box in the searched display
/// (lines tilted more than a few degrees are not found), and a character made of several pieces ("i", "%") may be
/// one sub-feature per piece.
open class CITextFeature: CIFeature, @unchecked Sendable {
    open override var type: String { CIFeatureTypeText }
    public let topLeft: CGPoint
    public let topRight: CGPoint
    public let bottomLeft: CGPoint
    public let bottomRight: CGPoint
    /// The characters, left to right, as `CITextFeature`s without sub-features; `nil` unless
    /// `CIDetectorReturnSubFeatures` was set.
    public let subFeatures: [Any]?

    init(topLeft: CGPoint, topRight: CGPoint, bottomLeft: CGPoint, bottomRight: CGPoint, subFeatures: [CITextFeature]?) {
        (self.topLeft, self.topRight, self.bottomLeft, self.bottomRight) = (topLeft, topRight, bottomLeft, bottomRight)
        self.subFeatures = subFeatures
        super.init(bounds: .enclosing([topLeft, topRight, bottomLeft, bottomRight]))
    }
}
