import ArgumentParser
import Foundation
import PhotoLibrary
import ImageManagement

/// `--library PATH`, shared by every subcommand.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The photo library directory.", discussion: "Default: $PHOTOS_LIBRARY, else ~/Pictures/Photos Library.photoslibrary.", valueName: "path"))
    var library: String?

    /// The library directory to use.
    var url: URL {
        if let library { return URL(fileURLWithPath: (library as NSString).expandingTildeInPath, isDirectory: true) }
        if let path = ProcessInfo.processInfo.environment["PHOTOS_LIBRARY"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Pictures/Photos Library.photoslibrary", isDirectory: true)
    }

    /// Opens (creating if needed, by `creation`'s rule) the library. Derivatives of photos that expired from
    /// Recently Deleted while opening are deleted with them.
    func open(creation: LibraryCreation = .inNewOrEmptyDirectory) throws -> Library {
        let library = try Library.open(at: url, creation: creation)
        if let purge = library.expiredTrashPurge {
            ImagingContext.libraryDidCommit(library, outcome: purge)
        }
        return library
    }
}

/// `--json`, for commands that list.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON (PhotoKit property names, ISO 8601 dates, sorted keys).")
    var json = false
}

/// An error with a message for the user (printed as "Error: <message>", exit status 1).
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

extension Library {
    /// The asset with a local identifier (or bare UUID), trashed ones included; an error names a bad identifier.
    func asset(_ identifier: String, includeTrashed: Bool = true) throws -> AssetRecord {
        let id = Self.normalized(identifier, kind: .asset)
        guard LocalIdentifier.kind(of: id) == .asset else { throw CommandError("'\(identifier)' is not a valid asset identifier") }
        guard let row = try assetRowIDs(identifiers: [id]).first, let record = try assets(rowIDs: [row])[row],
              includeTrashed || record.trashedDate == nil else {
            throw CommandError("No asset with identifier \(identifier)")
        }
        return record
    }

    /// Checks asset identifiers and returns them in full form.
    func assetIdentifiers(_ identifiers: [String]) throws -> [String] {
        try identifiers.map { try asset($0).identifier }
    }

    /// A collection by local identifier (or bare UUID of an album/folder).
    func collection(_ identifier: String) throws -> CollectionRecord {
        var candidates = [identifier]
        if !identifier.contains("/") {
            candidates = [Self.normalized(identifier, kind: .assetCollection), Self.normalized(identifier, kind: .collectionList)]
        }
        guard candidates.contains(where: { LocalIdentifier.kind(of: $0) == .assetCollection || LocalIdentifier.kind(of: $0) == .collectionList }) else {
            throw CommandError("'\(identifier)' is not a valid album or folder identifier")
        }
        let rows = try collectionRowIDs(CollectionQuery(scope: .identifiers(candidates, kind: nil)))
        guard let row = rows.first, let record = try collections(rowIDs: [row])[row] else {
            throw CommandError("No album or folder with identifier \(identifier)")
        }
        return record
    }

    /// A user album by identifier or exact title.
    func album(_ nameOrID: String) throws -> CollectionRecord {
        if LocalIdentifier.isValid(nameOrID) || UUID(uuidString: nameOrID) != nil {
            let record = try collection(nameOrID)
            guard record.kind == .assetCollection else { throw CommandError("\(nameOrID) is a folder, not an album") }
            return record
        }
        let rows = try collectionRowIDs(CollectionQuery(scope: .assetCollections(type: CollectionRaw.album, subtype: nil)))
        let matches = try collections(rowIDs: rows).values.filter { $0.title == nameOrID }
        guard let match = matches.first else { throw CommandError("No album named '\(nameOrID)'") }
        guard matches.count == 1 else { throw CommandError("\(matches.count) albums are named '\(nameOrID)': use an identifier (see `photos albums`)") }
        return match
    }

    /// Records for row ids, in the order given.
    func orderedAssets(_ rowIDs: [Int64]) throws -> [AssetRecord] {
        let map = try assets(rowIDs: rowIDs)
        return rowIDs.compactMap { map[$0] }
    }

    static func normalized(_ identifier: String, kind: LocalIdentifier.Kind) -> String {
        if !identifier.contains("/"), UUID(uuidString: identifier) != nil { return "\(identifier)/L0/\(kind.rawValue)" }
        return identifier
    }
}
