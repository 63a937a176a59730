import ArgumentParser
import PhotoLibrary

/// `photos favorite|unfavorite|hide|unhide ID...`: sets an asset flag.
protocol AssetEditCommand: ParsableCommand {
    var libraryOptions: LibraryOptions { get }
    var identifiers: [String] { get }
    static var edits: AssetEdits { get }
}

extension AssetEditCommand {
    func run() throws {
        let library = try libraryOptions.open()
        let ids = try identifiers.map { try library.asset($0, includeTrashed: false).identifier }
        try library.apply(ChangeBatch(operations: ids.map { .editAsset(identifier: $0, Self.edits) }))
    }
}

struct FavoriteCommand: AssetEditCommand {
    static let configuration = CommandConfiguration(commandName: "favorite", abstract: "Mark assets as favourites.")
    static var edits: AssetEdits { AssetEdits(isFavorite: true) }
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "Asset identifiers.") var identifiers: [String]
}

struct UnfavoriteCommand: AssetEditCommand {
    static let configuration = CommandConfiguration(commandName: "unfavorite", abstract: "Unmark favourites.")
    static var edits: AssetEdits { AssetEdits(isFavorite: false) }
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "Asset identifiers.") var identifiers: [String]
}

struct HideCommand: AssetEditCommand {
    static let configuration = CommandConfiguration(commandName: "hide", abstract: "Hide assets (they move to the Hidden album).")
    static var edits: AssetEdits { AssetEdits(isHidden: true) }
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "Asset identifiers.") var identifiers: [String]
}

struct UnhideCommand: AssetEditCommand {
    static let configuration = CommandConfiguration(commandName: "unhide", abstract: "Unhide assets.")
    static var edits: AssetEdits { AssetEdits(isHidden: false) }
    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "Asset identifiers.") var identifiers: [String]
}
