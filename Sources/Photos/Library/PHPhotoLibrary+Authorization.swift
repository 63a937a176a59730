import Foundation
import PhotoLibrary
import ServedLibrary

/// Authorization, as PhotoKit asks for it. A library directory opened in this process needs none (file permissions
/// govern it, as Apple documents for a program's own library): always `.authorized`. A served library
/// (`PHOTOS_LIBRARY=unix:…`) asks its service, which answers with the owner's decision about this program; a
/// request shows in the web app and in `photos access pending` until the owner answers.
extension PHPhotoLibrary {
    /// This program's authorization at `accessLevel` for the shared library (see the type's discussion).
    /// `.restricted` when the served library cannot be reached (the reason is logged).
    public class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus {
        askService("authorizationStatus(for:)") { try $0.authorizationStatus(level: accessLevel.serviceName) }
    }

    /// Asks for access at `accessLevel` when it is not determined yet, then calls `handler` on a background queue
    /// with the status; a served library's request waits until the library's owner answers.
    public class func requestAuthorization(for accessLevel: PHAccessLevel, handler: @escaping @Sendable (PHAuthorizationStatus) -> Void) {
        DispatchQueue.global().async { handler(requestAuthorizationNow(for: accessLevel)) }
    }

    /// Asks for access at `accessLevel` when it is not determined yet and returns the status (see
    /// `requestAuthorization(for:handler:)`).
    public class func requestAuthorization(for accessLevel: PHAccessLevel) async -> PHAuthorizationStatus {
        await withCheckedContinuation { continuation in
            requestAuthorization(for: accessLevel) { continuation.resume(returning: $0) }
        }
    }

    /// The read-write status as before iOS 14: limited access reports `.authorized`, as Apple's deprecated method does.
    @available(*, deprecated, renamed: "authorizationStatus(for:)")
    public class func authorizationStatus() -> PHAuthorizationStatus {
        let status = authorizationStatus(for: .readWrite)
        return status == .limited ? .authorized : status
    }

    /// Asks for read-write access as before iOS 14: limited access reports `.authorized`.
    @available(*, deprecated, renamed: "requestAuthorization(for:handler:)")
    public class func requestAuthorization(_ handler: @escaping @Sendable (PHAuthorizationStatus) -> Void) {
        requestAuthorization(for: .readWrite) { handler($0 == .limited ? .authorized : $0) }
    }

    private static func requestAuthorizationNow(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus {
        askService("requestAuthorization(for:)") { try $0.requestAuthorization(level: accessLevel.serviceName) }
    }

    /// `.authorized` for a library directory; for a served library, the status `ask` gets from its service, or
    /// `.restricted` (the reason written to standard error) when the service does not answer.
    private static func askService(_ method: String, _ ask: (ServedLibrary) throws -> String) -> PHAuthorizationStatus {
        do {
            guard let served = try sharedServedLibrary() else { return .authorized }
            return PHAuthorizationStatus(serviceName: try ask(served))
        } catch {
            FileHandle.standardError.write(Data("PHPhotoLibrary.\(method): the photo library service did not answer: \(error.localizedDescription)\n".utf8))
            return .restricted
        }
    }

    /// The shared library's service, when the shared library is served; nil for a directory. Connects the shared
    /// library when it is served and not open yet (a directory opens on first use, as before); a service that does
    /// not answer is an error here, not the fatal one `shared()` would report.
    private static func sharedServedLibrary() throws -> ServedLibrary? {
        if let current = currentShared() { return current.servedLibrary }
        guard ServedLibrary.isServiceURL(defaultURL()) else { return nil }
        return adoptShared(try PHPhotoLibrary(url: defaultURL())).servedLibrary
    }
}

extension PHAuthorizationStatus {
    /// The status the service names (`notDetermined`, `restricted`, `denied`, `authorized`, `limited`); an
    /// unknown name is `.restricted`.
    init(serviceName: String) {
        switch serviceName {
        case "notDetermined": self = .notDetermined
        case "denied": self = .denied
        case "authorized": self = .authorized
        case "limited": self = .limited
        default: self = .restricted
        }
    }
}

extension PHAccessLevel {
    /// The level's name on the service's access routes.
    var serviceName: String { self == .addOnly ? "addOnly" : "readWrite" }
}
