import Foundation
import ImageManagement
import PhotoLibrary

extension PHPhotoLibrary {
    /// Runs `changeBlock` to record change requests, then commits them as one atomic transaction on a
    /// background serial queue and calls `completionHandler` there with the outcome.
    public func performChanges(_ changeBlock: @escaping () -> Void, completionHandler: ((Bool, (any Error)?) -> Void)? = nil) {
        let batch = ChangeContext.record(in: self, changeBlock)
        let handler = UncheckedBox(completionHandler)
        commitQueue.async {
            do {
                try self.commit(batch)
                handler.value?(true, nil)
            } catch {
                handler.value?(false, error)
            }
        }
    }

    /// Runs `changeBlock` and commits its requests before returning; throws a `PHPhotosError` when they fail.
    public func performChangesAndWait(_ changeBlock: @escaping () -> Void) throws {
        let batch = ChangeContext.record(in: self, changeBlock)
        try commitQueue.sync { try commit(batch) }
    }

    /// Runs `changeBlock` and commits its requests; throws a `PHPhotosError` when they fail.
    public func performChanges(_ changeBlock: @escaping () -> Void) async throws {
        let batch = ChangeContext.record(in: self, changeBlock)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            commitQueue.async {
                do {
                    try self.commit(batch)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Where content-editing outputs render: the library's `tmp/editing`, or for a served library `editing/` beside
    /// its local cache (the render is sent with the commit).
    package var renderedContentDirectory: URL {
        localLibrary.map(\.editingDirectory)
            ?? backend.imagingDirectory.deletingLastPathComponent().appendingPathComponent("editing", isDirectory: true)
    }

    /// What this process's working files in `renderedContentDirectory` are named with: the library handle's owner
    /// lock (so opening the library after a crash removes a dead process's), or `served` for a served library's
    /// local cache.
    package var workingFilePrefix: String { localLibrary?.workingFilePrefix ?? "served" }

    private func commit(_ batch: ChangeBatch) throws {
        guard !batch.operations.isEmpty else { return }
        // Rendered files of content-editing outputs are consumed by the commit, whether it succeeds or not.
        defer {
            for case .editContent(let edit) in batch.operations {
                for case .file(let url)? in [edit.rendered, edit.renderedPairedVideo]
                where url.path.hasPrefix(self.renderedContentDirectory.path + "/") {
                    try? FileManager.default.removeItem(at: url)
                }
            }
        }
        try validateRenderedContent(in: batch)
        do {
            let outcome = try backend.apply(batch)
            // A served library's service keeps its own derivatives up to date.
            if localLibrary != nil { derivativesNeedUpdate(after: outcome) }
        } catch {
            if error.code == .libraryUnavailable, let gone = localLibrary?.unavailability {
                throw PHPhotosError(unavailableLibrary: gone, path: url.path)
            }
            throw PHPhotosError(libraryError: error)
        }
    }
}

extension PHPhotoLibrary {
    /// Content-editing outputs must decode completely (the core checks type and header; this decodes pixels).
    func validateRenderedContent(in batch: ChangeBatch) throws {
        for case .editContent(let edit) in batch.operations {
            guard case .file(let url) = edit.rendered else { continue }
            if let failure = RenderedContent.failure(url, asset: edit.identifier) {
                throw PHPhotosError(.invalidResource, userInfo: [NSLocalizedDescriptionKey: failure.message])
            }
        }
    }
}

/// Carries a non-Sendable value to another queue or thread, where it is the only one using it (the commit
/// queue, the main queue of an extension process).
package struct UncheckedBox<T>: @unchecked Sendable {
    package let value: T
    package init(_ value: T) { self.value = value }
}
