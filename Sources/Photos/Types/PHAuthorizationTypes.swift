import Foundation

/// The app's permission to access the photo library. Raw values match Apple's
/// `PHAuthorizationStatus`.
public enum PHAuthorizationStatus: Int, Sendable {
    /// The user has not chosen yet.
    case notDetermined = 0
    /// Access is restricted (e.g. parental controls) and the user cannot grant it.
    case restricted = 1
    /// The user denied access.
    case denied = 2
    /// The user granted access.
    case authorized = 3
    /// The user granted access to a selection of assets only (Apple: iOS 14).
    case limited = 4
}

/// The level of library access an app requests (Apple: iOS 14 / macOS 11). Raw values match
/// Apple's `PHAccessLevel`.
public enum PHAccessLevel: Int, Sendable {
    /// Add assets only, without reading the library.
    case addOnly = 1
    /// Read and write the library.
    case readWrite = 2
}
