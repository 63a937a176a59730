import Foundation
import PhotoLibrary
import FetchPredicates

extension PHAssetCollection {
    /// Asset collections by local identifier.
    public class func fetchAssetCollections(withLocalIdentifiers identifiers: [String], options: PHFetchOptions?) -> PHFetchResult<PHAssetCollection> {
        runCollectionFetch(.identifiers(identifiers, kind: .assetCollection), options, options.library(), PredicateSchemas.assetCollection)
    }

    /// Asset collections of a type and subtype (`.any` for every subtype).
    public class func fetchAssetCollections(with type: PHAssetCollectionType, subtype: PHAssetCollectionSubtype, options: PHFetchOptions?) -> PHFetchResult<PHAssetCollection> {
        runCollectionFetch(.assetCollections(type: type.rawValue, subtype: subtype == .any ? nil : subtype.rawValue),
                         options, options.library(), PredicateSchemas.assetCollection)
    }

    /// Asset collections of a type that contain an asset (smart albums by their live query).
    public class func fetchAssetCollectionsContaining(_ asset: PHAsset, with type: PHAssetCollectionType, options: PHFetchOptions?) -> PHFetchResult<PHAssetCollection> {
        runCollectionFetch(.containingAsset(asset.record.rowID, type: type.rawValue), options, options.library(default: asset.photoLibrary), PredicateSchemas.assetCollection)
    }

    /// Every moment, oldest first.
    public class func fetchMoments(with options: PHFetchOptions?) -> PHFetchResult<PHAssetCollection> {
        runCollectionFetch(.assetCollections(type: CollectionRaw.moment, subtype: nil), options, options.library(), PredicateSchemas.assetCollection)
    }

    /// The moments of a moment list.
    public class func fetchMoments(inMomentList momentList: PHCollectionList, options: PHFetchOptions?) -> PHFetchResult<PHAssetCollection> {
        guard let record = momentList.record else { return PHFetchResult() }
        return runCollectionFetch(.children(of: record.rowID), options, options.library(default: momentList.photoLibrary), PredicateSchemas.assetCollection)
    }
}

extension PHCollectionList {
    /// The lists that directly contain a collection (its folder, or a moment's cluster and year lists).
    public class func fetchCollectionListsContaining(_ collection: PHCollection, options: PHFetchOptions?) -> PHFetchResult<PHCollectionList> {
        guard let record = collection.record else { return PHFetchResult() }
        return runCollectionFetch(.listsContaining(record.rowID), options, options.library(default: collection.photoLibrary), PredicateSchemas.collectionList)
    }

    /// Collection lists by local identifier.
    public class func fetchCollectionLists(withLocalIdentifiers identifiers: [String], options: PHFetchOptions?) -> PHFetchResult<PHCollectionList> {
        runCollectionFetch(.identifiers(identifiers, kind: .collectionList), options, options.library(), PredicateSchemas.collectionList)
    }

    /// Collection lists of a type and subtype (`.any` for every subtype).
    public class func fetchCollectionLists(with collectionListType: PHCollectionListType, subtype: PHCollectionListSubtype, options: PHFetchOptions?) -> PHFetchResult<PHCollectionList> {
        runCollectionFetch(.collectionLists(type: collectionListType.rawValue, subtype: subtype == .any ? nil : subtype.rawValue),
                         options, options.library(), PredicateSchemas.collectionList)
    }

    /// The moment list of a subtype (cluster or year) containing a moment.
    public class func fetchMomentLists(with momentListSubtype: PHCollectionListSubtype, containingMoment moment: PHAssetCollection, options: PHFetchOptions?) -> PHFetchResult<PHCollectionList> {
        guard let record = moment.record else { return PHFetchResult() }
        return runCollectionFetch(.momentLists(subtype: momentListSubtype.rawValue, containingMoment: record.rowID), options,
                                options.library(default: moment.photoLibrary), PredicateSchemas.collectionList)
    }

    /// Every moment list of a subtype (cluster or year).
    public class func fetchMomentLists(with momentListSubtype: PHCollectionListSubtype, options: PHFetchOptions?) -> PHFetchResult<PHCollectionList> {
        runCollectionFetch(.momentLists(subtype: momentListSubtype.rawValue, containingMoment: nil), options, options.library(), PredicateSchemas.collectionList)
    }
}

extension PHCollection {
    /// The children of a folder or moment list (albums and folders, or moments), in order.
    public class func fetchCollections(in collectionList: PHCollectionList, options: PHFetchOptions?) -> PHFetchResult<PHCollection> {
        if let children = collectionList.transientCollections {
            return PHFetchResult(source: .objects(children), library: collectionList.photoLibrary, options: options)
        }
        guard let record = collectionList.record else { return PHFetchResult() }
        return runCollectionFetch(.children(of: record.rowID), options, options.library(default: collectionList.photoLibrary), PredicateSchemas.collection)
    }

    /// The albums and folders at the top of the user's hierarchy.
    public class func fetchTopLevelUserCollections(with options: PHFetchOptions?) -> PHFetchResult<PHCollection> {
        runCollectionFetch(.topLevelUserCollections, options, options.library(), PredicateSchemas.collection)
    }
}

func runCollectionFetch<T: PHCollection>(_ scope: CollectionQuery.Scope, _ options: PHFetchOptions?, _ library: PHPhotoLibrary,
                                       _ schema: PredicateSchema) -> PHFetchResult<T> {
    let (query, snapshot) = fetchOrTrap { () throws(LibraryError) -> (CollectionQuery, FetchedRowIDs) in
        let (predicate, sort) = try options?.parse(schema) ?? (nil, [])
        var query = CollectionQuery(scope: scope, sort: sort, limit: options?.fetchLimit ?? 0)
        try query.filter(by: predicate, schema: schema)
        return (query, try library.fetchRowIDs { () throws(LibraryError) in try library.backend.fetchRowIDs(.collections(query)) })
    }
    return PHFetchResult(source: .collections(snapshot.list), library: library, options: options, query: .collections(query), token: snapshot.token,
                         positions: snapshot.positions)
}
