import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos folder create|add|remove|delete`: edits folders (collection lists of albums and folders).
struct FolderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folder", abstract: "Create folders and move albums and folders in and out of them.",
        subcommands: [Create.self, Add.self, Remove.self, Delete.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a folder (prints its identifier).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The folder's title.") var name: String

        func run() throws {
            let library = try libraryOptions.open()
            let identifier = LocalIdentifier.make(.collectionList)
            try library.apply(ChangeBatch(operations: [.createFolder(identifier: identifier, title: name)]))
            print(identifier)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Move albums or folders into a folder.")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "Folder identifier.") var folder: String
        @Argument(help: "Album or folder identifiers.") var children: [String]

        func run() throws {
            let library = try libraryOptions.open()
            let record = try library.folder(folder)
            let ids = try children.map { try library.collection($0).identifier }
            try library.apply(ChangeBatch(operations: [.editCollection(identifier: record.identifier, title: nil, members: [.add(ids)])]))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Move albums or folders out of a folder (to the top level).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "Folder identifier.") var folder: String
        @Argument(help: "Album or folder identifiers.") var children: [String]

        func run() throws {
            let library = try libraryOptions.open()
            let record = try library.folder(folder)
            let ids = try children.map { try library.collection($0).identifier }
            try library.apply(ChangeBatch(operations: [.editCollection(identifier: record.identifier, title: nil, members: [.remove(ids)])]))
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a folder and the albums and folders in it (assets stay).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "Folder identifier.") var folder: String

        func run() throws {
            let library = try libraryOptions.open()
            let record = try library.folder(folder)
            try library.apply(ChangeBatch(operations: [.deleteCollections([record.identifier])]))
        }
    }
}

extension Library {
    /// A user folder by identifier.
    func folder(_ identifier: String) throws -> CollectionRecord {
        let record = try collection(identifier)
        guard record.kind == .collectionList, record.isUserCollection else { throw CommandError("\(identifier) is not a folder") }
        return record
    }
}
