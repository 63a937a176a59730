import Foundation
import Hummingbird
import PhotoLibrary

extension PhotosService {
    /// Uploads, resumable and checked before sending:
    /// `POST /api/uploads/check` (which of these SHA-256 digests the library already holds — skip those),
    /// `POST /api/uploads` (announce a file: name, length, optional SHA-256),
    /// `PATCH /api/uploads/{id}` (append bytes at `Upload-Offset`), `HEAD`/`GET /api/uploads/{id}` (how much arrived),
    /// `DELETE /api/uploads/{id}` (cancel), `POST /api/uploads/import` (import completed uploads together, so
    /// Live Photo and RAW+JPEG pairs stay pairs; duplicates and unreadable files are reported, never imported).
    func addUploadRoutes(to router: Router<APIContext>) {
        router.post("/api/uploads/check") { request, context -> Response in
            _ = try context.requireWriter()
            let body = try await JSONBody.decode(HashCheckBody.self, from: request, context: context)
            let digests = try body.digests()
            // An application learns only of content it may see (content elsewhere is imported as a duplicate: skipped).
            let present = try self.library.resourceHashesPresent(digests, visibleIn: context.readScope)
            return try JSONBody.response(["present": digests.filter(present.contains)])
        }

        router.post("/api/uploads") { request, context -> Response in
            let account = try context.requireWriter()
            let body = try await JSONBody.decode(NewUploadBody.self, from: request, context: context)
            let upload = try self.uploads.create(ownerID: account.rowID, filename: body.filename, length: body.length, sha256: body.sha256)
            return try JSONBody.response(UploadJSON(upload, offset: 0), status: .created,
                                         headers: [.location: "/api/uploads/\(upload.id)", .init("Upload-Offset")!: "0"])
        }

        router.on("/api/uploads/:upload", method: .init("PATCH")!) { request, context -> Response in
            let account = try context.requireWriter()
            let upload = try self.uploads.get(try context.parameters.require("upload"), ownerID: account.rowID)
            let offset = try Self.uploadOffset(request.headers[.init("Upload-Offset")!])
            let written = try await self.uploads.append(upload, at: offset, body: request.body)
            return try JSONBody.response(UploadJSON(upload, offset: written), headers: [.init("Upload-Offset")!: String(written)])
        }

        router.get("/api/uploads/:upload") { _, context -> Response in
            let account = try context.requireWriter()
            let upload = try self.uploads.get(try context.parameters.require("upload"), ownerID: account.rowID)
            let offset = self.uploads.offset(of: upload)
            return try JSONBody.response(UploadJSON(upload, offset: offset), headers: [.init("Upload-Offset")!: String(offset)])
        }

        router.delete("/api/uploads/:upload") { _, context -> Response in
            let account = try context.requireWriter()
            let upload = try self.uploads.get(try context.parameters.require("upload"), ownerID: account.rowID)
            self.uploads.remove(upload.id)
            return Response(status: .noContent)
        }

        router.post("/api/uploads/import") { request, context -> Response in
            let account = try context.requireWriter()
            let body = try await JSONBody.decode(ImportUploadsBody.self, from: request, context: context)
            try body.validate()
            let uploads = try body.uploads.map { (id: String) throws(Problem) -> UploadStore.Upload in try self.uploads.get(id, ownerID: account.rowID) }
            var files: [(UploadStore.Upload, URL)] = []
            for upload in uploads { files.append((upload, try self.uploads.verify(upload))) }
            let library = self.library, store = self.uploads, completed = files
            let acting = context.actingAccount, app = context.actingApp
            let summary = try await Offload.run { () throws -> ImportSummary in
                try UploadImport.run(completed, store: store, library: library, as: acting, app: app)
            }
            return try JSONBody.response(ImportResultJSON(summary, uploads: files.map(\.0)))
        }
    }
}

