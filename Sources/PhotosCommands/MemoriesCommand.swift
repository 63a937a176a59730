import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos memories [ID]`: the library's memories (trips, events, on this day, people over time), or one
/// memory's sections at a curation level.
struct MemoriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memories",
        abstract: "List memories (trips, events, on this day, people), or one memory's photos.",
        discussion: """
            Memories are made from the library as it is, curated with what `photos analyze` found (quality, \
            near-duplicates, people): each section comes as a summary, a curated selection and everything.
            """)
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "A memory's identifier: show its sections and photos.") var memory: String?
    @Option(help: "With an identifier: summary, curated or all.") var level: Level = .summary
    @Option(help: ArgumentHelp("The day memories are made for (YYYY-MM-DD; default today).", valueName: "date")) var today: String?

    enum Level: String, ExpressibleByArgument, CaseIterable { case summary, curated, all }

    func run() throws {
        let library = try libraryOptions.open()
        var day = Date()
        if let today {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd"
            guard let parsed = formatter.date(from: today) else { throw ValidationError("--today takes YYYY-MM-DD, not '\(today)'") }
            day = parsed.addingTimeInterval(12 * 3600)
        }
        if let memory {
            guard let found = try library.memory(identifier: memory, today: day) else {
                throw ValidationError("No memory '\(memory)' (see `photos memories`)")
            }
            try show(found, library: library)
            return
        }
        let memories = try library.memories(today: day)
        let keys = try library.assets(rowIDs: memories.map(\.keyAssetRowID))
        if output.json {
            Output.printJSON(memories.map { m -> [String: Any] in
                ["identifier": m.identifier, "kind": m.kind.rawValue, "title": m.title, "startDate": Output.date(m.startDate),
                 "endDate": Output.date(m.endDate), "photoCount": m.assetRowIDs.count, "keyAsset": keys[m.keyAssetRowID]?.identifier ?? NSNull(),
                 "person": m.personIdentifier ?? NSNull(), "sections": m.sections.count]
            })
            return
        }
        for m in memories {
            print("\(m.identifier)  \(m.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  \(m.title)  (\(m.assetRowIDs.count) photos)")
        }
        if memories.isEmpty { print("No memories yet") }
    }

    private func show(_ memory: Memory, library: Library) throws {
        let index = level == .summary ? 0 : level == .curated ? 1 : 2
        let records = try library.assets(rowIDs: memory.assetRowIDs)
        if output.json {
            Output.printJSON([
                "identifier": memory.identifier, "kind": memory.kind.rawValue, "title": memory.title,
                "keyAsset": records[memory.keyAssetRowID]?.identifier ?? NSNull(),
                "sections": memory.sections.map { s -> [String: Any] in
                    ["title": s.title, "assets": s.levels[min(index, s.levels.count - 1)].compactMap { records[$0]?.identifier }]
                },
            ] as [String: Any])
            return
        }
        print("\(memory.title) (\(memory.kind.rawValue), \(memory.assetRowIDs.count) photos; \(level.rawValue))")
        for section in memory.sections {
            if !section.title.isEmpty { print("  \(section.title)") }
            for row in section.levels[min(index, section.levels.count - 1)] {
                if let asset = records[row] { print("    \(row == memory.keyAssetRowID ? "*" : " ") \(Output.line(asset))") }
            }
        }
    }
}
