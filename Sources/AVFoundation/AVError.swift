import Foundation

/// The domain of AVFoundation's errors.
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"

/// An AVFoundation error: a code with Apple's raw value and a message naming the file and the problem
/// (`localizedDescription`, and `NSLocalizedFailureReasonErrorKey` in `userInfo`). `catch AVError.decodeFailed`
/// style patterns work as on Apple platforms.
public struct AVError: CustomNSError, Hashable, Sendable {
    /// The error codes raised here (raw values as Apple's `AVError.Code`).
    public enum Code: Int, Sendable {
        case unknown = -11800
        case outOfMemory = -11801
        case diskFull = -11807
        case exportFailed = -11820
        case decodeFailed = -11821
        case invalidSourceMedia = -11822
        case fileAlreadyExists = -11823
        case fileFormatNotRecognized = -11828
        case fileFailedToParse = -11829
        case operationNotSupportedForAsset = -11838
        case invalidVideoComposition = -11841
        case noSourceTrack = -11869
        case operationNotSupportedForPreset = -11871
        case operationCancelled = -11878
        case encodeFailed = -11883
    }

    public let code: Code
    /// What went wrong, in words.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public static var errorDomain: String { AVFoundationErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] {
        [NSLocalizedDescriptionKey: message, NSLocalizedFailureReasonErrorKey: message]
    }
    public var localizedDescription: String { message }

    public static let unknown = Code.unknown
    public static let decodeFailed = Code.decodeFailed
    public static let exportFailed = Code.exportFailed
    public static let fileFormatNotRecognized = Code.fileFormatNotRecognized
    public static let fileFailedToParse = Code.fileFailedToParse
    public static let noSourceTrack = Code.noSourceTrack
    public static let operationCancelled = Code.operationCancelled
    public static let fileAlreadyExists = Code.fileAlreadyExists
}

extension AVError.Code {
    /// Matches an error against a code (`catch AVError.decodeFailed`).
    public static func ~= (code: AVError.Code, error: any Error) -> Bool {
        (error as? AVError)?.code == code
    }
}
