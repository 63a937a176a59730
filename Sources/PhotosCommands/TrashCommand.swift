import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos trash`: lists Recently Deleted with the days left before each asset is erased.
struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "trash", abstract: "List Recently Deleted, with days left before erasure.")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let library = try libraryOptions.open()
        let records = try library.orderedAssets(try library.assetRowIDs(AssetQuery(scope: .trash)))
        let now = Date()
        func daysLeft(_ a: AssetRecord) -> Int {
            guard let trashed = a.trashedDate else { return 0 }
            let left = trashed.addingTimeInterval(Library.trashRetention).timeIntervalSince(now)
            return max(0, Int((left / 86_400).rounded(.up)))
        }
        if output.json {
            Output.printJSON(records.map { a -> [String: Any] in
                var json = Output.json(a)
                json["daysLeft"] = daysLeft(a)
                return json
            })
            return
        }
        for a in records { print("\(Output.line(a))  \(daysLeft(a)) day\(daysLeft(a) == 1 ? "" : "s") left") }
        print("\(records.count) asset\(records.count == 1 ? "" : "s") in Recently Deleted")
    }
}
