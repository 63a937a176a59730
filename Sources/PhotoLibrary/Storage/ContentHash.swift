import Foundation
internal import COpenSSLCrypto

/// Incremental SHA-256 over OpenSSL's libcrypto, used to recognise duplicate content.
struct SHA256Hasher: ~Copyable {
    private let context: OpaquePointer

    init() {
        context = EVP_MD_CTX_new()
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Feeds bytes.
    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        if let base = buffer.baseAddress, buffer.count > 0 { EVP_DigestUpdate(context, base, buffer.count) }
    }

    /// The lower-case hex digest.
    consuming func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        // Hex by table: `String(format:)` costs more than the hash itself (it showed in every request's auth).
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest of a whole buffer.
    static func hex(of data: Data) -> String {
        var hasher = SHA256Hasher()
        data.withUnsafeBytes { hasher.update($0) }
        return hasher.finalize()
    }
}

/// SHA-256 for callers outside the core (request digests, ETags).
public enum ContentDigest {
    /// The lower-case hex SHA-256 of `data`.
    public static func sha256Hex(_ data: Data) -> String { SHA256Hasher.hex(of: data) }

    /// The lower-case hex SHA-256 of a file read in 1 MiB chunks (the importer's duplicate key), or nil when it
    /// cannot be read.
    public static func sha256Hex(ofFileAt url: URL) -> String? { Importer.sha256(ofFileAt: url) }
}
