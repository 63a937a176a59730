import ArgumentParser
import FetchPredicates
import Foundation
import PhotoLibrary

/// `photos list`: lists assets, filtered and sorted like a PhotoKit fetch.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List assets.",
        discussion: """
            --predicate takes an NSPredicate format over PHAsset keys (e.g. "mediaType == 2 AND duration > 10", \
            "favorite == YES", "creationDate > CAST(700000000, 'NSDate')"). --sort takes keys separated by commas, \
            a leading '-' for descending; attach it with = (e.g. --sort=-creationDate,pixelWidth). Smart albums: \(SmartAlbumNames.all.joined(separator: ", ")).
            """)
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Option(help: "Only assets of this user album (title or identifier).") var album: String?
    @Option(name: .customLong("smart-album"), help: "Only assets of this smart album (e.g. favorites, videos, live-photos).") var smartAlbum: String?
    @Flag(help: "Only favourites.") var favorites = false
    @Option(help: "Only this media type: image, video or audio.") var type: String?
    @Option(help: "NSPredicate format over PHAsset keys.") var predicate: String?
    @Option(help: "Sort keys, comma-separated; prefix '-' for descending.") var sort: String?
    @Option(help: "At most this many assets.") var limit: Int = 0
    @Flag(name: .customLong("include-hidden"), help: "Include hidden assets.") var includeHidden = false

    func validate() throws {
        if album != nil && smartAlbum != nil { throw ValidationError("Use --album or --smart-album, not both") }
        if limit < 0 { throw ValidationError("--limit must not be negative") }
    }

    func run() throws {
        let library = try libraryOptions.open()
        var filters: [CompiledPredicate] = []
        let scope: AssetQuery.Scope
        if let album {
            scope = .collection(try library.album(album).rowID)
        } else if let smartAlbum {
            guard let subtype = SmartAlbumNames.subtype(smartAlbum) else {
                throw CommandError("Unknown smart album '\(smartAlbum)'; known: \(SmartAlbumNames.all.joined(separator: ", "))")
            }
            guard let row = try library.collectionRowIDs(CollectionQuery(scope: .assetCollections(type: CollectionRaw.smartAlbum, subtype: subtype))).first else {
                throw CommandError("The library has no '\(smartAlbum)' smart album")
            }
            scope = .collection(row)
        } else {
            scope = .all
        }
        if let type {
            let types: [String: MediaType] = ["image": .image, "video": .video, "audio": .audio]
            guard let mediaType = types[type.lowercased()] else { throw CommandError("Unknown media type '\(type)': use image, video or audio") }
            filters.append(CompiledPredicate(sql: "a.media_type = ?", arguments: [.integer(Int64(mediaType.rawValue))]))
        }
        if favorites { filters.append(CompiledPredicate(sql: "a.is_favorite = 1", arguments: [])) }
        if let predicate {
            do {
                let node = try PredicateParser.parse(format: predicate, arguments: [])
                filters.append(try PredicateCompiler.compile(node, schema: PredicateSchemas.asset))
            } catch {
                throw CommandError("Invalid --predicate: \(error.message)")
            }
        }
        var sortKeys: [SortKey] = []
        for part in (sort ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            let descending = part.hasPrefix("-")
            let key = descending || part.hasPrefix("+") ? String(part.dropFirst()) : part
            do { sortKeys.append(try SortKey.resolve(key, ascending: !descending, in: PredicateSchemas.asset)) } catch { throw CommandError("Invalid --sort: \(error.message)") }
        }
        let combined: CompiledPredicate? = filters.isEmpty ? nil : CompiledPredicate(
            sql: filters.map { "(\($0.sql))" }.joined(separator: " AND "), arguments: filters.flatMap(\.arguments))
        let query = AssetQuery(scope: scope, predicate: combined, sort: sortKeys, includeHiddenAssets: includeHidden, limit: limit)
        let records = try library.orderedAssets(try library.assetRowIDs(query))
        if output.json {
            Output.printJSON(records.map(Output.json))
        } else {
            records.forEach { print(Output.line($0)) }
            print("\(records.count) asset\(records.count == 1 ? "" : "s")")
        }
    }
}

/// Command-line names of the smart albums: their titles, lower-cased, with dashes for spaces.
enum SmartAlbumNames {
    static func name(_ title: String) -> String { title.lowercased().replacingOccurrences(of: " ", with: "-") }
    static var all: [String] { SmartAlbum.all.map { name($0.title) } }
    static func subtype(_ name: String) -> Int? {
        let wanted = squash(name)
        return SmartAlbum.all.first { squash($0.title) == wanted }?.subtype
    }
    private static func squash(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
}
