import Foundation

/// A minimal XMP (RDF/XML) property reader. libexif has no XMP support; FoundationXML would pull in
/// libxml2 for a handful of simple properties, so this resolves namespace prefixes and reads simple
/// properties in both attribute form (`ns:Prop="v"`) and element form (`<ns:Prop>v</ns:Prop>`,
/// including a first `rdf:li` inside `rdf:Alt`/`rdf:Seq`/`rdf:Bag`).
struct XMPPacket {
    static let exif = "http://ns.adobe.com/exif/1.0/"
    static let xmp = "http://ns.adobe.com/xap/1.0/"
    static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    static let gPano = "http://ns.google.com/photos/1.0/panorama/"
    static let gDepth = "http://ns.google.com/photos/1.0/depthmap/"
    static let gCamera = "http://ns.google.com/photos/1.0/camera/"
    static let hdrGainMap = "http://ns.adobe.com/hdr-gain-map/1.0/"
    static let appleHDRGainMap = "http://ns.apple.com/HDRGainMap/1.0/"

    let text: String
    private let prefixes: [String: [String]]  // namespace URI → prefixes bound to it

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty, bytes.count < 16 << 20 else { return nil }
        let s = String(decoding: bytes, as: UTF8.self)
        guard s.contains("xmlns") || s.contains("x:xmpmeta") || s.contains("rdf:RDF") else { return nil }
        self.init(text: s)
    }

    init(text: String) {
        self.text = text
        var map: [String: [String]] = [:]
        var search = text.startIndex
        while let r = text.range(of: "xmlns:", range: search..<text.endIndex) {
            search = r.upperBound
            guard let eq = text[r.upperBound...].firstIndex(of: "=") else { break }
            let prefix = text[r.upperBound..<eq].trimmingCharacters(in: .whitespaces)
            var i = text.index(after: eq)
            while i < text.endIndex, text[i] == " " { i = text.index(after: i) }
            guard i < text.endIndex, text[i] == "\"" || text[i] == "'" else { continue }
            let quote = text[i]
            let start = text.index(after: i)
            guard let end = text[start...].firstIndex(of: quote) else { break }
            map[String(text[start..<end]), default: []].append(prefix)
            search = end
        }
        prefixes = map
    }

    /// Whether any property of the namespace is declared.
    func declares(_ namespace: String) -> Bool { prefixes[namespace] != nil }

    /// The first value of the simple (or first `rdf:li` of a container) property `name` in `namespace`.
    func value(_ namespace: String, _ name: String) -> String? {
        for prefix in prefixes[namespace] ?? [] {
            let qname = prefix + ":" + name
            // Attribute form.
            var search = text.startIndex
            while let r = text.range(of: qname, range: search..<text.endIndex) {
                search = r.upperBound
                let before = r.lowerBound > text.startIndex ? text[text.index(before: r.lowerBound)] : " "
                guard before == " " || before == "\n" || before == "\t" || before == "\r" else {
                    if before == "<" { if let v = elementValue(after: r, qname: qname) { return v } }
                    continue
                }
                var i = r.upperBound
                while i < text.endIndex, text[i].isWhitespace { i = text.index(after: i) }
                guard i < text.endIndex, text[i] == "=" else { continue }
                i = text.index(after: i)
                while i < text.endIndex, text[i].isWhitespace { i = text.index(after: i) }
                guard i < text.endIndex, text[i] == "\"" || text[i] == "'" else { continue }
                let quote = text[i]
                let start = text.index(after: i)
                guard let end = text[start...].firstIndex(of: quote) else { return nil }
                return Self.unescape(String(text[start..<end]))
            }
        }
        return nil
    }

    /// Text of `<qname ...>value</qname>`; the range is the qname just after "<".
    private func elementValue(after r: Range<String.Index>, qname: String) -> String? {
        guard r.upperBound < text.endIndex, let close = text[r.upperBound...].firstIndex(of: ">") else { return nil }
        let next = text[r.upperBound]
        guard next == ">" || next.isWhitespace || next == "/" else { return nil }
        if text[text.index(before: close)] == "/" { return nil }  // empty element
        let contentStart = text.index(after: close)
        guard let end = text.range(of: "</" + qname, range: contentStart..<text.endIndex) else { return nil }
        var content = Substring(text[contentStart..<end.lowerBound])
        if let li = content.range(of: "<rdf:li") {
            guard let gt = content[li.upperBound...].firstIndex(of: ">"),
                  let liEnd = content.range(of: "</rdf:li", range: gt..<content.endIndex) else { return nil }
            content = content[content.index(after: gt)..<liEnd.lowerBound]
        }
        let value = content.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty || value.contains("<") ? nil : Self.unescape(value)
    }

    private static func unescape(_ s: String) -> String {
        guard s.contains("&") else { return s }
        return s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
