import Foundation
import CoreGraphics
import PhotoLibrary

/// The bytes of an asset's rendition as stored, with what a client needs to display them.
public struct ImageData: Sendable {
    /// The file's bytes, unchanged.
    public var data: Data
    /// Their type identifier (e.g. "public.heic").
    public var uniformTypeIdentifier: String
    /// The orientation the bytes still need to display upright (from their EXIF/HEIF metadata).
    public var orientation: CGImagePropertyOrientation
}

extension ImageRequestEngine {
    /// Reads a rendition's bytes (PhotoKit's `requestImageDataAndOrientation`): on the caller's thread when
    /// `synchronous`, else on a request worker, delivering once to `target`. Returns the request number, which
    /// `cancel(_:)` accepts (the handler then gets `.cancelled`).
    @discardableResult
    public func requestData(_ asset: AssetRecord, version: ImageVersion, in library: any LibraryBackend, synchronous: Bool,
                            target: DeliveryTarget, handler: @escaping @Sendable (Result<ImageData, ImageManagementError>, Int32) -> Void) -> Int32 {
        let number = RequestNumbers.next()
        let state = RequestState(number: number, target: synchronous ? .callerThread : target, onCancel: {
            handler(.failure(ImageManagementError(.cancelled, "The image data request was cancelled")), number)
        }, onFinish: { [live] in live.remove($0) })
        live.insert(state, as: number)
        let job: @Sendable () -> Void = {
            guard !state.isCancelled else { return }
            let result = Result { () throws(ImageManagementError) -> ImageData in
                let set = try ImagingContext.context(for: library).representations(of: asset, version: version, in: library)
                let url = try set.original().url
                let data: Data
                do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
                    throw ImageManagementError(.unreadable, "The stored file \(url.path) cannot be read: \(error.localizedDescription)")
                }
                return ImageData(data: data, uniformTypeIdentifier: set.rendition.resource.uniformTypeIdentifier,
                                 orientation: (try? PixelOps.orientation(of: data)) ?? .up)
            }
            state.send(isFinal: true) { handler(result, number) }
        }
        if synchronous { job() } else { ImagingContext.context(for: library).requestPool.submit(job) }
        return number
    }
}
