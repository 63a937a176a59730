import Foundation
import UIKit

/// The uniform type identifier of a Live Photo bundle (a folder holding the still and the movie).
let livePhotoBundleTypeIdentifier = "com.apple.live-photo-bundle"

extension PHLivePhoto: NSItemProviderReading {
    /// A Live Photo bundle (`com.apple.live-photo-bundle`).
    public static var readableTypeIdentifiersForItemProvider: [String] { [livePhotoBundleTypeIdentifier] }

    /// Not supported on Linux: a Live Photo is two files, never one buffer of bytes. A picked Live Photo's item
    /// provider makes the `PHLivePhoto` directly (naming the library's still and movie), so
    /// `loadObject(ofClass: PHLivePhoto.self)` works there; this throws `CocoaError(.featureUnsupported)`.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        throw CocoaError(.featureUnsupported)
    }
}
