import Foundation

/// The error domain of ``PHPhotosError`` (`"PHPhotosErrorDomain"`).
public let PHPhotosErrorDomain: String = "PHPhotosErrorDomain"

/// The `userInfo` key whose value is a `[String]` of local identifiers related to the error,
/// e.g. for ``PHPhotosError/Code/multipleIdentifiersFound`` (Apple: iOS 15). The string value
/// `"PHLocalIdentifiersErrorKey"` is this port's choice; Apple does not document it.
public let PHLocalIdentifiersErrorKey: String = "PHLocalIdentifiersErrorKey"

/// An error from the Photos framework, shaped like the struct Swift imports for Apple's
/// `NS_ERROR_ENUM(PHPhotosErrorDomain, PHPhotosError)`.
///
/// ```swift
/// do {
///     try library.performChangesAndWait { … }
/// } catch PHPhotosError.identifierNotFound {
///     // matches a PHPhotosError *or* an NSError in PHPhotosErrorDomain with code 3201
/// }
/// ```
///
/// Differences from Apple: the error stores its code and `userInfo` directly instead of an
/// `NSError`; bridging to `NSError` goes through `CustomNSError` (`error as NSError` gives the
/// right domain, code and user info). On Linux an `NSError` thrown elsewhere does not cast to
/// `PHPhotosError` with `as?`; pattern matching on a code (``Code/~=(_:_:)``) does accept it.
/// `userInfo` values are assumed immutable (the type is `@unchecked Sendable`, as Apple's is).
public struct PHPhotosError: CustomNSError, Hashable, @unchecked Sendable {
    /// The error codes of `PHPhotosErrorDomain`, with Apple's raw values.
    public enum Code: Int, Hashable, Sendable {
        /// An unknown, internal error.
        case internalError = -1
        /// The user cancelled the request (e.g. declined an edit or delete confirmation).
        case userCancelled = 3072
        /// The library is unavailable because its volume is not mounted.
        case libraryVolumeOffline = 3114
        /// The library became unavailable because the user moved, renamed or deleted it.
        case relinquishingLibraryBundleToWriter = 3142
        /// The library became unavailable because the user switched the system library.
        case switchingSystemPhotoLibrary = 3143
        /// The resource is in iCloud and network access was not allowed.
        case networkAccessRequired = 3164
        /// A network error occurred (Apple: iOS 16).
        case networkError = 3169
        /// An identifier (local or cloud) was not found (Apple: iOS 15).
        case identifierNotFound = 3201
        /// An identifier matched more than one object; see ``PHLocalIdentifiersErrorKey``.
        case multipleIdentifiersFound = 3202
        /// The change request is not supported as configured.
        case changeNotSupported = 3300
        /// The operation was interrupted and could not complete (transient).
        case operationInterrupted = 3301
        /// Asset resource validation failed.
        case invalidResource = 3302
        /// A required asset resource is missing.
        case missingResource = 3303
        /// There is not enough storage space for the change.
        case notEnoughSpace = 3305
        /// The request is not supported for the specified asset.
        case requestNotSupportedForAsset = 3306
        /// A request exceeded a limit, e.g. the number of upload jobs (Apple: iOS 26.1).
        /// The raw value 3307 is **not confirmed** against Apple's headers.
        case limitExceeded = 3307
        /// Access is restricted by system configuration.
        case accessRestricted = 3310
        /// The user denied access.
        case accessUserDenied = 3311
        /// The library is inside a File Provider sync root, which is not supported.
        case libraryInFileProviderSyncRoot = 5423
        /// The persistent-change token is older than the available history (Apple: iOS 16).
        case persistentChangeTokenExpired = 3105
        /// Change details are not available for the persistent change (Apple: iOS 16).
        case persistentChangeDetailsUnavailable = 3210

        /// Deprecated alias of ``internalError`` (raw value -1), like Apple's `PHPhotosErrorInvalid`.
        @available(*, deprecated, renamed: "internalError")
        public static var invalid: Code { .internalError }

        /// Matches an error whose code is `match`: a ``PHPhotosError`` with that code, or any error
        /// that bridges to an `NSError` in ``PHPhotosErrorDomain`` with that raw code. This is what
        /// makes `catch PHPhotosError.identifierNotFound` work, as in Apple's SDK.
        public static func ~= (match: Code, error: any Error) -> Bool {
            if let photosError = error as? PHPhotosError {
                return photosError.code == match
            }
            let nsError = error as NSError
            return nsError.domain == PHPhotosErrorDomain && nsError.code == match.rawValue
        }
    }

