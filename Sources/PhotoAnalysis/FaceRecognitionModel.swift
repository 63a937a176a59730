internal import CFaceDescriptors
import Foundation
import CoreGraphics
import PhotoLibrary
internal import OptionalLibraries

/// dlib's ResNet face-recognition model (`dlib_face_recognition_resnet_model_v1.dat`, public domain / CC0): Debian's
/// libdlib-data lacks it, PyPI's `face_recognition_models` has it (`scripts/setup.sh` installs that and copies the
/// file to `/usr/local/share/dlib`). Looked for at `$PHOTOKIT_FACE_RECOGNITION_MODEL`, then in `/usr/local/share/dlib`
/// and `/usr/share/dlib`, then in that package's folder under the system's Python installations. Loaded once, on first use (22 MB, a fraction of a second).
final class FaceRecognitionModel: @unchecked Sendable {
    static let fileName = "dlib_face_recognition_resnet_model_v1.dat"

    /// The model, or why there is none (photos are then analysed without face descriptors, so without people).
    static let shared: Result<FaceRecognitionModel, AnalysisFailure> = {
        guard let path = locate() else {
            return .failure(AnalysisFailure("No face-recognition model (\(fileName)): install PyPI's face_recognition_models or set PHOTOKIT_FACE_RECOGNITION_MODEL"))
        }
        do { try OptionalLibrary.dlib.load() } catch { return .failure(AnalysisFailure("\(error)")) }
        var message = [CChar](repeating: 0, count: 512)
        guard let model = fd_create(path, &message, Int32(message.count)) else {
            return .failure(AnalysisFailure("Cannot load the face-recognition model at \(path): \(FaceRecognitionModel.text(message))"))
        }
        return .success(FaceRecognitionModel(model, path: path))
    }()

    /// Where the model file is, if anywhere.
    static func locate() -> String? {
        let fm = FileManager.default
        if let path = ProcessInfo.processInfo.environment["PHOTOKIT_FACE_RECOGNITION_MODEL"] {
            return fm.isReadableFile(atPath: path) ? path : nil
        }
        var candidates = ["/usr/local/share/dlib/\(fileName)", "/usr/share/dlib/\(fileName)"]
        for lib in ["/usr/local/lib", "/usr/lib"] {
            for python in ((try? fm.contentsOfDirectory(atPath: lib)) ?? []).filter({ $0.hasPrefix("python3") }).sorted().reversed() {
                for site in ["dist-packages", "site-packages"] {
                    candidates.append("\(lib)/\(python)/\(site)/face_recognition_models/models/\(fileName)")
                }
            }
        }
        return candidates.first { fm.isReadableFile(atPath: $0) }
    }

    /// A C message buffer as text (up to its first NUL).
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private let model: OpaquePointer
    let path: String

    private init(_ model: OpaquePointer, path: String) { (self.model, self.path) = (model, path) }
    deinit { fd_destroy(model) }

    /// The 128-number descriptor of the face with `landmarks` (68 points in the picture's pixels, y down).
    func describe(rgb: [UInt8], width: Int, height: Int, landmarks: [CGPoint]) throws(AnalysisFailure) -> [Float] {
        guard landmarks.count == 68 else { throw AnalysisFailure("A face descriptor needs 68 landmarks, not \(landmarks.count)") }
        let points = landmarks.flatMap { [Double($0.x), Double($0.y)] }
        var descriptor = [Float](repeating: 0, count: 128)
        var message = [CChar](repeating: 0, count: 256)
        let status = rgb.withUnsafeBufferPointer { p in
            fd_describe(model, p.baseAddress, Int32(width), Int32(height), Int32(width * 3), points, &descriptor, &message, Int32(message.count))
        }
        guard status == 0 else { throw AnalysisFailure("Face descriptor failed: \(FaceRecognitionModel.text(message))") }
        return descriptor
    }
}
