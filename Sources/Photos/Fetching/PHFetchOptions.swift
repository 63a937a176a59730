import Foundation
import PhotoLibrary
import FetchPredicates

/// Options that filter, sort and limit a fetch.
///
/// Predicates and sort descriptors use the keys PhotoKit documents for the fetched class; an unsupported key or
/// a malformed format traps when the fetch runs, with a message naming the key or token, as PhotoKit raises.
public final class PHFetchOptions: NSObject, NSCopying, @unchecked Sendable {
    /// A filter over the documented keys (`NSPredicate(format:)`).
    public var predicate: NSPredicate?
    /// The order, by documented keys (`NSSortDescriptor(key:ascending:)`).
    public var sortDescriptors: [NSSortDescriptor]?
    /// Include hidden assets (default false).
    public var includeHiddenAssets = false
    /// Include every frame of bursts (default false: only representatives and user picks).
    public var includeAllBurstAssets = false
    /// Restrict to these sources (empty means every source).
    public var includeAssetSourceTypes: PHAssetSourceType = []
    /// At most this many results (0 means no limit).
    public var fetchLimit = 0
    /// Whether change details for the result compute incremental differences (default true).
    public var wantsIncrementalChangeDetails = true
    /// The library to fetch from instead of `PHPhotoLibrary.shared()`. Linux addition.
    public var photoLibrary: PHPhotoLibrary?

    public override init() { super.init() }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = PHFetchOptions()
        copy.predicate = predicate
        copy.sortDescriptors = sortDescriptors
        copy.includeHiddenAssets = includeHiddenAssets
        copy.includeAllBurstAssets = includeAllBurstAssets
        copy.includeAssetSourceTypes = includeAssetSourceTypes
        copy.fetchLimit = fetchLimit
        copy.wantsIncrementalChangeDetails = wantsIncrementalChangeDetails
        copy.photoLibrary = photoLibrary
        return copy
    }
}

extension PHFetchOptions {
    /// Parses the predicate and resolves the sort descriptors against a schema, throwing a `LibraryError` naming
    /// the problem; the query compiles the parsed predicate (`filter(by:)`), keeping it for a served library.
    func parse(_ schema: PredicateSchema) throws(LibraryError) -> (PredicateNode?, [SortKey]) {
        guard let predicate else { return (nil, try sortKeys(schema)) }
        guard let format = predicate.photosFetchFormat else {
            throw LibraryError(.unsupportedPredicate, "Unsupported predicate in fetch options: only NSPredicate(format:) predicates, "
                               + "NSPredicate(value:) and NSCompoundPredicates of them can be fetched with, not \(predicate.predicateFormat)")
        }
        if format.format == "TRUEPREDICATE" { return (nil, try sortKeys(schema)) }
        let node: PredicateNode
        do throws(FetchPredicates.PredicateError) {
            node = try PredicateParser.parse(format: format.format, arguments: format.arguments)
        } catch {
            throw LibraryError(.unsupportedPredicate, "Unsupported predicate in fetch options: \(error.message)")
        }
        return (node, try sortKeys(schema))
    }

    private func sortKeys(_ schema: PredicateSchema) throws(LibraryError) -> [SortKey] {
        var keys: [SortKey] = []
        for descriptor in sortDescriptors ?? [] {
            guard let key = descriptor.photosKey else {
                throw LibraryError(.unsupportedPredicate, "Unsupported sort descriptor in fetch options: make it with NSSortDescriptor(key:ascending:)")
            }
            keys.append(try SortKey.resolve(key, ascending: descriptor.ascending, in: schema))
        }
        return keys
    }
}

/// Runs a fetch step that PhotoKit would answer with an exception: a bad predicate traps with its message.
func fetchOrTrap<T>(_ body: () throws(LibraryError) -> T) -> T {
    do {
        return try body()
    } catch {
        fatalError(error.message)
    }
}

extension PHFetchOptions? {
    /// The library a fetch with these options reads.
    func library(default fallback: PHPhotoLibrary? = nil) -> PHPhotoLibrary {
        self?.photoLibrary ?? fallback ?? .shared()
    }
}
