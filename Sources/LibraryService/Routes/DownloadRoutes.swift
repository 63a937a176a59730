import Foundation
import Hummingbird
import PhotoLibrary

extension PhotosService {
    /// Downloading a selection: `POST /api/downloads` with `{"assets": [...], "name": "Holiday"}` prepares it
    /// (every asset must exist; trashed ones included, as the viewer shows them); `GET /api/downloads/{id}` streams
    /// a ZIP of the assets' original files — the photo or video, a Live Photo's movie, a RAW's JPEG — under their
    /// original names (made unique), read from disk in chunks as the client takes them. Edited renders and
    /// adjustment data are not included: a download is a copy of what was imported.
    func addDownloadRoutes(to router: Router<APIContext>) {
        router.post("/api/downloads") { request, context -> Response in
            let account = try context.requireAccount()
            let body = try await JSONBody.decode(DownloadBody.self, from: request, context: context)
            let identifiers = try body.identifiers()
            let rows = try self.library.assetRowIDs(identifiers: identifiers)
            guard rows.count == Set(identifiers).count, try self.library.assetRows(rows, visibleIn: context.readScope).count == Set(rows).count else {
                throw Problem.notFound("Some of these assets do not exist")
            }
            let name = Self.archiveName(body.name)
            let download = self.downloads.insert(ownerID: account.rowID, assetRowIDs: rows, filename: name)
            return try JSONBody.response(DownloadJSON(id: download.id, url: "/api/downloads/\(download.id)", count: rows.count, filename: name),
                                         status: .created)
        }

        router.get("/api/downloads/:download") { _, context -> Response in
            let account = try context.requireAccount()
            guard let download = self.downloads.get(try context.parameters.require("download"), ownerID: account.rowID) else {
                throw Problem(.notFound, "download-expired", "This download is unknown or older than ten minutes: prepare it again")
            }
            let library = self.library
            let records = try library.assets(rowIDs: download.assetRowIDs)
            var files: [(url: URL, name: String, date: Date)] = []
            var names = UniqueNames()
            for row in download.assetRowIDs {
                guard let asset = records[row] else { continue }
                for resource in try library.resources(assetRowID: row) where Self.downloadedTypes.contains(resource.type) {
                    files.append((library.fileURL(for: resource), names.claim(resource.originalFilename), asset.creationDate ?? asset.addedDate))
                }
            }
            let headers: HTTPFields = [.contentType: "application/zip", .cacheControl: "no-store",
                                       .contentDisposition: FileResponses.attachment(filename: download.filename)]
            let entries = files
            let body = ResponseBody { writer in
                var zip = ZipStream()
                for file in entries {
                    try await writer.write(ByteBuffer(bytes: zip.beginEntry(named: file.name, modified: file.date)))
                    let handle = try FileHandle(forReadingFrom: file.url)
                    defer { try? handle.close() }
                    while let chunk = try handle.read(upToCount: 256 << 10), !chunk.isEmpty {
                        zip.data(chunk)
                        try await writer.write(ByteBuffer(bytes: chunk))
                    }
                    try await writer.write(ByteBuffer(bytes: zip.endEntry()))
                }
                try await writer.write(ByteBuffer(bytes: zip.finish()))
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: headers, body: body)
        }
    }

    /// The original files a download carries.
    static let downloadedTypes: Set<ResourceType> = [.photo, .video, .audio, .alternatePhoto, .pairedVideo]

    /// `name.zip` from a client's name, with nothing that could make a path; "Photos.zip" by default.
    static func archiveName(_ name: String?) -> String {
        let cleaned = String((name ?? "").unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) && !"/\\\0".unicodeScalars.contains($0) }.prefix(100))
            .trimmingCharacters(in: .whitespaces)
        let base = cleaned.isEmpty || cleaned.hasPrefix(".") ? "Photos" : cleaned
        return base + ".zip"
    }
}

/// File names within one archive, each used once: a second `IMG_0001.JPG` becomes `IMG_0001 (2).JPG`.
struct UniqueNames {
    private var used: Set<String> = []

    mutating func claim(_ name: String) -> String {
        let safe = name.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\\", with: "_")
        let base = safe.isEmpty || safe == "." || safe == ".." ? "file" : safe
        var candidate = base
        var counter = 2
        while used.contains(candidate.lowercased()) {
            let ext = (base as NSString).pathExtension
            let stem = ext.isEmpty ? base : String(base.dropLast(ext.count + 1))
            candidate = ext.isEmpty ? "\(stem) (\(counter))" : "\(stem) (\(counter)).\(ext)"
            counter += 1
        }
        used.insert(candidate.lowercased())
        return candidate
    }
}

struct DownloadBody: StrictBody {
    var assets: [String]
    var name: String?
    static let fields: Set<String> = ["assets", "name"]

    /// The assets' local identifiers; 400 unless 1 to 10,000 well-formed ones are named.
    func identifiers() throws(Problem) -> [String] {
        guard (1...10_000).contains(assets.count) else { throw Problem.badRequest("assets holds 1 to 10,000 identifiers") }
        return try assets.map { (text: String) throws(Problem) -> String in try IdentifierPath.asset(text) }
    }
}

struct DownloadJSON: Codable {
    var id: String
    var url: String
    var count: Int
    var filename: String
}
