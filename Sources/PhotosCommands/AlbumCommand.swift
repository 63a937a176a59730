import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos album create|rename|add|remove|delete`: edits user albums.
struct AlbumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album", abstract: "Create, rename, fill, empty and delete albums.",
        subcommands: [Create.self, Rename.self, Add.self, Remove.self, Delete.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create an album (prints its identifier).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The album's title.") var name: String
        @Option(help: "Put the album in this folder (identifier).") var folder: String?

        func run() throws {
            let library = try libraryOptions.open()
            let identifier = LocalIdentifier.make(.assetCollection)
            var operations: [ChangeOperation] = [.createAlbum(identifier: identifier, title: name)]
            if let folder {
                let record = try library.collection(folder)
                guard record.kind == .collectionList, record.isUserCollection else { throw CommandError("\(folder) is not a folder") }
                operations.append(.editCollection(identifier: record.identifier, title: nil, members: [.add([identifier])]))
            }
            try library.apply(ChangeBatch(operations: operations))
            print(identifier)
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename an album.")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "Album identifier.") var identifier: String
        @Argument(help: "New title.") var name: String

        func run() throws {
            let library = try libraryOptions.open()
            let album = try library.album(identifier)
            try library.apply(ChangeBatch(operations: [.editCollection(identifier: album.identifier, title: name, members: [])]))
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add assets to an album.")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "Album identifier.") var identifier: String
        @Argument(help: "Asset identifiers.") var assets: [String]

        func run() throws {
            let library = try libraryOptions.open()
            let album = try library.album(identifier)
            let ids = try library.assetIdentifiers(assets)
            try library.apply(ChangeBatch(operations: [.editCollection(identifier: album.identifier, title: nil, members: [.add(ids)])]))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove assets from an album (the assets stay in the library).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "Album identifier.") var identifier: String
        @Argument(help: "Asset identifiers.") var assets: [String]

        func run() throws {
            let library = try libraryOptions.open()
            let album = try library.album(identifier)
            let ids = try library.assetIdentifiers(assets)
            try library.apply(ChangeBatch(operations: [.editCollection(identifier: album.identifier, title: nil, members: [.remove(ids)])]))
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an album (its assets stay in the library).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "Album identifier.") var identifier: String

        func run() throws {
            let library = try libraryOptions.open()
            let album = try library.album(identifier)
            try library.apply(ChangeBatch(operations: [.deleteCollections([album.identifier])]))
        }
    }
}
