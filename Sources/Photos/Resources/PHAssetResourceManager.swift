import Foundation
import PhotoLibrary
import ImageManagement

/// Direct access to the stored data of asset resources, without resizing or caching.
///
/// Requests run on a serial dispatch queue of their own, where the handlers are called: `dataReceivedHandler`
/// with each chunk in order (1 MiB by default), then `completionHandler` exactly once, with nil or the error
/// (`PHPhotosError.userCancelled` after `cancelDataRequest(_:)`, `.missingResource` / `.invalidResource` when the
/// stored file is gone or does not match what the library recorded). Threading: thread-safe.
public final class PHAssetResourceManager: NSObject, @unchecked Sendable {
    private static let shared = PHAssetResourceManager()
    private let live = RequestTable<CancellationToken>()

    /// The size of the chunks `requestData` delivers. Linux addition (PhotoKit chooses it).
    public var chunkSize = ResourceStreaming.defaultChunkSize

    public override init() { super.init() }

    /// The shared manager.
    public class func `default`() -> PHAssetResourceManager { shared }

    /// Streams a resource's data in chunks, then calls `completionHandler`; returns the request's identifier.
    @discardableResult
    public func requestData(for resource: PHAssetResource, options: PHAssetResourceRequestOptions?,
                            dataReceivedHandler handler: @escaping (Data) -> Void,
                            completionHandler: @escaping ((any Error)?) -> Void) -> PHAssetResourceDataRequestID {
        let token = CancellationToken()
        let number = live.insert(token)
        let handlers = UncheckedBox((handler, completionHandler, Self.progress(options)))
        let chunkSize = self.chunkSize
        DispatchQueue(label: "PHAssetResourceManager.request-\(number)").async { [live] in
            let (onData, onCompletion, progress) = handlers.value
            // A served library's resource is downloaded (and kept) first.
            let file: URL
            do throws(LibraryError) { file = try resource.photoLibrary.backend.resourceFile(resource.record) } catch {
                live.remove(number)
                onCompletion(PHPhotosError(libraryError: error))
                return
            }
            do throws(ImageManagementError) {
                try ResourceStreaming.read(resource.record, at: file,
                                           chunkSize: chunkSize, token: token, progress: progress) { chunk in onData(chunk) }
                live.remove(number)
                onCompletion(nil)
            } catch {
                live.remove(number)
                onCompletion(PHPhotosError(imageManagementError: error))
            }
        }
        return number
    }

    /// Writes a resource's data to a new file (under a temporary name, flushed, then renamed), then calls
    /// `completionHandler` on a background queue. Fails, writing nothing, when a file already exists at `fileURL`
    /// (Cocoa's `fileWriteFileExists`).
    public func writeData(for resource: PHAssetResource, toFile fileURL: URL, options: PHAssetResourceRequestOptions?,
                          completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        let progress = UncheckedBox(Self.progress(options))
        DispatchQueue(label: "PHAssetResourceManager.write").async {
            let file: URL
            do throws(LibraryError) { file = try resource.photoLibrary.backend.resourceFile(resource.record) } catch {
                completionHandler(PHPhotosError(libraryError: error))
                return
            }
            do throws(ImageManagementError) {
                try ResourceStreaming.write(resource.record, at: file,
                                            to: fileURL, progress: progress.value)
                completionHandler(nil)
            } catch {
                completionHandler(error.code == .fileExists ? CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: fileURL.path,
                                                              NSLocalizedDescriptionKey: error.message])
                                                            : PHPhotosError(imageManagementError: error))
            }
        }
    }

    /// Writes a resource's data to a new file; see `writeData(for:toFile:options:completionHandler:)`.
    public func writeData(for resource: PHAssetResource, toFile fileURL: URL, options: PHAssetResourceRequestOptions?) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writeData(for: resource, toFile: fileURL, options: options) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    /// Cancels a data request: no more chunks are delivered, and its completion handler gets
    /// `PHPhotosError.userCancelled`. Finished or unknown requests are ignored.
    public func cancelDataRequest(_ requestID: PHAssetResourceDataRequestID) {
        live.entry(requestID)?.cancel()
    }

    /// The progress callback for options, when they ask for one.
    private static func progress(_ options: PHAssetResourceRequestOptions?) -> ((Double) -> Void)? {
        guard let options, options.isNetworkAccessAllowed else { return nil }
        return options.progressHandler
    }
}
