import Foundation
import Hummingbird
import PhotoLibrary
import Synchronization

extension PhotosService {
    /// `GET /api/memories?limit=N`: the library's memories, newest first (`Library.memories`: trips, events, on this
    /// day, people over time), each with its key photo; `GET /api/memories/{id}`: one memory's sections with their
    /// photos at every curation level (`summary`, `curated`, `all`). An application with a limited selection sees
    /// only the photos of its selection, and only memories that keep some; the key photo is then the first it sees.
    func addMemoryRoutes(to router: Router<APIContext>) {
        router.get("/api/memories") { request, context -> Response in
            _ = try context.requireAccount()
            let limit = try Self.intParameter(request, "limit", default: 20, range: 1...500)
            let scope = context.readScope
            let memories = try await Offload.run { () throws -> [MemoryJSON] in
                try self.visibleMemories(scope).prefix(limit).map { try self.memoryJSON($0, sections: false) }
            }
            return try JSONBody.response(MemoryListJSON(memories: memories))
        }

        router.get("/api/memories/:memory") { _, context -> Response in
            _ = try context.requireAccount()
            let identifier = try context.parameters.require("memory").uppercased()
            guard UUID(uuidString: identifier) != nil else { throw Problem.badRequest("'\(identifier)' is not a memory identifier") }
            let scope = context.readScope
            let memory = try await Offload.run { () throws -> MemoryJSON? in
                try self.visibleMemories(scope).first { $0.identifier == identifier }.map { try self.memoryJSON($0, sections: true) }
            }
            guard let memory else { throw Problem.notFound("No memory \(identifier)") }
            return try JSONBody.response(memory)
        }
    }

    /// The memories at the library's current state (kept per change token: any commit makes them again), cut to
    /// what `scope` may see.
    func visibleMemories(_ scope: ReadScope) throws -> [Memory] {
        let token = try library.currentChangeToken()
        let memories: [Memory]
        if let cached = memoryCache.get(token) { memories = cached } else {
            memories = try library.memories()
            memoryCache.put(token, memories)
        }
        guard scope != .everything else { return memories }
        let visible = try library.assetRows(Set(memories.flatMap(\.assetRowIDs)), visibleIn: scope)
        return memories.compactMap { memory in
            var cut = memory
            cut.sections = memory.sections.compactMap { section in
                let levels = section.levels.map { $0.filter(visible.contains) }
                return levels.last?.isEmpty == false ? MemorySection(title: section.title, levels: levels) : nil
            }
            guard let first = cut.sections.first?.everything.first else { return nil }
            if !visible.contains(cut.keyAssetRowID) { cut.keyAssetRowID = cut.sections.first?.summary.first ?? first }
            return cut
        }
    }

    private func memoryJSON(_ memory: Memory, sections: Bool) throws -> MemoryJSON {
        let rows = sections ? memory.assetRowIDs + [memory.keyAssetRowID] : [memory.keyAssetRowID]
        let records = try library.assets(rowIDs: rows)
        let ids = { (list: [Int64]) in list.compactMap { records[$0]?.identifier } }
        return MemoryJSON(identifier: memory.identifier, kind: memory.kind.rawValue, title: memory.title,
                          startDate: memory.startDate, endDate: memory.endDate, count: memory.assetRowIDs.count,
                          keyAsset: records[memory.keyAssetRowID]?.identifier ?? "",
                          keyThumbnailURL: records[memory.keyAssetRowID].map { AssetJSON($0).thumbnailURL } ?? "", person: memory.personIdentifier,
                          sections: sections ? memory.sections.map { MemorySectionJSON(title: $0.title, summary: ids($0.summary),
                                                                                        curated: ids($0.levels.count > 2 ? $0.levels[1] : $0.summary),
                                                                                        all: ids($0.everything)) } : nil)
    }
}

struct MemoryListJSON: Codable { var memories: [MemoryJSON] }

struct MemoryJSON: Codable {
    var identifier: String
    var kind: String
    var title: String
    var startDate: Date
    var endDate: Date
    var count: Int
    var keyAsset: String
    var keyThumbnailURL: String
    var person: String?
    var sections: [MemorySectionJSON]?
}

struct MemorySectionJSON: Codable {
    var title: String
    var summary: [String]
    var curated: [String]
    var all: [String]
}

/// The memories of the newest change token this process computed (memories of a large library take a second or
/// two to make; every page load of the web app asks).
final class MemoryCache: Sendable {
    private let entry = Mutex<(Int64, [Memory])?>(nil)
    func get(_ token: Int64) -> [Memory]? { entry.withLock { $0?.0 == token ? $0?.1 : nil } }
    func put(_ token: Int64, _ memories: [Memory]) { entry.withLock { $0 = (token, memories) } }
}
