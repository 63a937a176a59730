import Foundation

// On Apple platforms `PHFetchResult` is an Objective-C generic: the type argument is erased at run time, so
// `albums as? PHFetchResult<PHCollection>` (or `as!`) succeeds for a `PHFetchResult<PHAssetCollection>`. Swift's
// own generic classes are invariant and keep their type argument at run time: that cast always fails here, and no
// declaration of `PHFetchResult` can change it (a Swift class cannot be covariant in its type parameter, and a
// subclass relationship between two specialisations of one generic class cannot be written). These initialisers
// are the rewrite: `PHFetchResult<PHCollection>(albums)` instead of `albums as! PHFetchResult<PHCollection>`.

extension PHFetchResult where ObjectType == PHCollection {
    /// The same fetch seen as a result of collections (Linux addition: on Apple platforms `result as!
    /// PHFetchResult<PHCollection>` does this; in Swift on Linux that cast always fails).
    ///
    /// Shares the fetched row ids and the library state with `result`, without fetching again; its objects are the
    /// same albums, folders and moments. It is a fetch result of its own for change observation:
    /// `PHChange.changeDetails(for:)` answers for it too.
    ///
    /// ```swift
    /// let albums = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
    /// let collections = PHFetchResult<PHCollection>(albums)
    /// ```
    public convenience init<Collection: PHCollection>(_ result: PHFetchResult<Collection>) {
        self.init(source: result.source, library: result.library, options: result.fetchOptions, query: result.query,
                  token: result.token)
    }
}

extension PHFetchResult where ObjectType == PHObject {
    /// The same fetch seen as a result of `PHObject`s (Linux addition, for `result as! PHFetchResult<PHObject>`
    /// on Apple platforms). Shares the row ids and library state with `result`, as the collection variant does.
    public convenience init<Object: PHObject>(_ result: PHFetchResult<Object>) {
        self.init(source: result.source, library: result.library, options: result.fetchOptions, query: result.query,
                  token: result.token)
    }
}
