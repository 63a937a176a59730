import Foundation
import GRDB

extension ChangeTransaction {
    mutating func createCollection(_ identifier: String, kind: CollectionRecord.Kind, type: Int, subtype: Int, title: String) throws {
        let expected: LocalIdentifier.Kind = kind == .assetCollection ? .assetCollection : .collectionList
        guard LocalIdentifier.kind(of: identifier) == expected else {
            throw LibraryError(.invalidIdentifier, "'\(identifier)' is not a valid \(kind == .assetCollection ? "album" : "folder") identifier")
        }
        let position = (try Int.fetchOne(db, sql: "SELECT max(position) + 1 FROM collection WHERE parent_id IS NULL AND ((kind = 1 AND type = 1) OR (kind = 2 AND type = 2))")) ?? 0
        try db.execute(sql: """
            INSERT INTO collection (identifier, kind, type, subtype, title, position, creation_date, modification_date)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [identifier, kind.rawValue, type, subtype, title, position, now, now])
        outcome.insertedCollections.insert(db.lastInsertedRowID)
    }

    mutating func editCollection(_ identifier: String, title: String?, members: [MemberEdit]) throws {
        let collection = try userCollection(identifier)
        if collection.isProject, members.contains(where: { if case .remove = $0 { false } else { true } }) {
            throw LibraryError(.changeNotSupported, "A project's assets are chosen when it is made: they can only be removed (PHProjectChangeRequest.removeAssets)")
        }
        if let title {
            try db.execute(sql: "UPDATE collection SET title = ?, modification_date = ? WHERE id = ?", arguments: [title, now, collection.rowID])
        }
        if !members.isEmpty {
            if collection.kind == .assetCollection {
                try editAlbumMembers(collection, members)
            } else {
                try editFolderChildren(collection, members)
            }
        }
        outcome.updatedCollections.insert(collection.rowID)
    }

    mutating func deleteCollections(_ identifiers: [String]) throws {
        for identifier in identifiers {
            let collection = try userCollection(identifier)
            // Children of a deleted folder go with it (ON DELETE CASCADE); assets are never touched.
            let doomed = try Int64.fetchAll(db, sql: """
                WITH RECURSIVE tree(id) AS (SELECT ? UNION ALL SELECT c.id FROM collection c JOIN tree ON c.parent_id = tree.id)
                SELECT id FROM tree
                """, arguments: [collection.rowID])
            try db.execute(sql: "DELETE FROM collection WHERE id = ?", arguments: [collection.rowID])
            outcome.deletedCollections.formUnion(doomed)
        }
    }

    /// A user album or folder by identifier; smart albums and moments cannot be edited.
    func userCollection(_ identifier: String) throws -> CollectionRecord {
        guard LocalIdentifier.kind(of: identifier) == .assetCollection || LocalIdentifier.kind(of: identifier) == .collectionList else {
            throw LibraryError(.invalidIdentifier, "'\(identifier)' is not a valid collection identifier")
        }
        guard var record = try CollectionRecord.fetchOne(db, sql: "SELECT \(CollectionRecord.columns) FROM collection WHERE identifier = ?", arguments: [identifier]) else {
            throw LibraryError(.identifierNotFound, "No album or folder with identifier \(identifier)")
        }
        var byRow = [record.rowID: record]
        try ProjectAttributes.attach(to: &byRow, db)
        record = byRow[record.rowID] ?? record
        guard record.isUserCollection else {
            throw LibraryError(.changeNotSupported, "'\(record.title ?? identifier)' is a smart album, moment or moment list, which cannot be changed")
        }
        return record
    }

    // MARK: Album members

    private mutating func editAlbumMembers(_ album: CollectionRecord, _ edits: [MemberEdit]) throws {
        var members = try Int64.fetchAll(db, sql: "SELECT asset_id FROM album_asset WHERE collection_id = ? ORDER BY position", arguments: [album.rowID])
        for edit in edits {
            switch edit {
            case .add(let ids):
                for id in try assetIDs(ids) where !members.contains(id) { members.append(id) }
            case .insert(let ids, let indexes):
                let rows = try assetIDs(ids)
                try Self.insert(rows, at: indexes, into: &members, what: "assets")
            case .remove(let ids):
                let doomed = Set(try assetIDs(ids))
                members.removeAll { doomed.contains($0) }
            case .removeAt(let indexes):
                try Self.remove(at: indexes, from: &members)
            case .replace(let indexes, let ids):
                let rows = try assetIDs(ids)
                guard rows.count == indexes.count else { throw LibraryError(.changeNotSupported, "replaceAssets needs as many assets as indexes") }
                try Self.checkIndexes(indexes, count: members.count)
                for (index, row) in zip(indexes, rows) { members[index] = row }
            case .move(let indexes, let to):
                try Self.move(indexes, to: to, in: &members)
            }
        }
        var seen = Set<Int64>()
        members = members.filter { seen.insert($0).inserted }
        try storeMembers(members, of: album.rowID)
    }

    /// Replaces an album's (or project's) members with `members`, in order, and updates its count and date.
    func storeMembers(_ members: [Int64], of collection: Int64) throws {
        try db.execute(sql: "DELETE FROM album_asset WHERE collection_id = ?", arguments: [collection])
        let insert = try db.cachedStatement(sql: "INSERT INTO album_asset (collection_id, asset_id, position) VALUES (?, ?, ?)")
        for (position, asset) in members.enumerated() { try insert.execute(arguments: [collection, asset, position]) }
        try db.execute(sql: "UPDATE collection SET cached_count = ?, modification_date = ? WHERE id = ?", arguments: [members.count, now, collection])
    }

    private func assetIDs(_ identifiers: [String]) throws -> [Int64] {
        try identifiers.map { try assetRow($0).id }
    }

    // MARK: Folder children

    private mutating func editFolderChildren(_ folder: CollectionRecord, _ edits: [MemberEdit]) throws {
        var children = try Int64.fetchAll(db, sql: "SELECT id FROM collection WHERE parent_id = ? ORDER BY position, id", arguments: [folder.rowID])
        let before = Set(children)
        for edit in edits {
            switch edit {
            case .add(let ids):
                for id in try childIDs(ids, into: folder) where !children.contains(id) { children.append(id) }
            case .insert(let ids, let indexes):
                let rows = try childIDs(ids, into: folder)
                children.removeAll { rows.contains($0) }
                try Self.insert(rows, at: indexes, into: &children, what: "collections")
            case .remove(let ids):
                let doomed = Set(try ids.map { try userCollection($0).rowID })
                children.removeAll { doomed.contains($0) }
            case .removeAt(let indexes):
                try Self.remove(at: indexes, from: &children)
            case .replace(let indexes, let ids):
                let rows = try childIDs(ids, into: folder)
                guard rows.count == indexes.count else { throw LibraryError(.changeNotSupported, "replaceChildCollections needs as many collections as indexes") }
                try Self.checkIndexes(indexes, count: children.count)
                for (index, row) in zip(indexes, rows) { children[index] = row }
            case .move(let indexes, let to):
                try Self.move(indexes, to: to, in: &children)
            }
        }
        // Removed children return to the top level; kept and added ones are renumbered.
        let removed = before.subtracting(children)
        let topLevelEnd = (try Int.fetchOne(db, sql: "SELECT max(position) + 1 FROM collection WHERE parent_id IS NULL")) ?? 0
        for (offset, id) in removed.sorted().enumerated() {
            try db.execute(sql: "UPDATE collection SET parent_id = NULL, position = ? WHERE id = ?", arguments: [topLevelEnd + offset, id])
            outcome.updatedCollections.insert(id)
        }
        for (position, id) in children.enumerated() {
            try db.execute(sql: "UPDATE collection SET parent_id = ?, position = ? WHERE id = ?", arguments: [folder.rowID, position, id])
            outcome.updatedCollections.insert(id)
        }
    }

    /// Row ids of collections that may become children of `folder` (no smart albums, no cycles).
    private func childIDs(_ identifiers: [String], into folder: CollectionRecord) throws -> [Int64] {
        try identifiers.map { identifier in
            let child = try userCollection(identifier)
            guard !child.isProject else { throw LibraryError(.changeNotSupported, "Projects cannot be put in folders") }
            let ancestors = try Int64.fetchAll(db, sql: """
                WITH RECURSIVE up(id, parent) AS (SELECT id, parent_id FROM collection WHERE id = ?
                    UNION ALL SELECT c.id, c.parent_id FROM collection c JOIN up ON c.id = up.parent)
                SELECT id FROM up
                """, arguments: [folder.rowID])
            guard !ancestors.contains(child.rowID) else {
                throw LibraryError(.changeNotSupported, "A folder cannot be put inside itself or one of its own folders")
            }
            return child.rowID
        }
    }

    // MARK: Ordered-list edits shared by albums and folders

    static func checkIndexes(_ indexes: IndexSet, count: Int) throws {
        if let last = indexes.last, last >= count {
            throw LibraryError(.changeNotSupported, "Index \(last) is out of range (the collection has \(count) members)")
        }
    }

    static func insert(_ rows: [Int64], at indexes: IndexSet, into list: inout [Int64], what: String) throws {
        guard rows.count == indexes.count else {
            throw LibraryError(.changeNotSupported, "Inserting \(rows.count) \(what) needs \(rows.count) indexes, not \(indexes.count)")
        }
        list.removeAll { rows.contains($0) }
        for (index, row) in zip(indexes, rows) {
            guard index <= list.count else { throw LibraryError(.changeNotSupported, "Index \(index) is out of range (the collection has \(list.count) members)") }
            list.insert(row, at: index)
        }
    }

    static func remove(at indexes: IndexSet, from list: inout [Int64]) throws {
        try checkIndexes(indexes, count: list.count)
        for index in indexes.reversed() { list.remove(at: index) }
    }

    static func move(_ indexes: IndexSet, to destination: Int, in list: inout [Int64]) throws {
        try checkIndexes(indexes, count: list.count)
        let moving = indexes.map { list[$0] }
        for index in indexes.reversed() { list.remove(at: index) }
        guard destination <= list.count else { throw LibraryError(.changeNotSupported, "Move destination \(destination) is out of range") }
        list.insert(contentsOf: moving, at: destination)
    }
}
