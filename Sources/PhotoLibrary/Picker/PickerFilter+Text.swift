/// The text form of a picker filter, for `photos pick --filter` and the service's picker page.
///
/// Grammar: a kind name (`images`, `videos`, `livePhotos`, `screenshots`, `screenRecordings`, `bursts`, `panoramas`,
/// `slomoVideos`, `timelapseVideos`, `depthEffectPhotos`, `cinematicVideos`, `spatialMedia`), `playbackStyle(N)`
/// (a `PHAsset.PlaybackStyle` raw value), `any(F, …)`, `all(F, …)` or `not(F)`. At the top level the colon
/// shorthand `any:images,videos`, `all:…`, `not:…` and `playbackStyle:N` is accepted too. Names are
/// case-insensitive; `description` writes the canonical form, which parses back to the same filter. Text from
/// outside (a request, a command line) is bounded: at most `maximumTextLength` characters and
/// `maximumNesting` levels of `any`/`all`/`not`, so parsing and the SQL it compiles to stay small.
extension PickerFilter: CustomStringConvertible {
    /// The kinds by name, in the order the documentation lists them.
    public static let namedKinds: [(name: String, filter: PickerFilter)] = [
        ("images", .images), ("videos", .videos), ("livePhotos", .livePhotos), ("screenshots", .screenshots),
        ("screenRecordings", .screenRecordings), ("bursts", .bursts), ("panoramas", .panoramas),
        ("slomoVideos", .slomoVideos), ("timelapseVideos", .timelapseVideos), ("depthEffectPhotos", .depthEffectPhotos),
        ("cinematicVideos", .cinematicVideos), ("spatialMedia", .spatialMedia),
    ]

    /// The longest text `init(parsing:)` accepts.
    public static let maximumTextLength = 4096
    /// The deepest nesting of `any`/`all`/`not` `init(parsing:)` accepts.
    public static let maximumNesting = 32

    /// Parses the text form; the error names what was not understood.
    public init(parsing text: String) throws(LibraryError) {
        guard text.count <= Self.maximumTextLength else {
            throw LibraryError(.unsupportedPredicate, "Picker filter: longer than \(Self.maximumTextLength) characters")
        }
        var trimmed = Substring(text).drop { $0 == " " }
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        for head in ["any", "all", "not", "playbackStyle"] where trimmed.lowercased().hasPrefix(head.lowercased() + ":") {
            trimmed = "\(head)(\(trimmed.dropFirst(head.count + 1)))"[...]
            break
        }
        var parser = Parser(text: Array(trimmed), source: text)
        let filter = try parser.filter()
        guard parser.atEnd else { throw parser.error("unexpected text after the filter") }
        self = filter
    }

    public var description: String {
        switch self {
        case .playbackStyle(let style): return "playbackStyle(\(style))"
        case .any(let filters): return "any(" + filters.map(\.description).joined(separator: ",") + ")"
        case .all(let filters): return "all(" + filters.map(\.description).joined(separator: ",") + ")"
        case .not(let filter): return "not(\(filter))"
        default: return Self.namedKinds.first { $0.filter == self }?.name ?? "?"
        }
    }

    private struct Parser {
        let text: [Character]
        let source: String
        var index = 0
        var depth = 0

        var atEnd: Bool { mutating get { skipSpaces(); return index == text.count } }

        func error(_ problem: String) -> LibraryError {
            LibraryError(.unsupportedPredicate, "Picker filter \"\(source)\": \(problem) (kinds: "
                         + PickerFilter.namedKinds.map(\.name).joined(separator: ", ") + "; any(…), all(…), not(…), playbackStyle(N))")
        }

        mutating func skipSpaces() { while index < text.count, text[index] == " " { index += 1 } }

        mutating func word() -> String {
            skipSpaces()
            let start = index
            while index < text.count, text[index].isLetter || text[index].isNumber || text[index] == "-" { index += 1 }
            return String(text[start..<index])
        }

        mutating func expect(_ character: Character) throws(LibraryError) {
            skipSpaces()
            guard index < text.count, text[index] == character else { throw error("expected \"\(character)\"") }
            index += 1
        }

        mutating func filter() throws(LibraryError) -> PickerFilter {
            depth += 1
            defer { depth -= 1 }
            guard depth <= PickerFilter.maximumNesting else { throw error("nested more than \(PickerFilter.maximumNesting) levels deep") }
            let name = word()
            guard !name.isEmpty else { throw error("expected a filter") }
            switch name.lowercased() {
            case "any", "all":
                try expect("(")
                var filters: [PickerFilter] = []
                skipSpaces()
                if index < text.count, text[index] == ")" { index += 1; return name.lowercased() == "any" ? .any([]) : .all([]) }
                while true {
                    filters.append(try filter())
                    skipSpaces()
                    if index < text.count, text[index] == "," { index += 1; continue }
                    try expect(")")
                    break
                }
                return name.lowercased() == "any" ? .any(filters) : .all(filters)
            case "not":
                try expect("(")
                let inner = try filter()
                try expect(")")
                return .not(inner)
            case "playbackstyle":
                try expect("(")
                let number = word()
                guard let style = Int(number), (0...5).contains(style) else { throw error("playbackStyle takes 0 to 5, not \"\(number)\"") }
                try expect(")")
                return .playbackStyle(style)
            default:
                guard let kind = PickerFilter.namedKinds.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                    throw error("unknown kind \"\(name)\"")
                }
                return kind.filter
            }
        }
    }
}
