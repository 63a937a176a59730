import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos albums`: user albums and folders as a tree, then smart albums with their counts.
struct AlbumsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "albums", abstract: "List albums and folders (as a tree) and smart albums with counts.")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let library = try libraryOptions.open()
        let tree = try children(library, of: nil)
        var smart: [[String: Any]] = []
        let smartRows = try library.collectionRowIDs(CollectionQuery(scope: .assetCollections(type: CollectionRaw.smartAlbum, subtype: nil)))
        let records = try library.collections(rowIDs: smartRows)
        for row in smartRows {
            guard let record = records[row] else { continue }
            smart.append(["localIdentifier": record.identifier, "localizedTitle": record.title ?? "", "estimatedAssetCount": try library.assetCount(collectionRowID: row),
                          "assetCollectionSubtype": record.subtype, "name": SmartAlbumNames.name(record.title ?? "")])
        }
        if output.json {
            Output.printJSON(["userCollections": tree, "smartAlbums": smart] as [String: Any])
            return
        }
        print("Albums and folders:")
        if tree.isEmpty { print("  (none)") }
        printTree(tree, indent: "  ")
        print("Smart albums:")
        for album in smart { print("  \(album["localizedTitle"]!) (\(album["estimatedAssetCount"]!))  \(album["localIdentifier"]!)") }
    }

    private func children(_ library: Library, of parent: Int64?) throws -> [[String: Any]] {
        let rows = try library.collectionRowIDs(CollectionQuery(scope: parent.map { .children(of: $0) } ?? .topLevelUserCollections))
        let records = try library.collections(rowIDs: rows)
        return try rows.compactMap { row -> [String: Any]? in
            guard let record = records[row] else { return nil }
            if record.kind == .collectionList {
                return ["kind": "folder", "localIdentifier": record.identifier, "localizedTitle": record.title ?? "",
                        "collections": try children(library, of: row)]
            }
            return ["kind": "album", "localIdentifier": record.identifier, "localizedTitle": record.title ?? "",
                    "estimatedAssetCount": try library.assetCount(collectionRowID: row)]
        }
    }

    private func printTree(_ nodes: [[String: Any]], indent: String) {
        for node in nodes {
            if node["kind"] as? String == "folder" {
                print("\(indent)\(node["localizedTitle"]!)/  \(node["localIdentifier"]!)")
                printTree(node["collections"] as? [[String: Any]] ?? [], indent: indent + "  ")
            } else {
                print("\(indent)\(node["localizedTitle"]!) (\(node["estimatedAssetCount"]!))  \(node["localIdentifier"]!)")
            }
        }
    }
}
