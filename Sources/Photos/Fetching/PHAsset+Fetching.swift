import Foundation
import PhotoLibrary

extension PHAsset {
    /// The assets of a collection (album, smart album, moment or transient collection), in the collection's
    /// order unless sorted.
    public class func fetchAssets(in assetCollection: PHAssetCollection, options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        let library = options.library(default: assetCollection.photoLibrary)
        if let members = assetCollection.transientAssets { return fetch(.rowIDs(members), options, library) }
        guard let record = assetCollection.record else { return PHFetchResult() }
        return fetch(.collection(record.rowID), options, library)
    }

    /// Every asset of a media type.
    public class func fetchAssets(with mediaType: PHAssetMediaType, options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        fetch(.mediaType(MediaType(rawValue: mediaType.rawValue) ?? .unknown), options, options.library())
    }

    /// Assets by local identifier; hidden assets are included by default, as in PhotoKit.
    public class func fetchAssets(withLocalIdentifiers identifiers: [String], options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        fetch(.identifiers(identifiers), options, options.library())
    }

    /// The asset that stands for a collection (its first), or nil when the collection is empty.
    public class func fetchKeyAssets(in assetCollection: PHAssetCollection, options: PHFetchOptions?) -> PHFetchResult<PHAsset>? {
        let all = fetchAssets(in: assetCollection, options: options)
        guard let first = all.firstObject else { return nil }
        return PHFetchResult(source: .assets([first.record.rowID]), library: all.library, options: options)
    }

    /// The frames of a burst: the representative and user picks, or every frame with `includeAllBurstAssets`.
    public class func fetchAssets(withBurstIdentifier burstIdentifier: String, options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        fetch(.burst(burstIdentifier), options, options.library())
    }

    /// Every asset matching the options.
    public class func fetchAssets(with options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        fetch(.all, options, options.library())
    }

    static func fetch(_ scope: AssetQuery.Scope, _ options: PHFetchOptions?, _ library: PHPhotoLibrary) -> PHFetchResult<PHAsset> {
        let (query, snapshot) = fetchOrTrap { () throws(LibraryError) -> (AssetQuery, FetchedRowIDs) in
            let (predicate, sort) = try options?.parse(PredicateSchemas.asset) ?? (nil, [])
            let sources = options?.includeAssetSourceTypes.rawValue ?? 0
            var query = AssetQuery(scope: scope, sort: sort,
                                   includeHiddenAssets: options?.includeHiddenAssets ?? false,
                                   includeAllBurstAssets: options?.includeAllBurstAssets ?? false,
                                   sourceTypes: sources == 0 ? nil : Int(sources), limit: options?.fetchLimit ?? 0)
            try query.filter(by: predicate)
            return (query, try library.fetchRowIDs { () throws(LibraryError) in try library.backend.fetchRowIDs(.assets(query)) })
        }
        let result = PHFetchResult<PHAsset>(source: .assets(snapshot.list), library: library, options: options, query: .assets(query),
                                            token: snapshot.token, positions: snapshot.positions)
        result.preload(snapshot.firstAssets.map { PHAsset(record: $0, library: library) })
        return result
    }
}
