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
            throw LibraryError(.io, "Cannot make the served library's cache at \(cacheDirectory.path): \(error.localizedDescription)")
        }
        let temporary = cacheDirectory.appendingPathComponent(".\(resource.sha256).\(UUID().uuidString)")
        do throws(LibraryError) {
            try download(resource, to: temporary)
            guard ContentDigest.sha256Hex(ofFileAt: temporary) == resource.sha256 else {
                throw LibraryError(.invalidResource, "The photo library service sent bytes for \(resource.originalFilename) that do not match its SHA-256")
            }
            guard rename(temporary.path, file.path) == 0 else {
                throw LibraryError(.io, "Cannot keep a downloaded resource at \(file.path): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return file
    }

    /// Writes the resource's bytes to `temporary`, range after range, and flushes it.
    private func download(_ resource: ResourceRecord, to temporary: URL) throws(LibraryError) {
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil), let handle = FileHandle(forWritingAtPath: temporary.path) else {
            throw LibraryError(.io, "Cannot write a download in \(temporary.deletingLastPathComponent().path): \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        let path = "/api/photokit/assets/\(resource.assetID)/resources/\(resource.rowID)"
        var received: Int64 = 0
        repeat {
            let last = min(received + downloadChunk, resource.byteCount) - 1
            let range: [(String, String)] = resource.byteCount > 0 ? [("Range", "bytes=\(received)-\(last)")] : []
            let response = try Self.sendAllowingProblems(client, token: token, .GET, path, headers: range, timeoutSeconds: 600)
            if response.status == 416 { break }   // the stored file ends before the record says
            guard (200..<300).contains(response.status) else { throw ServiceProblem.error(response) }
            // 200 is the whole file (an empty resource, or a range the service chose to ignore): only from the start.
            guard response.status == 206 || received == 0 else {
                throw LibraryError(.io, "The photo library service answered a range of \(resource.originalFilename) with the whole file")
            }
            do { try handle.write(contentsOf: response.body) } catch {
                throw LibraryError(error.isDiskFull ? .notEnoughSpace : .io, "Cannot write a download of \(resource.originalFilename): \(error.localizedDescription)")
            }
            let wanted = last - received + 1
            received += Int64(response.body.count)
            // The whole file, nothing, or less than asked for: the file ends here.
            if response.status == 200 || Int64(response.body.count) < wanted { break }
        } while received < resource.byteCount
        guard received >= resource.byteCount else {
            throw LibraryError(.invalidResource, "The photo library service sent \(received) of the \(resource.byteCount) bytes of \(resource.originalFilename): its stored file is truncated")
        }
        do { try handle.synchronize() } catch {
            throw LibraryError(.io, "Cannot flush a download of \(resource.originalFilename): \(error.localizedDescription)")
        }
    }
}

private extension Error {
    /// Whether a write failed for want of space.
    var isDiskFull: Bool { (self as NSError).code == Int(ENOSPC) || (self as NSError).code == NSFileWriteOutOfSpaceError }
}
