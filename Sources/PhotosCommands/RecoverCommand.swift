import ArgumentParser
import PhotoLibrary

/// `photos recover ID...`: brings assets back from Recently Deleted.
struct RecoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recover", abstract: "Bring assets back from Recently Deleted.")
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "Asset identifiers.") var identifiers: [String]

    func run() throws {
        let library = try libraryOptions.open()
        let records = try identifiers.map { try library.asset($0) }
        if let live = records.first(where: { $0.trashedDate == nil }) { throw CommandError("\(live.identifier) is not in Recently Deleted") }
        try library.apply(ChangeBatch(operations: [.recoverAssets(records.map(\.identifier))]))
        print("Recovered \(records.count) asset\(records.count == 1 ? "" : "s")")
    }
}
