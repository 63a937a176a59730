import Foundation

/// A setting of an editing extension that a host can change (Linux addition: what a slider or a picker
/// would be in the extension's user interface). Declared by `PHContentEditingParameterized` controllers,
/// published in the extension's manifest, validated by the glue before the controller sees a value.
public struct PHEditingExtensionParameter: Sendable, Hashable, Codable {
    /// What values a parameter takes. Coded as `{"type": "number", "minimum": 0, "maximum": 2}`,
    /// `{"type": "choice", "choices": ["a", "b"]}` or `{"type": "flag"}`.
    public enum Kind: Sendable, Hashable, Codable {
        /// A number in `minimum...maximum`.
        case number(minimum: Double, maximum: Double)
        /// One of the listed names.
        case choice([String])
        /// true or false (`true`/`false`, `yes`/`no`, `1`/`0`, `on`/`off`).
        case flag

        private enum CodingKeys: String, CodingKey { case type, minimum, maximum, choices }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .type) {
            case "number": self = .number(minimum: try container.decode(Double.self, forKey: .minimum),
                                          maximum: try container.decode(Double.self, forKey: .maximum))
            case "choice": self = .choice(try container.decode([String].self, forKey: .choices))
            case "flag": self = .flag
            case let other: throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown parameter type \(other)")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .number(let minimum, let maximum):
                try container.encode("number", forKey: .type)
                try container.encode(minimum, forKey: .minimum)
                try container.encode(maximum, forKey: .maximum)
            case .choice(let names):
                try container.encode("choice", forKey: .type)
                try container.encode(names, forKey: .choices)
            case .flag:
                try container.encode("flag", forKey: .type)
            }
        }
    }

    /// A parameter's value, as the controller receives it.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
        case number(Double)
        case choice(String)
        case flag(Bool)

        /// The number, for `.number`; nil otherwise.
        public var number: Double? { if case .number(let n) = self { n } else { nil } }
        /// The chosen name, for `.choice`; nil otherwise.
        public var choice: String? { if case .choice(let c) = self { c } else { nil } }
        /// The flag, for `.flag`; nil otherwise.
        public var flag: Bool? { if case .flag(let f) = self { f } else { nil } }

        public var description: String {
            switch self {
            case .number(let n): n.formatted(.number.grouping(.never))
            case .choice(let c): c
            case .flag(let f): f ? "true" : "false"
            }
        }
    }

    /// The key a host uses (`vignette=1.5`).
    public var name: String
    public var kind: Kind
    /// The value used when the host sets none and there is no previous edit to resume.
    public var defaultValue: String
    /// One line for `photos extensions`.
    public var summary: String

    public init(name: String, kind: Kind, defaultValue: String, summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// Parses `text` as a value of this parameter, or throws an error naming the parameter and what it accepts.
    public func value(from text: String) throws -> Value {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .number(let minimum, let maximum):
            guard let number = Double(trimmed), number.isFinite else {
                throw PHEditingExtensionError.invalidParameter("\(name)=\(text): expected a number in \(minimum)…\(maximum)")
            }
            guard number >= minimum, number <= maximum else {
                throw PHEditingExtensionError.invalidParameter("\(name)=\(text): out of range \(minimum)…\(maximum)")
            }
            return .number(number)
        case .choice(let names):
            guard names.contains(trimmed) else {
                throw PHEditingExtensionError.invalidParameter("\(name)=\(text): expected one of \(names.joined(separator: ", "))")
            }
            return .choice(trimmed)
        case .flag:
            switch trimmed.lowercased() {
            case "true", "yes", "1", "on": return .flag(true)
            case "false", "no", "0", "off": return .flag(false)
            default: throw PHEditingExtensionError.invalidParameter("\(name)=\(text): expected true or false")
            }
        }
    }

    /// A readable description of the accepted values (`0…2`, `sepia|noir|chrome`, `true|false`).
    public var acceptedValues: String {
        switch kind {
        case .number(let minimum, let maximum): "\(Value.number(minimum))…\(Value.number(maximum))"
        case .choice(let names): names.joined(separator: "|")
        case .flag: "true|false"
        }
    }
}

/// A controller whose settings a host can change, since there is no user interface (Linux addition).
///
/// The glue calls `setParameterValue(_:forKey:)` after `startContentEditing(with:placeholderImage:)` (so a
/// controller resuming from adjustment data first restores its previous settings, then receives the host's
/// changes) and before `finishContentEditing(completionHandler:)`, once per parameter the host set, with a
/// value already validated against `parameters`.
@MainActor
public protocol PHContentEditingParameterized: PHContentEditingController {
    /// The parameters a host may set, with their kinds and defaults.
    static var parameters: [PHEditingExtensionParameter] { get }
    /// Applies one host-set value.
    func setParameterValue(_ value: PHEditingExtensionParameter.Value, forKey key: String) throws
}
