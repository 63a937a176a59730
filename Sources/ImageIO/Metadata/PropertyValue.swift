import Foundation

/// A metadata value in a `Sendable` form: what a property dictionary holds before the façade turns it into
/// Foundation objects (`NSNumber`, `String`, `NSArray`, `NSDictionary`) for Apple-shaped API.
public enum PropertyValue: Sendable, Hashable {
    /// An integer (an `NSNumber` in Apple dictionaries).
    case int(Int)
    /// A floating-point number (an `NSNumber`).
    case double(Double)
    /// A boolean (an `NSNumber`).
    case bool(Bool)
    /// Text.
    case string(String)
    /// Bytes.
    case data(Data)
    /// An array.
    case array([PropertyValue])
    /// A nested dictionary (`{Exif}`, `{GPS}`…).
    case dictionary([String: PropertyValue])

    /// The value as a Foundation object graph (numbers stay Swift numbers and bridge to `NSNumber` on demand).
    public var foundationValue: Any {
        switch self {
        case .int(let v): v
        case .double(let v): v
        case .bool(let v): v
        case .string(let v): v
        case .data(let v): v
        case .array(let values): values.map(\.foundationValue)
        case .dictionary(let values): values.mapValues(\.foundationValue)
        }
    }

    /// Converts a Foundation value (as found in caller-supplied property dictionaries); `nil` for unsupported types.
    public init?(foundation value: Any) {
        switch value {
        case let v as PropertyValue: self = v
        case let v as Bool where !(value is Int): self = .bool(v)
        case let v as Int: self = .int(v)
        case let v as Double: self = .double(v)
        case let v as Float: self = .double(Double(v))
        case let v as NSNumber:
            if CFNumberLike.isFloatingPoint(v) { self = .double(v.doubleValue) } else { self = .int(v.intValue) }
        case let v as String: self = .string(v)
        case let v as Data: self = .data(v)
        case let v as [Any]: self = .array(v.compactMap(PropertyValue.init(foundation:)))
        case let v as [AnyHashable: Any]:
            var result: [String: PropertyValue] = [:]
            for (key, item) in v {
                guard let key = key.base as? String, let converted = PropertyValue(foundation: item) else { continue }
                result[key] = converted
            }
            self = .dictionary(result)
        default: return nil
        }
    }

    /// The value as an integer, when it is a number (doubles truncate) or a numeric string.
    public var intValue: Int? {
        switch self {
        case .int(let v): v
        case .double(let v): v.isFinite ? Int(v) : nil
        case .bool(let v): v ? 1 : 0
        case .string(let v): Int(v.trimmingCharacters(in: .whitespaces))
        case .array(let v): v.first?.intValue
        default: nil
        }
    }

    /// The value as a double, when it is a number or a numeric string.
    public var doubleValue: Double? {
        switch self {
        case .int(let v): Double(v)
        case .double(let v): v
        case .bool(let v): v ? 1 : 0
        case .string(let v): Double(v.trimmingCharacters(in: .whitespaces))
        case .array(let v): v.first?.doubleValue
        default: nil
        }
    }

    /// The value as a string, when it is one.
    public var stringValue: String? {
        if case .string(let v) = self { return v }
        return nil
    }

    /// The value as a dictionary, when it is one.
    public var dictionaryValue: [String: PropertyValue]? {
        if case .dictionary(let v) = self { return v }
        return nil
    }
}

/// Telling floating-point `NSNumber`s from integers on Linux (where `objCType` is reliable).
enum CFNumberLike {
    static func isFloatingPoint(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "d" || type == "f"
    }
}
