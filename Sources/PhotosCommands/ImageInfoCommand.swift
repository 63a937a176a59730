import ArgumentParser
import Foundation
import ImageIO

/// `photos image info FILE [--json]`: what ImageIO says about an image file — its type, image count and
/// `CGImageSourceCopyPropertiesAtIndex` for each image (Apple's keys and dictionaries). Exits 1 with a message
/// naming the problem when the file is not a readable image.
struct ImageInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Print an image file's ImageIO properties (type, size, orientation, EXIF, GPS, ICC…).")

    @Argument(help: "The image file.") var file: String
    @Flag(help: "Print JSON (keys sorted) instead of text.") var json = false
    @Flag(help: "Show every image of a multi-image file (frames, pages), not just the first.") var all = false

    func run() throws {
        let url = URL(fileURLWithPath: file)
        // The core names the problem precisely; the Apple-shaped API then reports the properties.
        let imageFile: ImageFile
        do {
            imageFile = try ImageFile(contentsOf: url)
            _ = try imageFile.header(at: 0)
        } catch {
            throw CommandError("\(url.lastPathComponent): \(error)")
        }
        guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { throw CommandError("\(file): cannot be read") }
        let count = CGImageSourceGetCount(source)
        let indices = all ? Array(0..<count) : [0]
        let images: [[String: Any]] = indices.compactMap { index in
            (CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [AnyHashable: Any]).map(Self.jsonSafe)
        }
        let status = CGImageSourceGetStatus(source)
        if json {
            var object: [String: Any] = ["file": url.path, "type": CGImageSourceGetType(source) ?? NSNull(), "count": count,
                                         "complete": status == .statusComplete]
            object[all ? "images" : "properties"] = all ? images : (images.first ?? [:])
            Output.printJSON(object)
            return
        }
        print("\(url.lastPathComponent): \(CGImageSourceGetType(source) ?? "unknown type"), \(count) image\(count == 1 ? "" : "s")"
              + (status == .statusComplete ? "" : " (data incomplete)"))
        for (position, properties) in images.enumerated() {
            if all { print("[\(indices[position])]") }
            Self.printText(properties, indent: all ? "  " : "")
        }
    }

    /// Values JSON can hold: data becomes a byte count note, everything else as is.
    static func jsonSafe(_ dictionary: [AnyHashable: Any]) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in dictionary { result["\(key.base)"] = jsonValue(value) }
        return result
    }

    static func jsonValue(_ value: Any) -> Any {
        switch value {
        case let nested as [AnyHashable: Any]: return jsonSafe(nested)
        case let list as [Any]: return list.map(jsonValue)
        case let data as Data: return "<\(data.count) bytes>"
        case let number as Double where !number.isFinite: return NSNull()
        default: return value
        }
    }

    static func printText(_ dictionary: [String: Any], indent: String) {
        for key in dictionary.keys.sorted() {
            let value = dictionary[key]!
            if let nested = value as? [String: Any] {
                print("\(indent)\(key):")
                printText(nested, indent: indent + "  ")
            } else if let list = value as? [Any] {
                print("\(indent)\(key): \(list.map { "\($0)" }.joined(separator: ", "))")
            } else {
                print("\(indent)\(key): \(value)")
            }
        }
    }
}
