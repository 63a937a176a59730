import Foundation
import PhotoLibrary

extension ServedLibrary {
    /// A verified local copy of a resource, downloaded on first use and kept by content hash in the cache.
    ///
    /// The bytes arrive in ranges of `downloadChunk` (32 MiB) written one after another to a temporary file, so a
    /// movie of any size is downloaded in bounded memory; the file is flushed, its SHA-256 checked against the
    /// record, and only then renamed into place. A stored file shorter than its record is reported as truncated,
    /// one whose bytes differ as not matching; nothing is kept for either.
    public func resourceFile(_ resource: ResourceRecord) throws(LibraryError) -> URL {
        let cacheDirectory = try resourceCacheDirectory()
        let file = cacheDirectory.appendingPathComponent(resource.sha256)
        if let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber, size.int64Value == resource.byteCount {
            return file
        }
        do {
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        } catch {
            throw LibraryError.wrap(error, "Cannot make the served library's cache at \(cacheDirectory.path)")
        }
        let temporary = cacheDirectory.appendingPathComponent(".\(resource.sha256).\(UUID().uuidString)")
        do throws(LibraryError) {
            try download(resource, to: temporary)
            guard ContentDigest.sha256Hex(ofFileAt: temporary) == resource.sha256 else {
                throw LibraryError(.invalidResource, "The photo library service sent bytes for \(resource.originalFilename) that do not match its SHA-256")
            }
            guard rename(temporary.path, file.path) == 0 else {
                throw LibraryError.posix(errno, "Cannot keep a downloaded resource at \(file.path)")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return file
    }

    /// Writes the resource's bytes to `temporary`, range after range, and flushes it.
    private func download(_ resource: ResourceRecord, to temporary: URL) throws(LibraryError) {
        let received = try downloadInRanges("/api/photokit/assets/\(resource.assetID)/resources/\(resource.rowID)",
                                            byteCount: resource.byteCount, name: resource.originalFilename, to: temporary)
        guard received >= resource.byteCount else {
            throw LibraryError(.invalidResource, "The photo library service sent \(received) of the \(resource.byteCount) bytes of \(resource.originalFilename): its stored file is truncated")
        }
    }

    /// Writes the bytes at `path` to a new file at `temporary` in ranges of `downloadChunk`, flushes it, and returns
    /// how many bytes arrived. `byteCount` is the expected size when known; otherwise the service's first
    /// `Content-Range` tells it. The file ends early where the service's does (a short range, or 416).
    func downloadInRanges(_ path: String, byteCount: Int64?, name: String, to temporary: URL) throws(LibraryError) -> Int64 {
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil), let handle = FileHandle(forWritingAtPath: temporary.path) else {
            throw LibraryError.posix(errno, "Cannot write a download in \(temporary.deletingLastPathComponent().path)")
        }
        defer { try? handle.close() }
        var total = byteCount, received: Int64 = 0
        repeat {
            let last = min(received + downloadChunk, total ?? .max) - 1
            let range: [(String, String)] = total == 0 ? [] : [("Range", "bytes=\(received)-\(last)")]
            let response = try Self.sendAllowingProblems(client, token: token, .GET, path, headers: range, timeoutSeconds: 600)
            if response.status == 416 { break }   // the stored file ends before the record says
            guard (200..<300).contains(response.status) else { throw ServiceProblem.error(response) }
            // 200 is the whole file (an empty resource, or a range the service chose to ignore): only from the start.
            guard response.status == 206 || received == 0 else {
                throw LibraryError(.io, "The photo library service answered a range of \(name) with the whole file")
            }
            if total == nil, response.status == 206 { total = Self.completeLength(response) }
            do { try handle.write(contentsOf: response.body) } catch {
                throw LibraryError.wrap(error, "Cannot write a download of \(name)")
            }
            let wanted = last - received + 1
            received += Int64(response.body.count)
            // The whole file, nothing, or less than asked for: the file ends here.
            if response.status == 200 || Int64(response.body.count) < wanted { break }
        } while received < total ?? .max
        do { try handle.synchronize() } catch {
            throw LibraryError.wrap(error, "Cannot flush a download of \(name)")
        }
        return received
    }

    /// The complete length a `Content-Range: bytes a-b/LENGTH` answer names (nil for `*` or none).
    private static func completeLength(_ response: ServiceHTTPClient.Response) -> Int64? {
        guard let header = response.headers["Content-Range"].first, let slash = header.lastIndex(of: "/") else { return nil }
        return Int64(header[header.index(after: slash)...]).flatMap { $0 >= 0 ? $0 : nil }
    }
}