extension PhotosService {
    /// A PATCH's `Upload-Offset` header: the bytes the client says were already sent (0 or more); 400 otherwise.
    static func uploadOffset(_ header: String?) throws(Problem) -> Int64 {
        guard let header, let offset = Int64(header), offset >= 0 else {
            throw Problem.badRequest("PATCH needs an Upload-Offset header (bytes already sent)")
        }
        return offset
    }
}

/// Imports completed uploads: each is moved (a rename, same file system) under its original name into one
/// folder, which the core's `Importer` imports as a whole; the folder and the uploads are removed afterwards.
enum UploadImport {
    static func run(_ files: [(UploadStore.Upload, URL)], store: UploadStore, library: Library, as account: ActingAccount?,
                    app: ActingApp? = nil) throws -> ImportSummary {
        let folder = store.directory.appendingPathComponent("import-\(UUID().uuidString.lowercased())", isDirectory: true)
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: folder) }
        var used = Set<String>()
        for (upload, url) in files {
            // Two uploads with one name go in subfolders, so neither replaces the other (and they do not pair).
            var target = folder.appendingPathComponent(upload.filename)
            if !used.insert(upload.filename.lowercased()).inserted {
                let sub = folder.appendingPathComponent(upload.id, isDirectory: true)
                try fm.createDirectory(at: sub, withIntermediateDirectories: true)
                target = sub.appendingPathComponent(upload.filename)
            }
            try fm.moveItem(at: url, to: target)
        }
        var importer = Importer(library: library)
        importer.actingAccount = account
        importer.actingApp = app
        let summary = try importer.importItems(at: [folder])
        for (upload, _) in files { store.remove(upload.id) }
        return summary
    }
}

struct HashCheckBody: StrictBody {
    var sha256: [String]
    static let fields: Set<String> = ["sha256"]

    /// The digests in lower case; 400 for more than 10,000 or any that is not 64 hex digits.
    func digests() throws(Problem) -> [String] {
        guard sha256.count <= 10_000 else { throw Problem.badRequest("At most 10,000 digests per check") }
        let digests = sha256.map { $0.lowercased() }
        guard digests.allSatisfy(UploadStore.isSHA256Hex) else {
            throw Problem.badRequest("Each digest is 64 hex digits (SHA-256)")
        }
        return digests
    }
}

struct NewUploadBody: StrictBody {
    var filename: String
    var length: Int64
    var sha256: String?
    static let fields: Set<String> = ["filename", "length", "sha256"]
}

struct ImportUploadsBody: StrictBody {
    var uploads: [String]
    static let fields: Set<String> = ["uploads"]

    /// 400 unless 1 to 1,000 uploads are named.
    func validate() throws(Problem) {
        guard (1...1000).contains(uploads.count) else { throw Problem.badRequest("Import 1 to 1,000 uploads at a time") }
    }
}

struct UploadJSON: Codable {
    var id: String
    var filename: String
    var length: Int64
    var offset: Int64
    var url: String
    init(_ upload: UploadStore.Upload, offset: Int64) {
        id = upload.id; filename = upload.filename; length = upload.length; self.offset = offset; url = "/api/uploads/\(upload.id)"
    }
}

struct ImportResultJSON: Codable {
    struct Rejected: Codable { var filename: String; var reason: String }
    /// Local identifiers of the assets created.
    var imported: [String]
    var livePhotoPairs: Int
    var rawJPEGPairs: Int
    /// Original file names skipped because the library already holds their content.
    var duplicates: [String]
    var rejected: [Rejected]

    init(_ summary: ImportSummary, uploads: [UploadStore.Upload]) {
        imported = summary.createdAssetIdentifiers
        livePhotoPairs = summary.livePhotoPairs
        rawJPEGPairs = summary.rawJPEGPairs
        duplicates = summary.duplicates.map { URL(fileURLWithPath: $0).lastPathComponent }
        // Never echo server paths: only the file's own name.
        rejected = summary.rejected.map { Rejected(filename: URL(fileURLWithPath: $0.path).lastPathComponent,
                                                   reason: $0.reason.replacingOccurrences(of: $0.path, with: URL(fileURLWithPath: $0.path).lastPathComponent)) }
    }
}
