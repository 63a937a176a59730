import Foundation
import PhotoLibrary

/// A photo library: the entry point for changes and change observation.
///
/// `shared()` opens the library at `$PHOTOS_LIBRARY`, else `~/Pictures/Photos Library.photoslibrary`, creating it
/// on first use. Linux addition: `init(url:)` opens or creates any other library.
///
/// Differences from Apple: the change block runs synchronously on the calling thread (it only records
/// requests); the changes are then committed on a background serial queue, where the completion handler runs.
public final class PHPhotoLibrary: NSObject, @unchecked Sendable {
    /// The core library this object adapts.
    public let library: Library
    /// Commits changes in submission order.
    let commitQueue = DispatchQueue(label: "PHPhotoLibrary.commit")
    /// Live fetch results, whose change details are prepared for each change.
    let fetchResults = FetchResultRegistry()
    /// Change observers and their monitor.
    let observation = ObservationState()
    /// Availability observers and their monitor.
    let availabilityObservation = AvailabilityObservationState()
    /// Held while a change block runs and while observers are called, so the two never overlap.
    let changeBlockLock = NSRecursiveLock()

    /// Opens (creating if needed) the library at a directory. Linux addition.
    public init(url: URL) throws {
        do { library = try Library.open(at: url) } catch { throw PHPhotosError(libraryError: error) }
        super.init()
        // Photos that expired from Recently Deleted while opening take their thumbnails and screen images with them.
        if let purge = library.expiredTrashPurge { derivativesNeedUpdate(after: purge) }
    }

    /// The library directory. Linux addition.
    public var url: URL { library.url }

    private static let sharedLock = NSLock()
    nonisolated(unsafe) private static var sharedLibrary: PHPhotoLibrary?

    /// The shared library. Opening it failing (unreadable directory, corrupt database) is fatal, with a message
    /// naming the path and the problem, since Apple's `shared()` cannot fail.
    public class func shared() -> PHPhotoLibrary {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let sharedLibrary { return sharedLibrary }
        let url = defaultURL()
        do {
            let library = try PHPhotoLibrary(url: url)
            sharedLibrary = library
            return library
        } catch {
            fatalError("PHPhotoLibrary.shared(): cannot open the photo library at \(url.path): \(error.localizedDescription)")
        }
    }

    /// Makes `library` the one `shared()` returns (or forgets it with nil). Linux addition, for tests and for
    /// servers that switch libraries.
    public class func setShared(_ library: PHPhotoLibrary?) {
        sharedLock.lock()
        sharedLibrary = library
        sharedLock.unlock()
    }

    /// Where `shared()` looks: `$PHOTOS_LIBRARY`, else `~/Pictures/Photos Library.photoslibrary`. Linux addition.
    public class func defaultURL() -> URL {
        if let path = ProcessInfo.processInfo.environment["PHOTOS_LIBRARY"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent("Pictures/Photos Library.photoslibrary", isDirectory: true)
    }

    // MARK: Authorization (a local library needs none: always authorized)

    /// Always `.authorized`: a library on the local file system is governed by file permissions.
    public class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus { .authorized }

    /// Calls the handler with `.authorized` on a background queue.
    public class func requestAuthorization(for accessLevel: PHAccessLevel, handler: @escaping @Sendable (PHAuthorizationStatus) -> Void) {
        DispatchQueue.global().async { handler(.authorized) }
    }

    /// Returns `.authorized`.
    public class func requestAuthorization(for accessLevel: PHAccessLevel) async -> PHAuthorizationStatus { .authorized }
}
