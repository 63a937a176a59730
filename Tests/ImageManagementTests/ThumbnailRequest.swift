import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import Photos

/// The 64×64 thumbnail PhotoKit serves for an asset (synchronous, exact resize), as the derivative tests read it.
func thumbnail(_ asset: PHAsset, version: PHImageRequestOptionsVersion = .current) throws -> CGImage {
    let options = PHImageRequestOptions()
    options.isSynchronous = true
    options.version = version
    options.resizeMode = .exact
    var image: UIImage?
    PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: 64, height: 64), contentMode: .aspectFill, options: options) { result, _ in
        image = result
    }
    return try #require(image?.cgImage)
}
