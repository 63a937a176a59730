import Foundation
import PhotoLibrary

/// Abstract superclass of asset collections (albums, smart albums, moments) and collection lists (folders,
/// moment lists).
public class PHCollection: PHObject, @unchecked Sendable {
    /// The stored row, or nil for transient collections.
    public let record: CollectionRecord?
    let transientTitle: String?

    init(record: CollectionRecord?, identifier: String, title: String?, library: PHPhotoLibrary) {
        self.record = record
        self.transientTitle = title
        super.init(localIdentifier: identifier, library: library)
    }

    /// The title (albums, folders, smart albums, year lists); nil for moments, whose title would be a place name.
    public var localizedTitle: String? { record?.title ?? transientTitle }
    /// True for asset collections.
    public var canContainAssets: Bool { false }
    /// True for collection lists.
    public var canContainCollections: Bool { false }
    /// Last modification of the collection itself.
    public var modificationDate: Date? { record?.modificationDate }

    /// User albums and folders allow every operation that fits their kind; smart albums, moments, moment lists
    /// and transient collections allow none.
    public func canPerform(_ anOperation: PHCollectionEditOperation) -> Bool {
        guard let record, record.isUserCollection else { return false }
        if record.isProject {
            // A project's assets are chosen when it is made: it can be renamed, deleted and have assets taken out.
            switch anOperation {
            case .delete, .rename, .removeContent: return true
            default: return false
            }
        }
        switch anOperation {
        case .delete, .rename: return true
        case .deleteContent: return false
        case .removeContent, .addContent, .createContent, .rearrangeContent: return true
        @unknown default: return false
        }
    }

    /// Makes the right subclass for a stored row.
    static func make(_ record: CollectionRecord, library: PHPhotoLibrary) -> PHCollection {
        switch record.kind {
        case .assetCollection where record.isProject: return PHProject(record: record, identifier: record.identifier, title: nil, library: library)
        case .assetCollection: return PHAssetCollection(record: record, identifier: record.identifier, title: nil, library: library)
        case .collectionList: return PHCollectionList(record: record, identifier: record.identifier, title: nil, library: library)
        }
    }
}

/// An ordered collection of assets: album, smart album, moment or project (or a transient collection).
public class PHAssetCollection: PHCollection, @unchecked Sendable {
    /// Members of a transient collection, in order.
    let transientAssets: [Int64]?
    private let countLock = NSLock()
    nonisolated(unsafe) private var liveCount: Int?

    override init(record: CollectionRecord?, identifier: String, title: String?, library: PHPhotoLibrary) {
        transientAssets = nil
        super.init(record: record, identifier: identifier, title: title, library: library)
    }

    init(transientAssets: [Int64], title: String?, library: PHPhotoLibrary) {
        self.transientAssets = transientAssets
        super.init(record: nil, identifier: LocalIdentifier.make(.assetCollection), title: title, library: library)
    }

    public override var canContainAssets: Bool { true }

    /// Album, smart album or moment (transient collections report `.smartAlbum`).
    public var assetCollectionType: PHAssetCollectionType {
        PHAssetCollectionType(rawValue: record?.type ?? CollectionRaw.smartAlbum) ?? .album
    }

    /// The subtype (transient collections report `.smartAlbumGeneric`).
    public var assetCollectionSubtype: PHAssetCollectionSubtype {
        PHAssetCollectionSubtype(rawValue: record?.subtype ?? 200) ?? .albumRegular
    }

    /// The number of assets. Albums and moments keep it stored; smart albums count their live query the first
    /// time it is read (Apple may answer `NSNotFound`; this never does).
    public var estimatedAssetCount: Int {
        if let transientAssets { return transientAssets.count }
        guard let record else { return NSNotFound }
        if record.type != CollectionRaw.smartAlbum { return record.cachedCount }
        countLock.lock()
        defer { countLock.unlock() }
        if let liveCount { return liveCount }
        let count = (try? library.backend.countOfAssets(inCollection: record.rowID)) ?? NSNotFound
        liveCount = count
        return count
    }

    /// Creation date of the earliest asset (moments), else nil.
    public var startDate: Date? { record?.startDate }
    /// Creation date of the latest asset (moments), else nil.
    public var endDate: Date? { record?.endDate }

    /// The centre of the located assets of a moment.
    public var approximateLocation: CLLocation? {
        guard let point = record?.location else { return nil }
        return CLLocation(latitude: point.latitude, longitude: point.longitude)
    }

    /// Place names of a moment. Always empty: no reverse geocoder runs offline (differs from Apple).
    public var localizedLocationNames: [String] { [] }

    /// An in-memory collection of assets, usable wherever a stored collection is.
    public class func transientAssetCollection(with assets: [PHAsset], title: String?) -> PHAssetCollection {
        PHAssetCollection(transientAssets: assets.map(\.record.rowID), title: title, library: assets.first?.library ?? .shared())
    }

    /// An in-memory collection of the assets of a fetch result.
    public class func transientAssetCollection(withAssetFetchResult fetchResult: PHFetchResult<PHAsset>, title: String?) -> PHAssetCollection {
        guard case .assets(let ids) = fetchResult.source, let library = fetchResult.library else {
            return transientAssetCollection(with: fetchResult.objects(at: IndexSet(integersIn: 0..<fetchResult.count)), title: title)
        }
        return PHAssetCollection(transientAssets: ids.array, title: title, library: library)
    }
}

/// An ordered collection of collections: a folder, a moment list, or a transient list.
public final class PHCollectionList: PHCollection, @unchecked Sendable {
    let transientCollections: [PHCollection]?

    override init(record: CollectionRecord?, identifier: String, title: String?, library: PHPhotoLibrary) {
        transientCollections = nil
        super.init(record: record, identifier: identifier, title: title, library: library)
    }

    init(transientCollections: [PHCollection], title: String?, library: PHPhotoLibrary) {
        self.transientCollections = transientCollections
        super.init(record: nil, identifier: LocalIdentifier.make(.collectionList), title: title, library: library)
    }

    public override var canContainCollections: Bool { true }

    /// Folder or moment list.
    public var collectionListType: PHCollectionListType {
        PHCollectionListType(rawValue: record?.type ?? CollectionRaw.folder) ?? .folder
    }

    /// Regular folder, moment cluster or moment year.
    public var collectionListSubtype: PHCollectionListSubtype {
        PHCollectionListSubtype(rawValue: record?.subtype ?? CollectionRaw.regularFolder) ?? .regularFolder
    }

    /// Start of the earliest moment (moment lists).
    public var startDate: Date? { record?.startDate }
    /// End of the latest moment (moment lists).
    public var endDate: Date? { record?.endDate }
    /// Always empty (no offline reverse geocoder).
    public var localizedLocationNames: [String] { [] }

    /// An in-memory list of asset collections.
    public class func transientCollectionList(with collections: [PHAssetCollection], title: String?) -> PHCollectionList {
        PHCollectionList(transientCollections: collections, title: title, library: collections.first?.library ?? .shared())
    }

    /// An in-memory list of the collections of a fetch result.
    public class func transientCollectionList(withCollectionsFetchResult fetchResult: PHFetchResult<PHAssetCollection>, title: String?) -> PHCollectionList {
        transientCollectionList(with: fetchResult.objects(at: IndexSet(integersIn: 0..<fetchResult.count)), title: title)
    }
}