    /// The error code.
    public let code: Code

    /// Additional information; `NSLocalizedDescriptionKey` becomes the `localizedDescription`.
    public let userInfo: [String: Any]

    /// Creates an error with a code and optional user info.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }

    // MARK: CustomNSError

    /// ``PHPhotosErrorDomain``.
    public static var errorDomain: String { PHPhotosErrorDomain }

    /// The raw value of ``code``.
    public var errorCode: Int { code.rawValue }

    /// The ``userInfo`` dictionary, which `NSError` bridging uses.
    public var errorUserInfo: [String: Any] { userInfo }

    /// The `NSLocalizedDescriptionKey` value when present, otherwise Foundation's generic
    /// "The operation could not be completed. (PHPhotosErrorDomain error N.)" text.
    public var localizedDescription: String {
        (self as NSError).localizedDescription
    }

    // MARK: Hashable

    /// Equal when the codes are equal and the user-info dictionaries are equal as `NSDictionary`s.
    public static func == (lhs: PHPhotosError, rhs: PHPhotosError) -> Bool {
        guard lhs.code == rhs.code else { return false }
        if lhs.userInfo.isEmpty && rhs.userInfo.isEmpty { return true }
        return NSDictionary(dictionary: lhs.userInfo).isEqual(NSDictionary(dictionary: rhs.userInfo))
    }

    /// Hashes the code only (consistent with ``==(_:_:)``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }

    // MARK: Codes as static members

    /// ``Code/internalError``.
    public static var internalError: Code { .internalError }
    /// ``Code/userCancelled``.
    public static var userCancelled: Code { .userCancelled }
    /// ``Code/libraryVolumeOffline``.
    public static var libraryVolumeOffline: Code { .libraryVolumeOffline }
    /// ``Code/relinquishingLibraryBundleToWriter``.
    public static var relinquishingLibraryBundleToWriter: Code { .relinquishingLibraryBundleToWriter }
    /// ``Code/switchingSystemPhotoLibrary``.
    public static var switchingSystemPhotoLibrary: Code { .switchingSystemPhotoLibrary }
    /// ``Code/networkAccessRequired``.
    public static var networkAccessRequired: Code { .networkAccessRequired }
    /// ``Code/networkError``.
    public static var networkError: Code { .networkError }
    /// ``Code/identifierNotFound``.
    public static var identifierNotFound: Code { .identifierNotFound }
    /// ``Code/multipleIdentifiersFound``.
    public static var multipleIdentifiersFound: Code { .multipleIdentifiersFound }
    /// ``Code/changeNotSupported``.
    public static var changeNotSupported: Code { .changeNotSupported }
    /// ``Code/operationInterrupted``.
    public static var operationInterrupted: Code { .operationInterrupted }
    /// ``Code/invalidResource``.
    public static var invalidResource: Code { .invalidResource }
    /// ``Code/missingResource``.
    public static var missingResource: Code { .missingResource }
    /// ``Code/notEnoughSpace``.
    public static var notEnoughSpace: Code { .notEnoughSpace }
    /// ``Code/requestNotSupportedForAsset``.
    public static var requestNotSupportedForAsset: Code { .requestNotSupportedForAsset }
    /// ``Code/limitExceeded`` (raw value not confirmed).
    public static var limitExceeded: Code { .limitExceeded }
    /// ``Code/accessRestricted``.
    public static var accessRestricted: Code { .accessRestricted }
    /// ``Code/accessUserDenied``.
    public static var accessUserDenied: Code { .accessUserDenied }
    /// ``Code/libraryInFileProviderSyncRoot``.
    public static var libraryInFileProviderSyncRoot: Code { .libraryInFileProviderSyncRoot }
    /// ``Code/persistentChangeTokenExpired``.
    public static var persistentChangeTokenExpired: Code { .persistentChangeTokenExpired }
    /// ``Code/persistentChangeDetailsUnavailable``.
    public static var persistentChangeDetailsUnavailable: Code { .persistentChangeDetailsUnavailable }
    /// Deprecated alias of ``Code/internalError``.
    @available(*, deprecated, renamed: "internalError")
    public static var invalid: Code { .internalError }
}
