import Foundation

/// An object that can appear as a predicate argument and stands for its identifier, e.g. in `SELF IN %@`.
///
/// PhotoKit objects (`PHAsset`, `PHAssetCollection`, …) conform by returning their `localIdentifier`.
///
/// ```swift
/// extension PHObject: PredicateIdentifiable {
///     public var predicateIdentifier: String { localIdentifier }
/// }
/// let node = try PredicateParser.parse(format: "SELF IN %@", arguments: [[asset1, asset2]])
/// ```
public protocol PredicateIdentifiable {
    /// The identifier the object is compared by (for PhotoKit objects, the local identifier "UUID/L0/001").
    var predicateIdentifier: String { get }
}

/// Converts `Any` format arguments to ``PredicateValue``s and substitutes them into the token stream.
enum Arguments {
    /// Converts one argument to a ``PredicateValue``; returns `nil` for unsupported types.
    ///
    /// Supported: `nil`/`NSNull`, ``PredicateIdentifiable`` objects, `Bool`, all integer and floating-point
    /// types, `NSNumber`, `Decimal`, `String`/`NSString`/`Substring`, `Date`/`NSDate`, `UUID`,
    /// `RawRepresentable` values (enums, option sets) via their raw value, and arrays, sets,
    /// `NSArray`, `NSSet`, `NSOrderedSet` of supported values.
    static func value(for argument: Any) -> PredicateValue? {
        if argument is NSNull { return .null }
        let mirror = Mirror(reflecting: argument)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return value(for: wrapped)
        }
        if let object = argument as? PredicateIdentifiable { return .identifier(object.predicateIdentifier) }
        if type(of: argument) is NSNumber.Type, let number = argument as? NSNumber { return value(for: number) }
        switch argument {
        case let v as Bool: return .bool(v)
        case let v as Int: return .integer(Int64(v))
        case let v as Int8: return .integer(Int64(v))
        case let v as Int16: return .integer(Int64(v))
        case let v as Int32: return .integer(Int64(v))
        case let v as Int64: return .integer(v)
        case let v as UInt: return Int64(exactly: v).map(PredicateValue.integer)
        case let v as UInt8: return .integer(Int64(v))
        case let v as UInt16: return .integer(Int64(v))
        case let v as UInt32: return .integer(Int64(v))
        case let v as UInt64: return Int64(exactly: v).map(PredicateValue.integer)
        case let v as Double: return v.isNaN ? nil : .double(v)
        case let v as Float: return v.isNaN ? nil : .double(Double(v))
        case let v as CGFloat: return v.isNaN ? nil : .double(Double(v))
        case let v as Decimal: return .double(NSDecimalNumber(decimal: v).doubleValue)
        case let v as String: return .string(v)
        case let v as Substring: return .string(String(v))
        case let v as Date: return .date(v)
        case let v as UUID: return .string(v.uuidString)
        case let v as NSSet: return array(v.allObjects)
        case let v as NSOrderedSet: return array(v.array)
        default: break
        }
        if let raw = argument as? any RawRepresentable { return value(for: raw.rawValue) }
        if mirror.displayStyle == .collection || mirror.displayStyle == .set {
            return array(mirror.children.map(\.value))
        }
        return nil
    }

    private static func array(_ elements: [Any]) -> PredicateValue? {
        var values: [PredicateValue] = []
        values.reserveCapacity(elements.count)
        for element in elements {
            guard let value = value(for: element) else { return nil }
            values.append(value)
        }
        return .array(values)
    }

    private static func value(for number: NSNumber) -> PredicateValue? {
        let type = String(cString: number.objCType)
        switch type {
        case "c" where String(describing: Swift.type(of: number)).contains("Boolean"):
            return .bool(number.boolValue)
        case "f", "d":
            return number.doubleValue.isNaN ? nil : .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            return Int64(exactly: number.uint64Value).map(PredicateValue.integer)
        default:
            return .integer(number.int64Value)
        }
    }

    /// A short, human-readable name of an argument's type for error messages.
    static func typeName(of argument: Any) -> String {
        String(describing: type(of: argument))
    }

    /// Replaces every `.specifier` token with the matching argument, in order.
    ///
    /// Extra arguments beyond the number of specifiers are ignored, as `NSPredicate` does.
    static func substitute(
        _ tokens: [Token], arguments: [Any], format: String
    ) throws(PredicateError) -> [Token] {
        var result = tokens
        var next = 0
        for (i, token) in tokens.enumerated() {
            guard case .specifier(let spec) = token.kind else { continue }
            guard next < arguments.count else {
                throw .badArgument(
                    format, at: token,
                    "missing argument for '\(spec)': the format string has more format specifiers than the \(arguments.count) argument(s) supplied"
                )
            }
            let argument = arguments[next]
            next += 1
            result[i].kind = try substitution(for: spec, argument: argument, token: token, format: format)
        }
        return result
    }

    private static func substitution(
        for spec: String, argument: Any, token: Token, format: String
    ) throws(PredicateError) -> Token.Kind {
        let conversion = spec.last!
        if conversion == "K" {
            let key: String? = switch argument {
            case let s as String: s
            case let s as Substring: String(s)
            default: nil
            }
            guard let key, !key.isEmpty else {
                throw .badArgument(format, at: token, "'%K' expects a non-empty key name string, got \(typeName(of: argument)) \(String(describing: argument))")
            }
            return .substitutedKey(key)
        }
        guard let value = value(for: argument) else {
            throw .badArgument(format, at: token, "unsupported argument type \(typeName(of: argument)) for '\(spec)'")
        }
        switch conversion {
        case "@":
            return .substitutedValue(value)
        case "d", "i", "u", "x", "X", "o", "D", "U", "O":
            switch value {
            case .integer: return .substitutedValue(value)
            case .bool(let b): return .substitutedValue(.integer(b ? 1 : 0))
            case .double(let d) where Int64(exactly: d) != nil: return .substitutedValue(.integer(Int64(exactly: d)!))
            default:
                throw .badArgument(format, at: token, "'\(spec)' expects an integer argument, got \(typeName(of: argument)) \(String(describing: argument))")
            }
        case "s", "S":
            guard case .string = value else {
                throw .badArgument(format, at: token, "'\(spec)' expects a string argument, got \(typeName(of: argument)) \(String(describing: argument))")
            }
            return .substitutedValue(value)
        default: // f F e E g G a A
            switch value {
            case .double: return .substitutedValue(value)
            case .integer(let i): return .substitutedValue(.double(Double(i)))
            default:
                throw .badArgument(format, at: token, "'\(spec)' expects a floating-point argument, got \(typeName(of: argument)) \(String(describing: argument))")
            }
        }
    }
}
