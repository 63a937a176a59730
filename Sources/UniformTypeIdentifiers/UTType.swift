import Foundation

/// A uniform type identifier: a type of data (file format, pasteboard flavour, abstract
/// category) arranged in a conformance hierarchy.
///
/// This port answers every query from a built-in table of declarations (see `Declarations.swift`)
/// instead of the system's Launch Services database. Differences from Apple's type:
/// - Only the built-in declarations are known; app `Info.plist` declarations do not exist on
///   Linux, so ``init(exportedAs:conformingTo:)`` and ``init(importedAs:conformingTo:)`` produce
///   *undeclared* types (``isDeclared`` is `false`) that still carry the given conformance.
/// - Dynamic types use identifiers of the form `dyn.` + a lower-case base-32 encoding of the tag,
///   tag class and supertypes. They round-trip through ``init(_:)`` but are **not** byte-for-byte
///   Apple's `dyn.a…` strings.
/// - ``localizedDescription`` is English only.
/// - Identifiers compare case-insensitively (as UTIs do); ``identifier`` keeps the canonical
///   spelling of declared types.
public struct UTType: Sendable {
    enum Kind: Sendable {
        case declared(TypeDeclaration)
        case dynamic(tagClass: UTTagClass, tag: String, conformsTo: [String])
        case undeclared(conformsTo: [String])
    }

    /// The type's identifier, e.g. `public.jpeg`.
    public let identifier: String
    let kind: Kind

    init(declaration: TypeDeclaration) {
        self.identifier = declaration.identifier
        self.kind = .declared(declaration)
    }

    init(identifier: String, kind: Kind) {
        self.identifier = identifier
        self.kind = kind
    }

    /// Internal: a type known to be in the built-in table (used for the static constants).
    static func builtIn(_ identifier: String) -> UTType {
        guard let declaration = TypeRegistry.byIdentifier[identifier.lowercased()] else {
            preconditionFailure("UTType table is missing \(identifier)")
        }
        return UTType(declaration: declaration)
    }

    // MARK: Creating types

    /// Returns the declared type with this identifier (case-insensitive), or decodes a dynamic
    /// identifier produced by this module. Returns `nil` for identifiers the table does not know,
    /// as Apple returns `nil` for identifiers the system does not know.
    public init?(_ identifier: String) {
        if let declaration = TypeRegistry.byIdentifier[identifier.lowercased()] {
            self.init(declaration: declaration)
        } else if let dynamic = DynamicIdentifier.decode(identifier) {
            self.init(
                identifier: identifier.lowercased(),
                kind: .dynamic(tagClass: dynamic.tagClass, tag: dynamic.tag, conformsTo: dynamic.conformsTo))
        } else {
            return nil
        }
    }

