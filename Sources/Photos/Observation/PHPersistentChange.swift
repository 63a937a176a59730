import Foundation
import PhotoLibrary

/// A position in a library's persistent change history. Archive it (`NSSecureCoding`) to resume later —
/// tokens survive restarts — and pass it to `PHPhotoLibrary.fetchPersistentChanges(since:)`.
public final class PHPersistentChangeToken: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The library the token belongs to.
    let libraryIdentifier: String
    /// The change-log token.
    let value: Int64

    init(libraryIdentifier: String, value: Int64) {
        self.libraryIdentifier = libraryIdentifier
        self.value = value
        super.init()
    }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(libraryIdentifier as NSString, forKey: "library")
        coder.encode(value, forKey: "token")
    }

    public required init?(coder: NSCoder) {
        guard let library = coder.decodeObject(of: NSString.self, forKey: "library") else { return nil }
        libraryIdentifier = library as String
        value = coder.decodeInt64(forKey: "token")
        super.init()
    }

    /// Tokens are immutable, so a copy is the token itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PHPersistentChangeToken else { return false }
        return other.libraryIdentifier == libraryIdentifier && other.value == value
    }

    public override var hash: Int { value.hashValue ^ libraryIdentifier.hashValue }
    public override var description: String { "<PHPersistentChangeToken \(value)>" }
}

/// One committed transaction in the persistent change history.
public final class PHPersistentChange: NSObject, @unchecked Sendable {
    /// The token after this change (pass it to `fetchPersistentChanges(since:)` to continue from here).
    public let changeToken: PHPersistentChangeToken
    let changes: LibraryChanges

    init(token: PHPersistentChangeToken, changes: LibraryChanges) {
        changeToken = token
        self.changes = changes
        super.init()
    }

    /// The local identifiers this change inserted, updated and deleted for one kind of object. Throws
    /// `PHPhotosError.persistentChangeDetailsUnavailable` for a bulk change that was not itemised.
    public func changeDetails(for objectType: PHObjectType) throws -> PHPersistentObjectChangeDetails {
        guard !changes.isReset else {
            throw PHPhotosError(.persistentChangeDetailsUnavailable, userInfo: [NSLocalizedDescriptionKey: "This change was a bulk change without itemised details; refetch"])
        }
        let objects: ObjectChanges
        switch objectType {
        case .asset: objects = changes.assets
        case .assetCollection: objects = changes.assetCollections
        case .collectionList: objects = changes.collectionLists
        }
        return PHPersistentObjectChangeDetails(objectType: objectType, inserted: Set(objects.inserted.values),
                                               updated: Set(objects.updated.values), deleted: Set(objects.deleted.values))
    }
}

/// Which objects of one kind a persistent change inserted, updated and deleted.
public final class PHPersistentObjectChangeDetails: NSObject, @unchecked Sendable {
    /// The kind of object described.
    public let objectType: PHObjectType
    public let insertedLocalIdentifiers: Set<String>
    public let updatedLocalIdentifiers: Set<String>
    public let deletedLocalIdentifiers: Set<String>

    init(objectType: PHObjectType, inserted: Set<String>, updated: Set<String>, deleted: Set<String>) {
        self.objectType = objectType
        insertedLocalIdentifiers = inserted
        updatedLocalIdentifiers = updated
        deletedLocalIdentifiers = deleted
        super.init()
    }
}

/// The persistent changes since a token, oldest first. A `Sequence`; read lazily in pages so a very long
/// history is never held at once.
public final class PHPersistentChangeFetchResult: NSObject, Sequence, @unchecked Sendable {
    let library: any LibraryBackend
    let libraryIdentifier: String
    let start: Int64
    static let pageSize = 512

    init(library: any LibraryBackend, libraryIdentifier: String, start: Int64) {
        self.library = library
        self.libraryIdentifier = libraryIdentifier
        self.start = start
        super.init()
    }

    /// Calls `block` with each change, oldest first, until it sets `stop`.
    public func enumerateChanges(_ block: (PHPersistentChange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        var stop: ObjCBool = false
        for change in self {
            block(change, &stop)
            if stop.boolValue { return }
        }
    }

    public func makeIterator() -> Iterator { Iterator(result: self, after: start) }

    /// Walks the history page by page. A history trimmed during the walk ends it.
    public struct Iterator: IteratorProtocol {
        let result: PHPersistentChangeFetchResult
        var after: Int64
        var page: [ChangeLogEntry] = []
        var position = 0

        init(result: PHPersistentChangeFetchResult, after: Int64) { self.result = result; self.after = after }

        public mutating func next() -> PHPersistentChange? {
            if position == page.count {
                page = (try? result.library.changeLogEntries(after: after, limit: PHPersistentChangeFetchResult.pageSize)) ?? []
                position = 0
                guard !page.isEmpty else { return nil }
            }
            let entry = page[position]
            position += 1
            after = entry.token
            return PHPersistentChange(token: PHPersistentChangeToken(libraryIdentifier: result.libraryIdentifier, value: entry.token), changes: entry.changes)
        }
    }
}

extension PHPhotoLibrary {
    /// The token of the library's current state.
    public var currentChangeToken: PHPersistentChangeToken {
        PHPersistentChangeToken(libraryIdentifier: (try? backend.libraryIdentifier()) ?? "", value: (try? backend.currentChangeToken()) ?? 0)
    }

    /// The changes committed after `token`, oldest first. Throws `PHPhotosError.persistentChangeTokenExpired`
    /// when the history after the token has been trimmed (the library keeps the newest
    /// `ChangeLog.retainedEntries` changes) or the token belongs to another library: resynchronise then.
    public func fetchPersistentChanges(since token: PHPersistentChangeToken) throws -> PHPersistentChangeFetchResult {
        let identifier: String
        do {
            identifier = try backend.libraryIdentifier()
            guard token.libraryIdentifier == identifier else {
                throw LibraryError(.tokenExpired, "The change token belongs to another photo library")
            }
            _ = try backend.changeLogEntries(after: token.value, limit: 1)   // validates the token
        } catch let error as LibraryError {
            throw PHPhotosError(libraryError: error)
        }
        return PHPersistentChangeFetchResult(library: backend, libraryIdentifier: identifier, start: token.value)
    }
}
