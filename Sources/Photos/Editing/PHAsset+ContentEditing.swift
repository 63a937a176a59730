import Foundation
import PhotoLibrary

extension PHAsset {
    /// Prepares the input for editing the asset and calls `completionHandler` on the main queue, as PhotoKit
    /// does (a command-line program must service it: `dispatchMain()` or `RunLoop.main.run()`).
    ///
    /// The rule of WWDC 2014: never edited → the original; edited and `canHandleAdjustmentData` accepts the
    /// adjustment data → the original plus that adjustment data; otherwise → the current rendered image (a new
    /// edit stacks on it; reverting still returns to the original).
    @discardableResult
    public func requestContentEditingInput(with options: PHContentEditingInputRequestOptions?,
                                           completionHandler: @escaping (PHContentEditingInput?, [AnyHashable: Any]) -> Void) -> PHContentEditingInputRequestID {
        let id = ContentEditingRequests.shared.begin()
        let handler = UncheckedBox(completionHandler)
        let options = UncheckedBox(options ?? PHContentEditingInputRequestOptions())
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = Result { try makeContentEditingInput(options.value) }
            DispatchQueue.main.async {
                guard ContentEditingRequests.shared.finish(id) else {
                    handler.value(nil, [PHContentEditingInputCancelledKey: true])
                    return
                }
                switch result {
                case .success(let input): handler.value(input, [:])
                case .failure(let error): handler.value(nil, [PHContentEditingInputErrorKey: error])
                }
            }
        }
        return id
    }

    /// Cancels a pending request; its handler is called with nil and `PHContentEditingInputCancelledKey`.
    public func cancelContentEditingInputRequest(_ requestID: PHContentEditingInputRequestID) {
        ContentEditingRequests.shared.cancel(requestID)
    }

    /// The input per the rule above. `makesDisplaySizeImage: false` skips decoding `displaySizeImage`, for hosts
    /// that hand the input to another process (which makes its own); `includesLivePhoto: false` leaves out a Live
    /// Photo's `livePhoto` (for editors that edit the still only).
    package func makeContentEditingInput(_ options: PHContentEditingInputRequestOptions,
                                         makesDisplaySizeImage: Bool = true, includesLivePhoto: Bool = true) throws -> PHContentEditingInput {
        let library = self.library
        // The directory's files, or a served library's verified downloads (the same rule either way).
        let backend = library.backend
        do {
            let base = try backend.editingBase(assetRowID: record.rowID) { options.canHandleAdjustmentData(PHAdjustmentData($0)) }
            let adjustment = base.adjustment.map { PHAdjustmentData($0) }
            let url = try backend.resourceFile(base.resource)
            var livePhoto: PHLivePhoto?
            if includesLivePhoto, mediaSubtypes.contains(.photoLive), let records = try? backend.resources(assetRowID: record.rowID),
               let pair = LivePhotoResources.pair(records, original: base.basedOnOriginal), pair.still.rowID == base.resource.rowID {
                livePhoto = PHLivePhoto(photoURL: url, videoURL: try backend.resourceFile(pair.movie),
                                        size: CGSize(width: pair.still.pixelWidth, height: pair.still.pixelHeight))
            }
            return PHContentEditingInput(asset: self, library: library, adjustmentData: adjustment, fullSizeImageURL: url,
                                         orientation: Int32(base.orientation), uniformTypeIdentifier: base.resource.uniformTypeIdentifier,
                                         baseIsOriginal: base.basedOnOriginal, makesDisplaySizeImage: makesDisplaySizeImage, livePhoto: livePhoto)
        } catch let error as LibraryError {
            throw PHPhotosError(libraryError: error)
        }
    }
}

/// Live content-editing input requests, so a cancelled one reports cancellation.
final class ContentEditingRequests: @unchecked Sendable {
    static let shared = ContentEditingRequests()
    private let lock = NSLock()
    private var next = 1
    private var live: Set<Int> = []

    func begin() -> Int { lock.lock(); defer { lock.unlock() }; let id = next; next += 1; live.insert(id); return id }
    func cancel(_ id: Int) { lock.lock(); live.remove(id); lock.unlock() }
    /// True when the request is still live (and ends it).
    func finish(_ id: Int) -> Bool { lock.lock(); defer { lock.unlock() }; return live.remove(id) != nil }
}
