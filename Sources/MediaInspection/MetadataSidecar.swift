import Foundation

/// XMP sidecars: the small `.xmp` files photo tools keep beside an image for what the image file itself does not
/// say. `photos export --with-metadata` writes one per exported file carrying the asset's global identity (PhotoKit's
/// cloud identifier, property `CloudIdentifier` of `namespace`) and its creation date; `photos import` reads the
/// identity back, so two libraries that exchanged photos name them alike.
public enum MetadataSidecar {
    /// The XMP namespace of the library's own properties.
    public static let namespace = "http://ns.photokit-linux.org/photos/1.0/"
    /// Sidecars larger than this are not read (a sidecar holds a few hundred bytes).
    static let largestSidecar = 1 << 20

    /// Where a sidecar of `file` may be, in the order looked at: `IMG_1.JPG.xmp` (darktable, digiKam, and what
    /// export writes), then `IMG_1.xmp` (Lightroom); either extension case.
    public static func candidates(for file: URL) -> [URL] {
        let folder = file.deletingLastPathComponent()
        let names = [file.lastPathComponent, file.deletingPathExtension().lastPathComponent]
        return names.flatMap { name in ["xmp", "XMP"].map { folder.appendingPathComponent("\(name).\($0)") } }
    }

    /// The global identity a sidecar beside `file` names, when one does and it is well formed (a UUID); a missing,
    /// oversized, unreadable or unrelated sidecar names none.
    public static func cloudIdentity(besides file: URL) -> String? {
        for candidate in candidates(for: file) {
            guard let handle = try? FileHandle(forReadingFrom: candidate) else { continue }
            defer { try? handle.close() }
            if let data = try? handle.read(upToCount: largestSidecar + 1), let identity = cloudIdentity(inSidecar: data) { return identity }
        }
        return nil
    }

    /// The global identity a sidecar's bytes name, when they name a well-formed one (larger than a sidecar: none).
    public static func cloudIdentity(inSidecar data: Data) -> String? {
        guard data.count <= largestSidecar else { return nil }
        let packet = XMPPacket(text: String(decoding: data, as: UTF8.self))
        guard let value = packet.value(namespace, "CloudIdentifier")?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        return UUID(uuidString: value)?.uuidString
    }

    /// A sidecar naming `cloudIdentity` (and, when known, the creation date as `xmp:CreateDate`).
    public static func document(cloudIdentity: String, creationDate: Date?) -> Data {
        var properties = "      photos:CloudIdentifier=\"\(escape(cloudIdentity))\""
        if let creationDate {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            properties += "\n      xmp:CreateDate=\"\(formatter.string(from: creationDate))\""
        }
        return Data("""
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
              <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description rdf:about=""
                  xmlns:photos="\(namespace)"
                  xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            \(properties)/>
              </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>

            """.utf8)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
