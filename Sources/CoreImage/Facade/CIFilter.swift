import Foundation

/// A Core Image filter: named inputs (`inputImage`, `inputRadius`…) and an `outputImage` recipe.
///
/// Built-in filters are created by name (`CIFilter(name: "CISepiaTone")`) or with the typed factories
/// (`CIFilter.sepiaTone()`), and hold their inputs in a string-keyed store: Linux has no key-value coding, so
/// `setValue(_:forKey:)` and `value(forKey:)` are implemented here for every input key. Setting a key the
/// filter does not have traps with a message naming the filter and the key (Apple raises
/// `NSUnknownKeyException`). Filters are mutable and not thread-safe; their output images are immutable.
/// Subclasses (custom filters) override `outputImage` and, to use the string API, `setValue`/`value(forKey:)`.
open class CIFilter: NSObject {
    /// The built-in definition (`nil` for custom subclasses).
    package let definition: FilterDefinition?
    package var storage: [String: Any] = [:]
    private var filterName: String
    /// The registered filter this one stands for (`CIFilter(name:)` of a `registerName` filter).
    private var forwarded: CIFilter?

    /// Whether the filter is enabled (kept for Apple compatibility; the output ignores it).
    open var isEnabled = true

    /// For subclasses: a filter named after the class.
    public override init() {
        definition = nil
        filterName = String(describing: type(of: self))
        super.init()
    }

    package init(definition: FilterDefinition) {
        self.definition = definition
        filterName = definition.name
        super.init()
    }

    /// A built-in or registered filter with its inputs at their defaults, or `nil` for an unknown name.
    /// Difference from Apple: the object is a plain `CIFilter` (use the typed factories such as
    /// `CIFilter.sepiaTone()` for the typed protocols); a registered filter's instance is wrapped and forwarded to.
    public convenience init?(name: String) {
        if let definition = FilterCatalog.definition(named: name) {
            self.init(definition: definition)
        } else if let made = FilterRegistration.make(name) {
            self.init(forwardingTo: made, name: name)
        } else {
            return nil
        }
    }

    /// A filter standing for `target` under `name` (every input, key and the output go to `target`).
    package init(forwardingTo target: CIFilter, name: String) {
        definition = nil
        filterName = name
        forwarded = target
        super.init()
    }

    /// A filter with the given inputs set (others at their defaults), or `nil` for an unknown name.
    public convenience init?(name: String, parameters params: [String: Any]?) {
        self.init(name: name)
        for (key, value) in params ?? [:] { setValue(value, forKey: key) }
    }

    private init(copying other: CIFilter) {
        definition = other.definition
        filterName = other.filterName
        storage = other.storage
        forwarded = other.forwarded.map { $0.copy() as! CIFilter }
        super.init()
    }

    /// The filter's name (e.g. "CISepiaTone").
    open var name: String {
        get { filterName }
        set { filterName = newValue }
    }

    /// The input parameter keys.
    open var inputKeys: [String] {
        if let forwarded { return forwarded.inputKeys }
        if let definition { return definition.inputKeys }
        return Mirror(reflecting: self).children.compactMap(\.label).filter { $0.hasPrefix("input") }
    }

    /// The output keys (`outputImage`).
    open var outputKeys: [String] { definition?.outputKeys ?? [kCIOutputImageKey] }

    /// Resets every input to its default (removing images).
    open func setDefaults() { storage.removeAll(); forwarded?.setDefaults() }

    /// Sets input `key`. Values are converted the way Core Image converts them (numbers from any numeric
    /// type, `CGPoint`/`CGRect`/arrays to `CIVector`, `CGColor` to `CIColor`); `nil` removes the value.
    open func setValue(_ value: Any?, forKey key: String) {
        if let forwarded { forwarded.setValue(value, forKey: key); return }
        guard let definition else {
            storage[key] = value
            return
        }
        guard definition.parameter(key) != nil else {
            fatalError("CIFilter \(name): setValue(_:forKey:) with key '\(key)', which this filter does not have (its keys: \(definition.inputKeys.joined(separator: ", ")))")
        }
        storage[key] = value
    }

    /// The current value of input `key` (its default when unset), `outputImage` for the output key, or `nil`.
    open func value(forKey key: String) -> Any? {
        if key == kCIOutputImageKey { return outputImage }
        if let forwarded { return forwarded.value(forKey: key) }
        if let value = storage[key] { return value }
        guard let parameter = definition?.parameter(key), let value = parameter.defaultValue else { return nil }
        return FilterValues.object(value)
    }

    /// The result recipe, or `nil` when a required input (usually `inputImage`) is missing or a value has the
    /// wrong type.
    open var outputImage: CIImage? {
        if let forwarded { return forwarded.outputImage }
        guard let definition else { return nil }
        var values: [String: ParameterValue] = [:]
        for parameter in definition.parameters {
            guard let raw = storage[parameter.key] else { continue }
            guard let value = FilterValues.convert(raw, to: parameter) else { return nil }
            values[parameter.key] = value
        }
        let arguments = FilterArguments(values, definition: definition)
        // A NaN or infinite parameter has no meaning: no output (the command line refuses such values by name).
        guard arguments.nonFiniteKey == nil, let output = try? definition.apply(arguments) else { return nil }
        let input = storage[kCIInputImageKey] as? CIImage
        return input?.deriving(output) ?? CIImage(image: output)
    }

    /// A copy with the same inputs.
    open override func copy() -> Any { CIFilter(copying: self) }

    /// "<CIFilter name>".
    public override var description: String { "<CIFilter \(name)>" }
}
