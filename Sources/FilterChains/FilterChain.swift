import Foundation

/// A chain of built-in Core Image filters, as `photos edit` stores it in adjustment data so the edit can be
/// resumed from the original: format `org.photokit-linux.filter-chain`, version `1.1`, data UTF-8 JSON
/// `{"filters":[{"name":"CISepiaTone","parameters":{"inputIntensity":0.8}}]}`. The format is specified in
/// Docs/AdjustmentFormat.md; this type is its reference reader and writer.
///
/// Values: numbers are JSON numbers, vectors (`CIVector`) arrays of numbers, colours (`CIColor`, sRGB) objects
/// `{"red","green","blue","alpha"}`, strings JSON strings. Readers ignore members they do not know (minor
/// versions may add optional ones); a different major version is not readable.
public struct FilterChain: Codable, Equatable, Sendable {
    public static let formatIdentifier = "org.photokit-linux.filter-chain"
    public static let formatVersion = "1.1"
    /// The major version this reader understands.
    public static let majorVersion = 1

    /// One filter of the chain: a built-in filter's name and the inputs set (others keep their defaults).
    public struct Filter: Codable, Equatable, Sendable {
        public var name: String
        public var parameters: [String: Value]

        public init(name: String, parameters: [String: Value] = [:]) {
            self.name = name
            self.parameters = parameters
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            parameters = try container.decodeIfPresent([String: Value].self, forKey: .parameters) ?? [:]
        }
    }

    /// A stored input value.
    public enum Value: Codable, Equatable, Sendable {
        case number(Double)
        case vector([Double])
        case color(Color)
        case string(String)

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { self = .number(number) }
            else if let vector = try? container.decode([Double].self), !vector.isEmpty { self = .vector(vector) }
            else if let color = try? container.decode(Color.self) { self = .color(color) }
            else if let string = try? container.decode(String.self) { self = .string(string) }
            else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a parameter value must be a number, an array of numbers, a colour object or a string")
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .vector(let values): try container.encode(values)
            case .color(let color): try container.encode(color)
            case .string(let string): try container.encode(string)
            }
        }

        /// The value as typed on the command line ("0.8", "1,2", "1,0.5,0,1").
        public var text: String {
            switch self {
            case .number(let number): return Self.format(number)
            case .vector(let values): return values.map(Self.format).joined(separator: ",")
            case .color(let c): return [c.red, c.green, c.blue, c.alpha].map(Self.format).joined(separator: ",")
            case .string(let string): return string
            }
        }

        static func format(_ number: Double) -> String {
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
    }

    /// An sRGB colour with straight alpha (`CIColor(red:green:blue:alpha:)`).
    public struct Color: Codable, Equatable, Sendable {
        public var red: Double
        public var green: Double
        public var blue: Double
        public var alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            red = try container.decode(Double.self, forKey: .red)
            green = try container.decode(Double.self, forKey: .green)
            blue = try container.decode(Double.self, forKey: .blue)
            alpha = try container.decodeIfPresent(Double.self, forKey: .alpha) ?? 1
        }
    }

    /// The filters, applied in order.
    public var filters: [Filter]

    /// A chain of these filters.
    public init(filters: [Filter]) { self.filters = filters }

    /// Whether adjustment data of this format and version can be read: same identifier, same major version.
    public static func canRead(formatIdentifier: String, formatVersion: String) -> Bool {
        guard formatIdentifier == Self.formatIdentifier,
              let major = formatVersion.split(separator: ".", omittingEmptySubsequences: false).first.flatMap({ Int($0) }) else { return false }
        return major == majorVersion
    }

    /// Reads the JSON data of an adjustment (format and version already checked with `canRead`).
    public init(json data: Data) throws {
        self = try JSONDecoder().decode(FilterChain.self, from: data)
    }

    /// The JSON data to store (keys sorted, so equal chains give equal bytes).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// "CISepiaTone(inputIntensity=0.8) → CIVignette(…)".
    public var summary: String {
        filters.map { filter in
            let parameters = filter.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.text)" }
            return parameters.isEmpty ? filter.name : "\(filter.name)(\(parameters.joined(separator: " ")))"
        }.joined(separator: " → ")
    }
}

extension FilterChain {
    /// The stored chain a new filter-chain edit continues from, by the WWDC 2014 rule as the built-in editor
    /// applies it: the current adjustment data is a filter chain this version reads, and that edit was itself
    /// rendered from the original (a stacked chain's base image is not kept, so it cannot be re-rendered).
    /// Nil means "start a new chain" — from the original when the asset has no edit, else on the current version.
    public static func resumable(formatIdentifier: String, formatVersion: String, data: Data, editBasedOnOriginal: Bool) -> FilterChain? {
        guard editBasedOnOriginal, canRead(formatIdentifier: formatIdentifier, formatVersion: formatVersion),
              let stored = try? FilterChain(json: data), (try? stored.validate()) != nil else { return nil }
        return stored
    }
}
