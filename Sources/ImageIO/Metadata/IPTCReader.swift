import Foundation

/// IPTC-NAA application records (record 2) as Apple's `{IPTC}` dictionary; repeatable fields become arrays.
enum IPTCReader {
    private static let fields: [UInt8: (key: String, repeatable: Bool)] = [
        5: ("ObjectName", false), 25: ("Keywords", true), 40: ("SpecialInstructions", false), 55: ("DateCreated", false),
        60: ("TimeCreated", false), 65: ("OriginatingProgram", false), 80: ("Byline", true), 85: ("BylineTitle", true),
        90: ("City", false), 92: ("SubLocation", false), 95: ("Province/State", false), 100: ("Country/PrimaryLocationCode", false),
        101: ("Country/PrimaryLocationName", false), 105: ("Headline", false), 110: ("Credit", false), 115: ("Source", false),
        116: ("CopyrightNotice", false), 120: ("Caption/Abstract", false), 122: ("Writer/Editor", false),
    ]

    static func read(_ data: Data) -> [String: PropertyValue] {
        let bytes = [UInt8](data.prefix(1 << 20))
        var result: [String: PropertyValue] = [:]
        var repeated: [String: [PropertyValue]] = [:]
        var at = 0
        while at + 5 <= bytes.count, bytes[at] == 0x1C {
            let record = bytes[at + 1], dataset = bytes[at + 2]
            let size = Int(bytes[at + 3]) << 8 | Int(bytes[at + 4])
            guard size & 0x8000 == 0, at + 5 + size <= bytes.count else { break }  // extended sizes are not text fields
            let body = Array(bytes[(at + 5)..<(at + 5 + size)])
            at += 5 + size
            guard record == 2, let field = fields[dataset] else { continue }
            let text = String(validating: body, as: UTF8.self) ?? String(body.map { Character(Unicode.Scalar($0)) })
            if field.repeatable { repeated[field.key, default: []].append(.string(text)) } else { result[field.key] = .string(text) }
        }
        for (key, values) in repeated { result[key] = .array(values) }
        return result
    }
}
