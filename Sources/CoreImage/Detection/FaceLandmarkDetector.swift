import CFaceLandmarks
import Foundation
internal import OptionalLibraries

/// A face found by dlib's HOG detector, in the caller's image coordinates, with its 68 landmarks (iBUG 300-W order:
/// 0–16 jaw, 17–26 brows, 27–35 nose, 36–41 the eye on the image's left, 42–47 the other, 48–67 mouth) in the
/// upright display's order.
package struct DetectedFace {
    package var bounds: CGRect
    package var confidence: Double
    package var landmarks: [CGPoint]?
    /// The landmarks before mapping: upright display pixels, y down (for angles and ratios).
    package var uprightLandmarks: [CGPoint]?
}

/// dlib's frontal face detector and 68-point shape predictor (Debian libdlib-dev; the model from libdlib-data at
/// `/usr/share/dlib/shape_predictor_68_face_landmarks.dat`, or `$PHOTOKIT_FACE_LANDMARKS`). Created once on first
/// use (the model is ~100 MB and loads in about a second); safe to use from any thread (up to four
/// scans run at once; the detector keeps one scratch state per scan).
package final class FaceLandmarkDetector: @unchecked Sendable {
    package static let shared = FaceLandmarkDetector()
    static let modelPath = ProcessInfo.processInfo.environment["PHOTOKIT_FACE_LANDMARKS"] ?? "/usr/share/dlib/shape_predictor_68_face_landmarks.dat"

    private let detector: OpaquePointer?
    /// Why dlib could not be loaded, if it could not.
    private let unavailable: String?

    private init() {
        do { try OptionalLibrary.dlib.load() } catch { (detector, unavailable) = (nil, error.description); return }
        let path = Self.modelPath
        detector = FileManager.default.isReadableFile(atPath: path) ? fl_create(path) : fl_create(nil)
        unavailable = nil
    }

    deinit { fl_destroy(detector) }

    /// Whether landmarks (eyes, mouth, blink, smile) are available: the model file was found and loaded.
    package var hasLandmarks: Bool { fl_has_landmarks(detector) != 0 }

    /// Faces in `grey`, most confident first. `upsample` finds faces down to ~40 px (instead of ~80) at 4× the cost.
    package func detect(_ grey: GreyImage, upsample: Bool, threshold: Double = 0, limit: Int = 64) throws -> [DetectedFace] {
        guard let detector else { throw DetectorError(unavailable ?? "dlib's face detector could not be created") }
        var faces = [fl_face](repeating: fl_face(), count: limit)
        var message = [CChar](repeating: 0, count: 256)
        let found = grey.pixels.withUnsafeBufferPointer { p in
            fl_detect(detector, p.baseAddress, Int32(grey.width), Int32(grey.height), Int32(grey.width), upsample ? 1 : 0, threshold,
                      &faces, Int32(limit), &message, Int32(message.count))
        }
        guard found >= 0 else { throw DetectorError(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        return faces.prefix(Int(min(found, Int32(limit)))).map { face in
            let corners = [CGPoint(x: face.left, y: face.top), CGPoint(x: face.left + face.width, y: face.top),
                           CGPoint(x: face.left, y: face.top + face.height), CGPoint(x: face.left + face.width, y: face.top + face.height)]
                .map { $0.applying(grey.toImage) }
            var result = DetectedFace(bounds: CGRect.enclosing(corners), confidence: face.confidence)
            if face.has_landmarks != 0 {
                let points = withUnsafeBytes(of: face.landmarks) { raw in
                    let v = raw.bindMemory(to: Double.self)
                    return (0..<68).map { CGPoint(x: v[2 * $0], y: v[2 * $0 + 1]) }
                }
                result.uprightLandmarks = points
                result.landmarks = points.map { $0.applying(grey.toImage) }
            }
            return result
        }
    }
}

/// A detector failure (dlib or ZBar reported an error).
struct DetectorError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension CGRect {
    /// The smallest rectangle containing `points`.
    static func enclosing(_ points: [CGPoint]) -> CGRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
