import ArgumentParser
import FilterChains
import Foundation
import PhotoLibrary

/// `photos history ID [--json]`: the asset's committed edits and reverts, oldest first (date, kind, adjustment
/// format and version, rendered from the original or stacked on the previous version, adjustment data size,
/// rendered size), and what its current version is made of.
///
/// JSON: `{"localIdentifier", "entries": [{"sequence", "date", "kind" ("edit"/"revert"), "formatIdentifier",
/// "formatVersion", "basedOnOriginal", "adjustmentByteCount", "pixelWidth", "pixelHeight"}], "currentVersion":
/// {"kind": "original"} or {"kind": "edit", "edit": N, "stackedOn": [M…]}, "filters"}` — `filters` is the
/// current filter chain when the current edit is one (else null). Unknown values are JSON null.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Show an asset's edit history.")

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The asset (local identifier or UUID).") var identifier: String

    func run() throws {
        let library = try libraryOptions.open()
        let record = try library.asset(identifier)
        let history = try library.editHistory(assetRowID: record.rowID)
        var chain: FilterChain?
        if case .edit = history.currentVersion, let payload = try library.currentEdit(assetRowID: record.rowID)?.adjustment,
           FilterChain.canRead(formatIdentifier: payload.formatIdentifier, formatVersion: payload.formatVersion) {
            chain = try? FilterChain(json: payload.data)
        }
        if output.json {
            var current: [String: Any] = ["kind": "original"]
            if case .edit(let sequence, let stackedOn) = history.currentVersion { current = ["kind": "edit", "edit": sequence, "stackedOn": stackedOn] }
            let filters = chain.flatMap { try? JSONSerialization.jsonObject(with: $0.json()) as? [String: Any] }?["filters"]
            Output.printJSON([
                "localIdentifier": record.identifier, "entries": history.entries.map(Self.json), "currentVersion": current,
                "filters": filters ?? NSNull(),
            ] as [String: Any])
            return
        }
        print("Edit history of \(record.identifier)")
        if history.entries.isEmpty { print("  (never edited)") }
        for entry in history.entries { print("  " + Self.line(entry)) }
        print("Current version: \(Self.describe(history.currentVersion))")
        if let chain { print("Filters: \(chain.summary)") }
    }

    static func json(_ entry: EditHistoryEntry) -> [String: Any] {
        [
            "sequence": entry.sequence, "date": Output.date(entry.date), "kind": entry.kind.rawValue,
            "formatIdentifier": entry.formatIdentifier as Any? ?? NSNull(), "formatVersion": entry.formatVersion as Any? ?? NSNull(),
            "basedOnOriginal": entry.basedOnOriginal, "adjustmentByteCount": entry.adjustmentByteCount as Any? ?? NSNull(),
            "pixelWidth": entry.renderedPixelWidth, "pixelHeight": entry.renderedPixelHeight,
        ]
    }

    /// "2  2026-11-22 10:00:00  edit    org.example 1.0  stacked on the previous version  62 bytes  64x48".
    static func line(_ entry: EditHistoryEntry) -> String {
        let head = "\(entry.sequence)  \(Output.shortDate(entry.date))  \(entry.kind.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))"
        guard entry.kind == .edit else { return head + "  back to the original" }
        let format = entry.formatIdentifier.map { "\($0) \(entry.formatVersion ?? "")" } ?? "(format not recorded)"
        let base = entry.basedOnOriginal ? "from the original" : "stacked on the previous version"
        let bytes = entry.adjustmentByteCount.map { "\($0) bytes" } ?? "? bytes"
        return "\(head)  \(format)  \(base)  \(bytes)  \(entry.renderedPixelWidth)x\(entry.renderedPixelHeight)"
    }

    /// "original", "edit 3 (from the original)", "edit 3, stacked on edits 1, 2".
    static func describe(_ version: EditHistory.Version) -> String {
        switch version {
        case .original: return "original"
        case .edit(let sequence, let stackedOn) where stackedOn.isEmpty: return "edit \(sequence) (from the original)"
        case .edit(let sequence, let stackedOn):
            return "edit \(sequence), stacked on edit\(stackedOn.count == 1 ? "" : "s") \(stackedOn.map(String.init).joined(separator: ", "))"
        }
    }
}
