// A PhotoKit program written as for iOS, running on Linux: `swift run photokit-example [LIBRARY]`, where LIBRARY is
// a library directory, the `unix:` socket of `photos serve`, or its `https://host:port` address with an API token in
// PHOTOS_LIBRARY_TOKEN (then the service decides what this program may do).
import Foundation
import Photos

if CommandLine.arguments.count > 1 {
    let argument = CommandLine.arguments[1]
    let url = ["unix:", "https:", "http:"].contains(where: argument.hasPrefix) ? URL(string: argument)! : URL(fileURLWithPath: argument)
    do {
        PHPhotoLibrary.setShared(try PHPhotoLibrary(url: url))
    } catch {
        print("cannot open \(argument): \(error.localizedDescription)")
        exit(1)
    }
}

// Ask first, as an iOS app does (a library directory is always authorized; a served library asks its owner).
let status = await PHPhotoLibrary.requestAuthorization(for: .readWrite)
guard status == .authorized || status == .limited else {
    print("no access to the photo library (status \(status.rawValue))")
    exit(1)
}

// Favourites, newest first.
let options = PHFetchOptions()
options.predicate = NSPredicate(format: "isFavorite == YES")
options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
let favorites = PHAsset.fetchAssets(with: options)
print("\(favorites.count) favourite(s)")

// Albums with their counts.
let albums = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
albums.enumerateObjects { album, _, _ in
    print("album \(album.localizedTitle ?? "?"): \(album.estimatedAssetCount) asset(s)")
}

// Live Photos, and a new album holding them, in one change block.
let live = PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .smartAlbumLivePhotos, options: nil).firstObject!
let livePhotos = PHAsset.fetchAssets(in: live, options: nil)
try PHPhotoLibrary.shared().performChangesAndWait {
    let album = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Live Photos (example)")
    album.addAssets(livePhotos)
}
print("made an album of \(livePhotos.count) Live Photo(s)")
