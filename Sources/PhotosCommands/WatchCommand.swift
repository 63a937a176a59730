import ArgumentParser
import Foundation
import Photos

/// `photos watch [--json] [--count N]`: prints each change to the library as it happens — made by this
/// machine's other programs or the `photos` command — with the inserted, updated and deleted identifiers per
/// object type (from persistent history) and the change details for All Photos (from `PHChange`).
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Print changes to the library as they happen (Ctrl-C stops).")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Option(help: "Exit after this many changes (default: run until interrupted).") var count: Int?

    func run() throws {
        let library = try PHPhotoLibrary(url: libraryOptions.url)
        let printer = ChangePrinter(library: library, json: output.json, limit: count)
        library.register(printer)
        // The ready line goes to standard error, so standard output holds only changes (one JSON object per line).
        FileHandle.standardError.write(Data("Watching \(library.url.path) (Ctrl-C stops)…\n".utf8))
        printer.finished.wait()
        library.unregisterChangeObserver(printer)
    }
}

/// Prints each change; state is touched only on the library's serial observer queue.
final class ChangePrinter: NSObject, PHPhotoLibraryChangeObserver, @unchecked Sendable {
    let library: PHPhotoLibrary
    let json: Bool
    let limit: Int?
    let finished = DispatchSemaphore(value: 0)
    private var allPhotos: PHFetchResult<PHAsset>
    private var token: PHPersistentChangeToken
    private var printed = 0

    init(library: PHPhotoLibrary, json: Bool, limit: Int?) {
        self.library = library
        self.json = json
        self.limit = limit
        let options = PHFetchOptions()
        options.photoLibrary = library
        allPhotos = PHAsset.fetchAssets(with: options)
        token = library.currentChangeToken
        super.init()
    }

    func photoLibraryDidChange(_ changeInstance: PHChange) {
        var record: [String: Any] = ["date": Output.iso.string(from: Date())]
        // Identifiers per object type, from persistent history since the last printed change.
        var objects: [String: Any] = [:]
        if let history = try? library.fetchPersistentChanges(since: token) {
            var merged: [PHObjectType: (Set<String>, Set<String>, Set<String>)] = [:]
            for change in history {
                token = change.changeToken
                for type in [PHObjectType.asset, .assetCollection, .collectionList] {
                    guard let details = try? change.changeDetails(for: type) else { continue }
                    var entry = merged[type] ?? ([], [], [])
                    entry.0.formUnion(details.insertedLocalIdentifiers)
                    entry.1.formUnion(details.updatedLocalIdentifiers)
                    entry.2.formUnion(details.deletedLocalIdentifiers)
                    merged[type] = entry
                }
            }
            for (type, entry) in merged where !(entry.0.isEmpty && entry.1.isEmpty && entry.2.isEmpty) {
                objects[Self.name(type)] = ["inserted": entry.0.sorted(), "updated": entry.1.sorted(), "deleted": entry.2.sorted()]
            }
        } else {
            token = library.currentChangeToken
        }
        record["objects"] = objects
        if let details = changeInstance.changeDetails(for: allPhotos) {
            allPhotos = details.fetchResultAfterChanges
            var summary: [String: Any] = ["count": allPhotos.count, "hasIncrementalChanges": details.hasIncrementalChanges]
            if details.hasIncrementalChanges {
                summary["removedIndexes"] = Array(details.removedIndexes ?? [])
                summary["insertedIndexes"] = Array(details.insertedIndexes ?? [])
                summary["changedIndexes"] = Array(details.changedIndexes ?? [])
                var moves: [[Int]] = []
                details.enumerateMoves { moves.append([$0, $1]) }
                summary["moves"] = moves
            }
            record["allPhotos"] = summary
        }
        let text: String
        if json {
            let data = (try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = Self.text(record)
        }
        // Written unbuffered, so a pipe reader sees each change at once.
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
        printed += 1
        if let limit, printed >= limit { finished.signal() }
    }

    static func name(_ type: PHObjectType) -> String {
        switch type {
        case .asset: "asset"
        case .assetCollection: "assetCollection"
        case .collectionList: "collectionList"
        }
    }

    static func text(_ record: [String: Any]) -> String {
        var lines = ["\(record["date"] ?? ""): change"]
        for (type, value) in (record["objects"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let entry = value as? [String: [String]] else { continue }
            for kind in ["inserted", "updated", "deleted"] where !(entry[kind] ?? []).isEmpty {
                lines.append("  \(type) \(kind): \(entry[kind]!.joined(separator: ", "))")
            }
        }
        if let all = record["allPhotos"] as? [String: Any] {
            if all["hasIncrementalChanges"] as? Bool == true {
                lines.append("  All Photos (\(all["count"] ?? 0)): removed \(all["removedIndexes"] ?? []), inserted \(all["insertedIndexes"] ?? []), changed \(all["changedIndexes"] ?? []), moves \(all["moves"] ?? [])")
            } else {
                lines.append("  All Photos (\(all["count"] ?? 0)): refetched (not incremental)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
