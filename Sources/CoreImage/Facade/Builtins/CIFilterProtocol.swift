import Foundation

/// The base of the typed filter protocols (`CISepiaTone`, `CIGaussianBlur`…): every filter has an output.
public protocol CIFilterProtocol: AnyObject {
    /// The result recipe, `nil` when a required input is missing.
    var outputImage: CIImage? { get }
    /// Attributes of a custom filter class (built-in filters answer through `CIFilter.attributes`).
    static func customAttributes() -> [String: Any]?
}

extension CIFilterProtocol {
    /// No custom attributes by default.
    public static func customAttributes() -> [String: Any]? { nil }
}

/// A built-in filter made by a typed factory (`CIFilter.sepiaTone()`): the same string-keyed store as
/// `CIFilter(name:)`, with typed accessors for the generated properties.
open class CIBuiltinFilter: CIFilter, @unchecked Sendable {
    init(named name: String) {
        guard let definition = FilterCatalog.definition(named: name) else { fatalError("no built-in filter named \(name)") }
        super.init(definition: definition)
    }

    func image(_ key: String) -> CIImage? { value(forKey: key) as? CIImage }
    func float(_ key: String) -> Float { (value(forKey: key)).flatMap(FilterValues.number).map { Float($0) } ?? 0 }
    func int(_ key: String) -> Int { (value(forKey: key)).flatMap(FilterValues.number).map { Int($0) } ?? 0 }
    func bool(_ key: String) -> Bool { (value(forKey: key)).flatMap(FilterValues.number).map { $0 != 0 } ?? false }
    func vector(_ key: String) -> CIVector {
        switch value(forKey: key) {
        case let v as CIVector: v
        case let p as CGPoint: CIVector(cgPoint: p)
        case let r as CGRect: CIVector(cgRect: r)
        default: CIVector(values: [], count: 0)
        }
    }
    func point(_ key: String) -> CGPoint { vector(key).cgPointValue }
    func rect(_ key: String) -> CGRect { vector(key).cgRectValue }
    func color(_ key: String) -> CIColor {
        switch value(forKey: key) {
        case let c as CIColor: c
        case let c as CGColor: CIColor(cgColor: c)
        default: CIColor.clear
        }
    }
    func data(_ key: String) -> Data { (value(forKey: key) as? Data) ?? Data() }
    func transform(_ key: String) -> CGAffineTransform {
        switch value(forKey: key) {
        case let t as CGAffineTransform: t
        case let v as CIVector: v.cgAffineTransformValue
        default: .identity
        }
    }
    func colorSpace(_ key: String) -> CGColorSpace? { value(forKey: key) as? CGColorSpace }
}
