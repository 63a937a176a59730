import Foundation

/// A built-in filter as the engine knows it: Apple's name, display name and categories, its parameters with
/// their attributes, and `apply`, which builds the filter's part of the image graph (kernels, ROI and all).
/// One definition per file under `Filters/`; the registry, `CIFilter.attributes` and `photos image filters`
/// all read these. Immutable, `Sendable`.
package struct FilterDefinition: Sendable {
    package var name: String
    package var displayName: String
    package var categories: [String]
    package var summary: String
    package var parameters: [FilterParameter]
    package var outputKeys: [String] = ["outputImage"]
    /// First macOS and iOS versions with the filter (`kCIAttributeFilterAvailable_Mac` / `_iOS`).
    package var availableMac = "10.4"
    package var availableIOS = "5"
    /// Builds the output image from the arguments (defaults filled in); `nil` when a required input is missing.
    package var apply: @Sendable (FilterArguments) throws -> Image?

    package init(name: String, display: String? = nil, categories: [String], summary: String, parameters: [FilterParameter],
                 mac: String = "10.4", iOS: String = "5", apply: @escaping @Sendable (FilterArguments) throws -> Image?) {
        self.name = name
        self.displayName = display ?? FilterDefinition.displayName(for: name)
        self.categories = categories + ["CICategoryBuiltIn"]
        self.summary = summary
        self.parameters = parameters
        (availableMac, availableIOS) = (mac, iOS)
        self.apply = apply
    }

    /// "CISepiaTone" → "Sepia Tone".
    static func displayName(for name: String) -> String {
        let base = name.hasPrefix("CI") ? String(name.dropFirst(2)) : name
        var out = ""
        for (index, character) in base.enumerated() {
            if index > 0, character.isUppercase, let last = out.last, !last.isUppercase { out.append(" ") }
            out.append(character)
        }
        return out
    }

    package func parameter(_ key: String) -> FilterParameter? { parameters.first { $0.key == key } }
    package var inputKeys: [String] { parameters.map(\.key) }
}

/// The arguments a filter is applied with, defaults filled in, with typed accessors.
package struct FilterArguments: Sendable {
    package var values: [String: ParameterValue]

    /// The largest magnitude a number or a vector component (other than a rectangle's) reaches a filter with:
    /// 10⁸, a hundred times the side of the largest image this engine renders. Beyond it no value changes a
    /// rendering (a centre 10⁸ px away is as far as one 10⁴³ px away, a pixellate square of 10⁸ px covers any
    /// image), but products of such values overflow pixel arithmetic. Apple documents no such limit; its GPU
    /// kernels compute in 32-bit floats, where these values are meaningless too.
    package static let magnitudeLimit = 1e8

    static func withinMagnitudeLimit(_ value: Double) -> Double { min(max(value, -magnitudeLimit), magnitudeLimit) }

    /// The given values with defaults filled in; numbers are clamped to the parameter's documented range
    /// (`kCIAttributeMin`…`kCIAttributeMax`, where the filter declares them) and, like vector components other
    /// than a rectangle's, to ±``magnitudeLimit``.
    package init(_ values: [String: ParameterValue], definition: FilterDefinition) {
        var all = values
        for parameter in definition.parameters {
            guard let value = all[parameter.key] else {
                if let value = parameter.defaultValue { all[parameter.key] = value }
                continue
            }
            switch value {
            case .number(let number) where number.isFinite:
                let documented = parameter.kind == .number ? parameter.clamped(number) : number
                all[parameter.key] = .number(Self.withinMagnitudeLimit(documented))
            case .vector(let components) where parameter.attributeType != "CIAttributeTypeRectangle":
                all[parameter.key] = .vector(components.map { $0.isFinite ? Self.withinMagnitudeLimit($0) : $0 })
            default:
                break
            }
        }
        self.values = all
    }

    /// The first parameter holding a number or vector component that is not finite (NaN, ±infinity).
    package var nonFiniteKey: String? {
        values.keys.sorted().first { key in
            switch values[key] {
            case .number(let n)?: !n.isFinite
            case .vector(let v)?: v.contains { !$0.isFinite }
            default: false
            }
        }
    }

    package func image(_ key: String = "inputImage") -> Image? {
        if case .image(let image)? = values[key] { return image }
        return nil
    }

    package func number(_ key: String) -> Double {
        switch values[key] {
        case .number(let n)?: n
        case .vector(let v)?: v.first ?? 0
        default: 0
        }
    }

    package func float(_ key: String) -> Float { Float(number(key)) }
    package func bool(_ key: String) -> Bool { number(key) != 0 }

    package func vector(_ key: String) -> [Double] {
        switch values[key] {
        case .vector(let v)?: v
        case .number(let n)?: [n]
        default: []
        }
    }

    package func point(_ key: String) -> CGPoint {
        let v = vector(key)
        return CGPoint(x: v.count > 0 ? v[0] : 0, y: v.count > 1 ? v[1] : 0)
    }

    package func rect(_ key: String) -> CGRect {
        let v = vector(key)
        guard v.count >= 4 else { return .infinite }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    package func color(_ key: String) -> FilterColor {
        if case .color(let c)? = values[key] { return c }
        return FilterColor(0, 0, 0, 0)
    }

    package func transform(_ key: String) -> CGAffineTransform {
        switch values[key] {
        case .transform(let t)?: return t
        case .vector(let v)? where v.count >= 6: return CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        default: return .identity
        }
    }

    package func data(_ key: String) -> Data? {
        if case .data(let d)? = values[key] { return d }
        return nil
    }

    package func string(_ key: String) -> String? {
        if case .string(let s)? = values[key] { return s }
        return nil
    }

    /// The engine value carried by an object parameter (`StyledText`, `BarcodeDescription`), if it is a `T`.
    package func object<T>(_ key: String, as type: T.Type) -> T? {
        if case .object(let object)? = values[key] { return object.payload as? T }
        return nil
    }

    package func colorSpace(_ key: String) -> CGColorSpace? {
        if case .colorSpace(let s)? = values[key] { return s }
        return nil
    }
}
