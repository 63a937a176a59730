import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos project`: `info` prints the content a project extension would be given (`PHProjectInfo`) for a
/// memory, an album or moment, or chosen photos, as JSON (sections, curation levels, grid placements, weights,
/// crops and regions of interest); `create`, `open`, `types` and `preview` make and run projects with project
/// extensions (ProjectRunCommands.swift).
struct ProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "project", abstract: "Make projects with project extensions; project content for memories, albums and photos.",
                                                    subcommands: [Info.self, ProjectCreateCommand.self, ProjectOpenCommand.self, ProjectTypesCommand.self,
                                                                  ProjectPreviewCommand.self])

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "info",
            abstract: "Print the project content (PHProjectInfo) for a memory, an album or moment, or photos, as JSON.",
            discussion: "Give one of --memory, --album, or asset identifiers. See Docs/Projects.md for what the fields mean.")
        @OptionGroup var libraryOptions: LibraryOptions
        @Option(help: "A memory's identifier (photos memories).") var memory: String?
        @Option(help: "An album's or moment's identifier, or an album's name.") var album: String?
        @Argument(help: "Asset identifiers (a selection).") var assets: [String] = []

        func validate() throws {
            guard [memory != nil, album != nil, !assets.isEmpty].filter({ $0 }).count == 1 else {
                throw ValidationError("Give exactly one of --memory, --album, or asset identifiers")
            }
        }

        func run() throws {
            let library = try libraryOptions.open()
            let plan: ProjectPlan
            if let memory {
                guard let found = try library.memory(identifier: memory) else { throw CommandError("No memory '\(memory)' (see `photos memories`)") }
                plan = try library.projectPlan(memory: found)
            } else if let album {
                let record = try library.album(album)
                let rows = try library.assetRowIDs(AssetQuery(scope: .collection(record.rowID)))
                plan = try library.projectPlan(assetRowIDs: rows, title: record.title ?? "", source: record.type == CollectionRaw.moment ? .moment : .album)
            } else {
                let records = try assets.map { try library.asset($0) }
                plan = try library.projectPlan(assetRowIDs: records.map(\.rowID), title: "", source: .userSelection)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(plan), as: UTF8.self))
        }
    }
}
