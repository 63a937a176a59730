import Foundation
import Hummingbird

/// Sending stored files: strong ETags from content hashes, conditional requests, single byte ranges
/// (video seeking, resumed downloads), streamed in chunks so a large original is never held in memory.
enum FileResponses {
    /// A `bytes=` range resolved against a file size.
    struct ByteRange: Equatable { let start: Int64; let end: Int64 }   // inclusive

    /// Parses a single-range `Range` header; nil means "send everything" (absent, several ranges, other units);
    /// throws 416 when the range cannot be satisfied.
    static func range(_ header: String?, size: Int64) throws(Problem) -> ByteRange? {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var range: ByteRange?
        if parts[0].isEmpty, let suffix = Int64(parts[1]), suffix > 0 {
            range = ByteRange(start: max(0, size - suffix), end: size - 1)
        } else if let start = Int64(parts[0]), start >= 0 {
            let end = parts[1].isEmpty ? size - 1 : Int64(parts[1]).map { min($0, size - 1) } ?? -1
            if end >= start { range = ByteRange(start: start, end: end) }
        }
        guard let range, range.start < size else {
            var problem = Problem(.rangeNotSatisfiable, "range-not-satisfiable", "The requested range is outside the file's \(size) bytes")
            problem.headers[.contentRange] = "bytes */\(size)"
            throw problem
        }
        return range
    }

    /// A response for a file with a strong ETag (`"<sha256>"`): 304 when the client has it, 206 for a range.
    static func file(at url: URL, etag: String, contentType: String, request: Request, cacheControl: String,
                     disposition: String? = nil, vary: String? = nil) throws -> Response {
        let quotedETag = "\"\(etag)\""
        var headers: HTTPFields = [.eTag: quotedETag, .cacheControl: cacheControl, .acceptRanges: "bytes"]
        if let vary { headers[.vary] = vary }
        if clientHas(quotedETag, request) { return Response(status: .notModified, headers: headers) }
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw Problem(.notFound, "missing-file", "The stored file for this resource is missing") }
        let size = Int64(info.st_size)
        headers[.contentType] = contentType
        if let disposition { headers[.contentDisposition] = disposition }
        var range: ByteRange?
        if request.headers[.ifRange] == nil || request.headers[.ifRange] == quotedETag {
            range = try Self.range(request.headers[.range], size: size)
        }
        let start = range?.start ?? 0
        let length = range.map { $0.end - $0.start + 1 } ?? size
        if let range { headers[.contentRange] = "bytes \(range.start)-\(range.end)/\(size)" }
        if request.method == .head {
            headers[.contentLength] = String(length)
            return Response(status: range == nil ? .ok : .partialContent, headers: headers)
        }
        if length <= 1 << 20 {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(start))
            let data = try handle.read(upToCount: Int(length)) ?? Data()
            return Response(status: range == nil ? .ok : .partialContent, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        let body = ResponseBody(contentLength: Int(length)) { writer in
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(start))
            var remaining = length
            while remaining > 0 {
                let chunk = try handle.read(upToCount: Int(min(remaining, 256 << 10))) ?? Data()
                guard !chunk.isEmpty else { throw Problem(.internalServerError, "short-file", "The stored file ended early") }
                try await writer.write(ByteBuffer(bytes: chunk))
                remaining -= Int64(chunk.count)
            }
            try await writer.finish(nil)
        }
        return Response(status: range == nil ? .ok : .partialContent, headers: headers, body: body)
    }

    /// A response for bytes already in memory (cached pictures), with the same ETag and 304 rules.
    static func bytes(_ data: Data, etag: String, contentType: String, request: Request, cacheControl: String, vary: String? = nil) -> Response {
        let quotedETag = "\"\(etag)\""
        var headers: HTTPFields = [.eTag: quotedETag, .cacheControl: cacheControl]
        if let vary { headers[.vary] = vary }
        if clientHas(quotedETag, request) { return Response(status: .notModified, headers: headers) }
        headers[.contentType] = contentType
        if request.method == .head {
            headers[.contentLength] = String(data.count)
            return Response(status: .ok, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Whether the request's `If-None-Match` names this ETag (unquoted here) or `*`.
    static func matches(_ etag: String, _ request: Request) -> Bool { clientHas("\"\(etag)\"", request) }

    /// 304 for a client whose copy (`etag`, unquoted) is current.
    static func notModified(etag: String, cacheControl: String, vary: String? = nil) -> Response {
        var headers: HTTPFields = [.eTag: "\"\(etag)\"", .cacheControl: cacheControl]
        if let vary { headers[.vary] = vary }
        return Response(status: .notModified, headers: headers)
    }

    /// Whether the request's `If-None-Match` names this (quoted) ETag or `*`: the client's copy is current.
    private static func clientHas(_ quotedETag: String, _ request: Request) -> Bool {
        guard let match = request.headers[.ifNoneMatch] else { return false }
        return match.split(separator: ",").contains { let tag = $0.trimmingCharacters(in: .whitespaces); return tag == quotedETag || tag == "*" }
    }

    /// `attachment` with the original file name (ASCII fallback plus RFC 5987 UTF-8 form).
    static func attachment(filename: String) -> String {
        let ascii = String(filename.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" })
        let encoded = filename.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ascii
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
