import Foundation
import Hummingbird
import PhotoLibrary
import Synchronization

/// Resumable uploads: bytes are appended to `<library>/uploads/<id>.part` as they arrive (never held whole in
/// memory), at the offset the client states, so a dropped connection resumes where the file ends. A
/// description beside it (`<id>.json`) names the owner, the original file name, the announced length and
/// optional SHA-256. Uploads survive a server restart; unfinished ones expire after a day. Completed uploads
/// are imported together by the core's `Importer` (so Live Photo and RAW+JPEG pairs uploaded as separate files
/// are paired), after which their files are removed.
///
/// Threading: thread-safe; one lock orders appends to the same upload.
final class UploadStore: Sendable {
    struct Upload: Codable, Sendable {
        var id: String
        var ownerID: Int64
        var filename: String
        var length: Int64
        var sha256: String?
        var created: Date
    }

    let directory: URL
    /// The largest file one upload may carry.
    let maximumLength: Int64
    /// How many unfinished uploads one account may have.
    let maximumOpen = 256
    static let lifetime: TimeInterval = 24 * 3600
    private let lock = Mutex(())

    init(library: Library, maximumLength: Int64 = 8 << 30) {
        directory = library.url.appendingPathComponent(LibraryDirectory.uploadsFolderName, isDirectory: true)
        self.maximumLength = maximumLength
    }

    func create(ownerID: Int64, filename: String, length: Int64, sha256: String?) throws -> Upload {
        let name = Self.safeFilename(filename)
        guard !name.isEmpty else { throw Problem.badRequest("filename must name the file (without folders)") }
        guard length > 0 else { throw Problem.badRequest("length must be at least 1 byte") }
        guard length <= maximumLength else {
            throw Problem(.contentTooLarge, "too-large", "Uploads are limited to \(maximumLength) bytes")
        }
        if let sha256, !Self.isSHA256Hex(sha256) { throw Problem.badRequest("sha256 must be 64 hex digits") }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        sweepExpired()
        guard all(ownerID: ownerID).count < maximumOpen else {
            throw Problem(.tooManyRequests, "too-many-uploads", "At most \(maximumOpen) unfinished uploads per account: finish or cancel some")
        }
        let upload = Upload(id: UUID().uuidString.lowercased(), ownerID: ownerID, filename: name, length: length,
                            sha256: sha256?.lowercased(), created: Date())
        guard FileManager.default.createFile(atPath: dataURL(upload.id).path, contents: nil) else {
            throw Problem(.insufficientStorage, "disk-full", "Cannot create the upload file")
        }
        try JSONEncoder().encode(upload).write(to: metaURL(upload.id), options: .atomic)
        return upload
    }

    /// The caller's upload with an id, or 404.
    func get(_ id: String, ownerID: Int64) throws(Problem) -> Upload {
        guard UUID(uuidString: id) != nil, let data = try? Data(contentsOf: metaURL(id.lowercased())),
              let upload = try? JSONDecoder().decode(Upload.self, from: data), upload.ownerID == ownerID else {
            throw Problem.notFound("No upload \(id.prefix(40)) (finished, cancelled, expired, or not yours)")
        }
        return upload
    }

    /// Bytes received so far.
    func offset(of upload: Upload) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: dataURL(upload.id).path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Appends a body's bytes at `offset` (which must be where the file ends); returns the new offset. Bytes
    /// past the announced length are refused; a body that stops early keeps what arrived (resume from there).
    func append(_ upload: Upload, at offset: Int64, body: some AsyncSequence<ByteBuffer, any Error>) async throws -> Int64 {
        let appender = try Appender(self, upload, at: offset)
        defer { appender.close() }
        for try await buffer in body { try appender.write(buffer) }
        return try appender.finish()
    }

    /// One PATCH's writing, chunk by chunk as the body arrives (synchronous, so the fuzz target drives it too).
    final class Appender {
        private let handle: FileHandle
        private let length: Int64
        /// Bytes in the file so far.
        private(set) var written: Int64

