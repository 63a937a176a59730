import ArgumentParser
import PhotoLibrary

/// `photos delete ID...`: moves assets to Recently Deleted (recoverable for 30 days).
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Move assets to Recently Deleted (recoverable for 30 days).")
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "Asset identifiers.") var identifiers: [String]

    func run() throws {
        let library = try libraryOptions.open()
        let ids = try identifiers.map { try library.asset($0, includeTrashed: false).identifier }
        try library.apply(ChangeBatch(operations: [.trashAssets(ids)]))
        print("Moved \(ids.count) asset\(ids.count == 1 ? "" : "s") to Recently Deleted")
    }
}
