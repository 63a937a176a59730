import ArgumentParser
import PhotoLibrary

/// `photos delete ID...`: moves assets to Recently Deleted (recoverable for 30 days).
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Move assets to Recently Deleted (recoverable for 30 days).")
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "Asset identifiers.") var identifiers: [String]

    func run() throws {
        let library = try libraryOptions.open()
        // One asset named twice (or by local identifier and by UUID) is one asset: count and trash it once.
        var seen = Set<String>()
        let ids = try identifiers.map { try library.asset($0, includeTrashed: false).identifier }.filter { seen.insert($0).inserted }
        try library.apply(ChangeBatch(operations: [.trashAssets(ids)]))
        print("Moved \(ids.count) asset\(ids.count == 1 ? "" : "s") to Recently Deleted")
    }
}