        /// Opens the upload's file at its end; 409 unless that is `offset`.
        init(_ store: UploadStore, _ upload: Upload, at offset: Int64) throws {
            let handle = try FileHandle(forWritingTo: store.dataURL(upload.id))
            let current: UInt64
            do { current = try handle.seekToEnd() } catch { try? handle.close(); throw error }
            guard Int64(current) == offset else {
                try? handle.close()
                throw Problem(.conflict, "offset-mismatch", "The upload has \(current) bytes: send Upload-Offset \(current)")
            }
            self.handle = handle
            length = upload.length
            written = Int64(current)
        }

        /// Appends one chunk; 413 when it would go past the announced length (nothing of it is written).
        func write(_ buffer: ByteBuffer) throws {
            guard written + Int64(buffer.readableBytes) <= length else {
                throw Problem(.contentTooLarge, "too-large", "The body goes past the announced length of \(length) bytes")
            }
            do {
                try buffer.withUnsafeReadableBytes { try handle.write(contentsOf: Data($0)) }
            } catch {
                throw Problem(.insufficientStorage, "disk-full", "Writing the upload failed: \(error.localizedDescription)")
            }
            written += Int64(buffer.readableBytes)
        }

        /// Flushes what was written to disk; returns the new offset.
        func finish() throws -> Int64 {
            try handle.synchronize()
            return written
        }

        func close() { try? handle.close() }
    }

    /// Checks that an upload is complete and matches its announced digest.
    func verify(_ upload: Upload) throws -> URL {
        let url = dataURL(upload.id)
        let received = offset(of: upload)
        guard received == upload.length else {
            throw Problem(.conflict, "upload-incomplete", "\(upload.filename) has \(received) of \(upload.length) bytes: resume it first")
        }
        if let expected = upload.sha256 {
            guard ContentDigest.sha256Hex(ofFileAt: url) == expected else {
                throw Problem(.unprocessableContent, "checksum-mismatch", "\(upload.filename) does not match its SHA-256: upload it again")
            }
        }
        return url
    }

    func remove(_ id: String) {
        try? FileManager.default.removeItem(at: dataURL(id))
        try? FileManager.default.removeItem(at: metaURL(id))
    }

    private func all(ownerID: Int64) -> [Upload] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }.compactMap {
            (try? Data(contentsOf: directory.appendingPathComponent($0))).flatMap { try? JSONDecoder().decode(Upload.self, from: $0) }
        }.filter { $0.ownerID == ownerID }
    }

    /// Removes uploads older than `lifetime` and import folders left by an interrupted import.
    func sweepExpired(now: Date = Date()) {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: directory.path)) ?? [] {
            let url = directory.appendingPathComponent(name)
            let modified = (try? fm.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date ?? now
            if now.timeIntervalSince(modified) > Self.lifetime { try? fm.removeItem(at: url) }
        }
    }

    func dataURL(_ id: String) -> URL { directory.appendingPathComponent("\(id).part") }
    private func metaURL(_ id: String) -> URL { directory.appendingPathComponent("\(id).json") }

    /// Whether a text is a SHA-256 digest in hex: 64 ASCII hex digits (`Character.isHexDigit` alone also takes
    /// the full-width forms, which no digest matches).
    static func isSHA256Hex(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The last path component, without control characters, at most 255 UTF-8 bytes (the file-name limit of
    /// Linux file systems; a longer name keeps its extension and loses the end of its stem, whole characters
    /// only); never `.` or `..`.
    static func safeFilename(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        let fitted = fitted(cleaned, bytes: 255)
        return fitted == "." || fitted == ".." ? "" : fitted
    }

    /// `name` shortened to at most `bytes` UTF-8 bytes: the stem cut at a character boundary, an extension of up to
    /// 16 bytes kept.
    static func fitted(_ name: String, bytes: Int) -> String {
        guard name.utf8.count > bytes else { return name }
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { String(name[$0...]) } ?? ""
        let keep = ext.utf8.count <= 16 && dot != name.startIndex ? ext : ""
        let stem = keep.isEmpty ? name : String(name[..<dot!])
        var cut = ""
        for character in stem {
            guard cut.utf8.count + String(character).utf8.count + keep.utf8.count <= bytes else { break }
            cut.append(character)
        }
        return cut + keep
    }
}
