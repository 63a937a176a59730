import Foundation
import PhotoLibrary
import ServedLibrary

/// A photo library: the entry point for changes and change observation.
///
/// `shared()` opens the library at `$PHOTOS_LIBRARY`, else `~/Pictures/Photos Library.photoslibrary`, creating it
/// on first use. Linux addition: `init(url:)` opens or creates any other library.
///
/// Two back ends, one behaviour: a library directory opened in this process, or a library served by
/// `photos serve --socket PATH`, named by a `unix:` URL (`PHOTOS_LIBRARY=unix:/run/user/1000/photos.sock`). A
/// served library is asked for everything through its service, which decides what this program may see and change
/// (the owner's grant: full, limited to a selection, add-only). Fetches, objects, counts, change requests, change
/// observation, persistent history, cloud identifiers, resource bytes, image, image-data and video requests
/// (pictures made here from originals downloaded once into a local cache), Live Photos and content editing work
/// against both; PhotosUI's editing-extension host and picked items' files still need a library directory (they
/// fail with `PHPhotosError` `.changeNotSupported` on a served library).
///
/// Differences from Apple: the change block runs synchronously on the calling thread (it only records
/// requests); the changes are then committed on a background serial queue, where the completion handler runs.
public final class PHPhotoLibrary: NSObject, @unchecked Sendable {
    /// Where fetches, records, changes and history come from: the local library or a served one.
    public let backend: any LibraryBackend
    /// The library directory opened in this process; nil for a served library.
    public let localLibrary: Library?
    /// The library directory, or the `unix:` URL of a served library. Linux addition.
    public let url: URL
    /// The core library this object adapts, when it is a directory opened in this process. Linux addition.
    ///
    /// A served library has none: reaching for it is a programming error that stops the program with a message
    /// (use `localLibrary` where both kinds are possible).
    public var library: Library {
        guard let localLibrary else {
            fatalError("PHPhotoLibrary.library: \(url.absoluteString) is a served library; this operation needs a library directory")
        }
        return localLibrary
    }
    /// The served library, when this object is one.
    package var servedLibrary: ServedLibrary? { backend as? ServedLibrary }
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

    /// Opens (creating if needed) the library at a directory, or connects to a served library: on this machine at
    /// its socket (`URL(string: "unix:/path/to/socket")`), from another at its HTTPS address
    /// (`URL(string: "https://host:port")`, with an API token in `PHOTOS_LIBRARY_TOKEN` and, for a self-signed
    /// service, its certificate in `PHOTOS_LIBRARY_CA`; plain `http://` only on the loopback interface). Linux addition.
    public init(url: URL) throws {
        do {
            if ServedLibrary.isServiceURL(url) {
                backend = try ServedLibrary(url: url)
                localLibrary = nil
                self.url = url
            } else {
                let library = try Library.open(at: url)
                backend = library
                localLibrary = library
                self.url = library.url
            }
        } catch {
            throw PHPhotosError(libraryError: error)
        }
        super.init()
        // Photos that expired from Recently Deleted while opening take their thumbnails and screen images with them.
        if let purge = localLibrary?.expiredTrashPurge { derivativesNeedUpdate(after: purge) }
    }

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
            fatalError("PHPhotoLibrary.shared(): cannot open the photo library at \(url.isFileURL ? url.path : url.absoluteString): \(error.localizedDescription)")
        }
    }

    /// Makes `library` the shared one unless one is open already; returns the shared one.
    static func adoptShared(_ library: PHPhotoLibrary) -> PHPhotoLibrary {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let sharedLibrary { return sharedLibrary }
        sharedLibrary = library
        return library
    }

    /// The shared library when it is open (by `shared()` or `setShared(_:)`), without opening it.
    static func currentShared() -> PHPhotoLibrary? {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        return sharedLibrary
    }

    /// Makes `library` the one `shared()` returns (or forgets it with nil). Linux addition, for tests and for
    /// servers that switch libraries.
    public class func setShared(_ library: PHPhotoLibrary?) {
        sharedLock.lock()
        sharedLibrary = library
        sharedLock.unlock()
    }

    /// Where `shared()` looks: `$PHOTOS_LIBRARY` (a directory, or a served library's `unix:/path/to/socket` or
    /// `https://host:port`), else `~/Pictures/Photos Library.photoslibrary`. Linux addition.
    public class func defaultURL() -> URL {
        if let path = ProcessInfo.processInfo.environment["PHOTOS_LIBRARY"], !path.isEmpty {
            if let url = URL(string: path), url.scheme != nil, ServedLibrary.isServiceURL(url) { return url }
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent("Pictures/Photos Library.photoslibrary", isDirectory: true)
    }
}