    /// Returns the first type (in table order) that has `tag` in `tagClass` and conforms to
    /// `supertype`; otherwise a dynamic type carrying the tag and conforming to `supertype`
    /// (or to `public.data` when `supertype` is `nil`). Tags compare case-insensitively.
    /// Returns `nil` for an empty tag or an empty tag class.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        guard !tag.isEmpty, !tagClass.rawValue.isEmpty else { return nil }
        let candidates = TypeRegistry.declarations(tag: tag, tagClass: tagClass)
        if let match = candidates.first(where: { declaration in
            guard let supertype else { return true }
            return UTType(declaration: declaration).conforms(to: supertype)
        }) {
            self.init(declaration: match)
            return
        }
        let parents = [supertype?.identifier ?? "public.data"]
        self.init(
            identifier: DynamicIdentifier.encode(tagClass: tagClass, tag: tag, conformsTo: parents),
            kind: .dynamic(tagClass: tagClass, tag: tag, conformsTo: parents))
    }

    /// Returns the type for a filename extension (without the dot, case-insensitive) that
    /// conforms to `supertype`, or a dynamic type (``isDynamic`` `true`) when none is declared.
    /// Returns `nil` only for an empty extension.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        self.init(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
    }

    /// Returns the type for a MIME type (case-insensitive; parameters such as `; charset=` are
    /// ignored when no exact match exists) that conforms to `supertype`, or a dynamic type when
    /// none is declared. Returns `nil` only for an empty string.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        self.init(tag: mimeType, tagClass: .mimeType, conformingTo: supertype)
    }

    /// A type your app owns. If the identifier is in the built-in table that declaration is used;
    /// otherwise an undeclared type conforming to `parentType` (no tags) is returned. Apple reads
    /// the declaration from the app's `Info.plist`, which does not exist here.
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(undeclaredIdentifier: identifier, conformingTo: parentType)
    }

    /// A type your app uses but does not own. Same behaviour as ``init(exportedAs:conformingTo:)``.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(undeclaredIdentifier: identifier, conformingTo: parentType)
    }

    private init(undeclaredIdentifier identifier: String, conformingTo parentType: UTType?) {
        if let declaration = TypeRegistry.byIdentifier[identifier.lowercased()] {
            self.init(declaration: declaration)
        } else {
            self.init(
                identifier: identifier,
                kind: .undeclared(conformsTo: parentType.map { [$0.identifier] } ?? []))
        }
    }

    /// Every built-in type carrying `tag` in `tagClass` and conforming to `supertype`, in table
    /// order; a single dynamic type when there is none.
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        let matches = TypeRegistry.declarations(tag: tag, tagClass: tagClass)
            .map(UTType.init(declaration:))
            .filter { supertype == nil || $0.conforms(to: supertype!) }
        if !matches.isEmpty { return matches }
        return UTType(tag: tag, tagClass: tagClass, conformingTo: supertype).map { [$0] } ?? []
    }

    // MARK: Properties

    /// The tags of the type, by tag class (extensions are lower-case, without dots).
    /// Empty classes are omitted.
    public var tags: [UTTagClass: [String]] {
        switch kind {
        case .declared(let declaration):
            var tags: [UTTagClass: [String]] = [:]
            if !declaration.filenameExtensions.isEmpty {
                tags[.filenameExtension] = declaration.filenameExtensions
            }
            if !declaration.mimeTypes.isEmpty {
                tags[.mimeType] = declaration.mimeTypes
            }
            return tags
        case .dynamic(let tagClass, let tag, _):
            return [tagClass: [tag]]
        case .undeclared:
            return [:]
        }
    }

    /// The first filename extension of the type, or `nil` (abstract types have none).
    public var preferredFilenameExtension: String? {
        tags[.filenameExtension]?.first
    }

    /// The first MIME type of the type, or `nil`.
    public var preferredMIMEType: String? {
        tags[.mimeType]?.first
    }

    /// An English description such as "JPEG image"; `nil` for dynamic and undeclared types.
    /// Apple localizes this string; this port does not.
    public var localizedDescription: String? {
        if case .declared(let declaration) = kind { return declaration.description }
        return nil
    }

    /// `true` for types from the built-in table.
    public var isDeclared: Bool {
        if case .declared = kind { return true }
        return false
    }

    /// `true` for types synthesised from an unknown tag (identifier prefix `dyn.`).
    public var isDynamic: Bool {
        if case .dynamic = kind { return true }
        return false
    }

    /// `true` when the identifier is in the reserved `public.` domain.
    public var isPublic: Bool {
        identifier.lowercased().hasPrefix("public.")
    }

    /// Always `nil`: the built-in declarations carry no version.
    public var version: NSNumber? { nil }

    /// Always `nil`: the built-in declarations carry no reference URL.
    public var referenceURL: URL? { nil }

    /// All types this type conforms to, directly or indirectly, excluding the type itself.
    public var supertypes: Set<UTType> {
        var result = Set<UTType>()
        var pending = directSupertypeIdentifiers
        while let next = pending.popLast() {
            guard let type = UTType(next) ?? UTType.undeclaredParent(next),
                  result.insert(type).inserted
            else { continue }
            pending.append(contentsOf: type.directSupertypeIdentifiers)
        }
        return result
    }

    private static func undeclaredParent(_ identifier: String) -> UTType? {
        UTType(identifier: identifier, kind: .undeclared(conformsTo: []))
    }

    var directSupertypeIdentifiers: [String] {
        switch kind {
        case .declared(let declaration): return declaration.conformsTo
        case .dynamic(_, _, let conformsTo): return conformsTo
        case .undeclared(let conformsTo): return conformsTo
        }
    }

    // MARK: Conformance

    /// `true` when the types are equal or `type` is one of ``supertypes``.
    public func conforms(to type: UTType) -> Bool {
        self == type || supertypes.contains(type)
    }

    /// `true` when this type conforms to `type` and is not equal to it.
    public func isSubtype(of type: UTType) -> Bool {
        self != type && conforms(to: type)
    }

    /// `true` when `type` conforms to this type and is not equal to it.
    public func isSupertype(of type: UTType) -> Bool {
        type.isSubtype(of: self)
    }
}

extension UTType: Hashable {
    /// Types are equal when their identifiers are equal, ignoring case.
    public static func == (lhs: UTType, rhs: UTType) -> Bool {
        lhs.identifier.lowercased() == rhs.identifier.lowercased()
    }

    /// Hashes the lower-cased identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier.lowercased())
    }
}

extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
    /// The identifier, as Apple prints it.
    public var description: String { identifier }

    /// The identifier, as for ``description``.
    public var debugDescription: String { identifier }
}

extension UTType: Codable {
    /// Decodes a single identifier string. Unknown identifiers decode as undeclared types with
    /// no supertypes (Apple's archived format is not documented; this port's is a plain string).
    public init(from decoder: any Decoder) throws {
        let identifier = try decoder.singleValueContainer().decode(String.self)
        self = UTType(identifier) ?? UTType(identifier: identifier, kind: .undeclared(conformsTo: []))
    }

    /// Encodes the identifier as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}

/// Encoding of dynamic identifiers: `dyn.` followed by the RFC 4648 base-32 alphabet in lower
/// case (no padding) of `<tag class>=<tag>|<supertype>,<supertype>…` in UTF-8.
enum DynamicIdentifier {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
    private static let prefix = "dyn."

    static func encode(tagClass: UTTagClass, tag: String, conformsTo: [String]) -> String {
        let payload = "\(tagClass.rawValue)=\(tag)|\(conformsTo.joined(separator: ","))"
        var output = prefix
        var buffer = 0
        var bits = 0
        for byte in Array(payload.utf8) {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 {
            output.append(alphabet[(buffer << (5 - bits)) & 31])
        }
        return output
    }

    static func decode(_ identifier: String) -> (tagClass: UTTagClass, tag: String, conformsTo: [String])? {
        let lowered = identifier.lowercased()
        guard lowered.hasPrefix(prefix) else { return nil }
        var bytes: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in lowered.dropFirst(prefix.count) {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
            buffer &= (1 << bits) - 1
        }
        guard let payload = String(bytes: bytes, encoding: .utf8),
              let equals = payload.firstIndex(of: "="),
              let bar = payload.lastIndex(of: "|"), equals < bar
        else { return nil }
        let tagClass = UTTagClass(rawValue: String(payload[..<equals]))
        let tag = String(payload[payload.index(after: equals)..<bar])
        let parents = payload[payload.index(after: bar)...].split(separator: ",").map(String.init)
        guard !tag.isEmpty else { return nil }
        return (tagClass, tag, parents)
    }
}
