import ArgumentParser
import CoreImage
import Foundation

/// `photos image filters [--category C] [--json]`: the built-in Core Image filters with their attributes, read
/// from the same definitions `CIFilter(name:)` uses. Categories match with or without the `CICategory` prefix.
struct ImageFiltersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "filters", abstract: "List the Core Image filters and their parameters.")

    @Option(help: "Only filters in this category (e.g. Blur, CICategoryColorEffect).") var category: String?
    @Flag(help: "Print CIFilter.attributes of each filter as JSON.") var json = false

    func run() throws {
        var categories: [String]? = nil
        if let category { categories = [category.hasPrefix("CICategory") ? category : "CICategory" + category] }
        let names = CIFilter.filterNames(inCategories: categories)
        if names.isEmpty, let category { throw ValidationError("no filters in category '\(category)'") }
        let filters = names.compactMap { CIFilter(name: $0) }
        if json {
            let data = try JSONSerialization.data(withJSONObject: filters.map { Self.jsonValue($0.attributes) }, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        for filter in filters {
            let attributes = filter.attributes
            let display = attributes[kCIAttributeFilterDisplayName] as? String ?? filter.name
            let groups = ((attributes[kCIAttributeFilterCategories] as? [String]) ?? []).map { $0.replacingOccurrences(of: "CICategory", with: "") }
            print("\(filter.name) — \(display) [\(groups.joined(separator: ", "))]")
            for key in filter.inputKeys {
                guard let entry = attributes[key] as? [String: Any] else { continue }
                var line = "    \(key): \((entry[kCIAttributeType] as? String ?? entry[kCIAttributeClass] as? String ?? "").replacingOccurrences(of: "CIAttributeType", with: ""))"
                if let value = entry[kCIAttributeDefault] { line += " = \(Self.text(value))" }
                if let minimum = entry[kCIAttributeMin], let maximum = entry[kCIAttributeMax] { line += " range \(Self.text(minimum))…\(Self.text(maximum))" }
                if let low = entry[kCIAttributeSliderMin], let high = entry[kCIAttributeSliderMax] { line += " slider \(Self.text(low))…\(Self.text(high))" }
                print(line)
            }
        }
    }

    static func text(_ value: Any) -> String {
        switch value {
        case let n as NSNumber: "\(n.doubleValue)"
        case let v as CIVector: v.stringRepresentation
        case let c as CIColor: "rgba(\(c.stringRepresentation))"
        case let t as CGAffineTransform: "[\(t.a) \(t.b) \(t.c) \(t.d) \(t.tx) \(t.ty)]"
        case let d as Data: "\(d.count) bytes"
        case let s as CGColorSpace: s.name ?? "ICC"
        default: "\(value)"
        }
    }

    /// Attribute values in JSON form (numbers, strings, arrays; vectors and colours as number arrays).
    static func jsonValue(_ value: Any) -> Any {
        switch value {
        case let dictionary as [String: Any]: return dictionary.mapValues(jsonValue)
        case let array as [Any]: return array.map(jsonValue)
        case let n as NSNumber: return n
        case let s as String: return s
        case let v as CIVector: return (0..<v.count).map { Double(v.value(at: $0)) }
        case let c as CIColor: return c.components.map(Double.init)
        case let t as CGAffineTransform: return [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init)
        case let u as URL: return u.absoluteString
        case let d as Data: return d.base64EncodedString()
        case let s as CGColorSpace: return s.name ?? "ICC"
        default: return "\(value)"
        }
    }
}
