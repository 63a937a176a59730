import Foundation
import PhotoLibrary

/// The web app's files (`Resources/web`), loaded once and served under content-hashed names.
///
/// Every file is reachable as `/app/<name>.<hash>.<ext>` (immutable caching: a new build has new names) and, for
/// debugging, as `/app/<name>` (revalidated). The page (`index.html`) is written here: an import map sends each
/// module's plain specifier (`/app/grid.js`) to its hashed URL, so modules import each other by plain names and
/// the browser still fetches only hashed, immutable files — no bundler needed; `modulepreload` links let it fetch
/// them all at once. The page's content security policy
/// admits exactly that import map by its SHA-256.
struct WebAssets: Sendable {
    /// One file of the app.
    struct Asset: Sendable {
        let bytes: Data
        let contentType: String
        /// The first 12 hex digits of the file's SHA-256: part of its served name and its ETag.
        let hash: String
    }

    /// Files by their hashed name (`grid.3f2a1c0b9d8e.js`) and by their plain name (`grid.js`).
    private let byHashedName: [String: Asset]
    private let byPlainName: [String: Asset]
    /// The page, already rewritten to the hashed names.
    let page: Data
    /// The page's `Content-Security-Policy`.
    let pageSecurityPolicy: String

    /// The assets shipped with this build; an empty app (a page saying so) when the resources are missing.
    static let shipped = WebAssets(directory: Bundle.module.url(forResource: "web", withExtension: nil))

    init(directory: URL?) {
        var plain: [String: Asset] = [:]
        if let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) {
            for name in names where !name.hasPrefix(".") && name != "index.html" {
                guard let bytes = try? Data(contentsOf: directory.appendingPathComponent(name)) else { continue }
                plain[name] = Asset(bytes: bytes, contentType: Self.contentType(of: name),
                                    hash: String(ContentDigest.sha256Hex(bytes).prefix(12)))
            }
        }
        var hashed: [String: Asset] = [:]
        for (name, asset) in plain { hashed[Self.hashedName(name, asset.hash)] = asset }
        byPlainName = plain
        byHashedName = hashed

        let template = directory.flatMap { try? String(contentsOf: $0.appendingPathComponent("index.html"), encoding: .utf8) }
            ?? "<!doctype html><title>Photos</title><p>This build of photos has no web app.</p>"
        let imports = plain.keys.filter { $0.hasSuffix(".js") }.sorted().map { name in
            "\"/app/\(name)\": \"/app/\(Self.hashedName(name, plain[name]!.hash))\""
        }
        let importMap = "{\"imports\": {\(imports.joined(separator: ", "))}}"
        var text = template
        for (name, asset) in plain {
            text = text.replacingOccurrences(of: "\"/app/\(name)\"", with: "\"/app/\(Self.hashedName(name, asset.hash))\"")
        }
        // Every module announced up front, so the browser fetches them in parallel instead of discovering the
        // import graph one level at a time.
        let preloads = plain.keys.filter { $0.hasSuffix(".js") }.sorted().map { name in
            "<link rel=\"modulepreload\" href=\"/app/\(Self.hashedName(name, plain[name]!.hash))\">"
        }.joined(separator: "\n")
        text = text.replacingOccurrences(of: "<!--import-map-->", with: "<script type=\"importmap\">\(importMap)</script>\n\(preloads)")
        page = Data(text.utf8)
        let mapDigest = Data(Self.sha256(Data(importMap.utf8))).base64EncodedString()
        pageSecurityPolicy = "default-src 'self'; script-src 'self' 'sha256-\(mapDigest)'; img-src 'self' data: blob:; media-src 'self' blob:; "
            + "style-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
    }

    /// The file served at `/app/<name>`: hashed names are immutable, plain names revalidate.
    func asset(named name: String) -> (asset: Asset, immutable: Bool)? {
        if let asset = byHashedName[name] { return (asset, true) }
        if let asset = byPlainName[name] { return (asset, false) }
        return nil
    }

    /// Plain file names shipped (for tests and diagnostics).
    var names: [String] { byPlainName.keys.sorted() }

    static func hashedName(_ name: String, _ hash: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "\(name).\(hash)" }
        return "\(name[..<dot]).\(hash)\(name[dot...])"
    }

    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "js": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "json", "webmanifest": return "application/json"
        case "html": return "text/html; charset=utf-8"
        default: return "application/octet-stream"
        }
    }

    private static func sha256(_ data: Data) -> [UInt8] {
        let hex = ContentDigest.sha256Hex(data)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}
