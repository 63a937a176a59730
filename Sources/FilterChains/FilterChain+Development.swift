import CoreImage
import Foundation

/// A chain's RAW development step: a first filter named `CIRAWFilter` whose parameters are RAW keys
/// (`CIRAWFilterOption`: `inputEV`, `inputNeutralTemperature`, …). It stands for developing the asset's RAW
/// original with `CIRAWFilter` and those settings; the rest of the chain is applied to the developed image.
/// Format 1.1 (Docs/AdjustmentFormat.md); a 1.0 reader does not know the filter and so treats the data as
/// unreadable (it stacks its edit on the rendered image) rather than rendering it wrongly.
extension FilterChain {
    /// The name of the development step.
    public static let developmentName = "CIRAWFilter"

    /// The RAW keys a development step may set, with the range each accepts (booleans as 0/1).
    /// `inputDecoderVersion` (a string) is kept too: every stored development names its pipeline version, so
    /// the edit renders the same after later releases add versions.
    public static let developmentRanges: [String: ClosedRange<Double>] = [
        kCIInputEVKey: -10...10,
        kCIInputNeutralTemperatureKey: 1_000...15_000,
        kCIInputNeutralTintKey: -150...150,
        kCIInputBoostKey: 0...1,
        kCIInputBoostShadowAmountKey: 0...2,
        kCIInputLuminanceNoiseReductionAmountKey: 0...1,
        kCIInputColorNoiseReductionAmountKey: 0...1,
        kCIInputNoiseReductionContrastAmountKey: 0...1,
        kCIInputNoiseReductionDetailAmountKey: 0...1,
        kCIInputNoiseReductionSharpnessAmountKey: 0...1,
        kCIInputDisableGamutMapKey: 0...1,
        highlightRecoveryKey: 0...1,
    ]

    /// `CIRAWFilter.isHighlightRecoveryEnabled` (0/1). Apple has no RAW key for it (the property came in iOS 26),
    /// so this format names one; `developed(rawAt:scale:)` sets the property.
    public static let highlightRecoveryKey = "inputEnableHighlightRecovery"

    /// The command-line names of `photos edit --raw` (those of `photos image develop`) and the RAW key each
    /// sets, with the factor from the typed value to the stored one (`detail` is 0…3 as `CIRAWFilter.detailAmount`
    /// takes it; its key stores a third of it).
    static let developmentNames: [String: (key: String, factor: Double)] = [
        "exposure": (kCIInputEVKey, 1), "temperature": (kCIInputNeutralTemperatureKey, 1), "tint": (kCIInputNeutralTintKey, 1),
        "boost": (kCIInputBoostKey, 1), "boost-shadows": (kCIInputBoostShadowAmountKey, 1),
        "noise-reduction": (kCIInputLuminanceNoiseReductionAmountKey, 1), "color-noise-reduction": (kCIInputColorNoiseReductionAmountKey, 1),
        "contrast": (kCIInputNoiseReductionContrastAmountKey, 1), "detail": (kCIInputNoiseReductionDetailAmountKey, 1.0 / 3),
        "sharpness": (kCIInputNoiseReductionSharpnessAmountKey, 1), "decoder-version": (kCIInputDecoderVersionKey, 1),
    ]
    /// Command-line names of boolean settings and their keys (`gamut-mapping` is stored inverted, as Apple's key is).
    static let developmentSwitches: [String: String] = ["gamut-mapping": kCIInputDisableGamutMapKey, "highlight-recovery": highlightRecoveryKey]

    /// The development step, when the chain has one (it is always the first filter).
    public var development: Filter? {
        filters.first.flatMap { $0.name == Self.developmentName ? $0 : nil }
    }

    /// The filters applied to the developed (or decoded) image: every filter but the development step.
    public var adjustments: [Filter] { development == nil ? filters : Array(filters.dropFirst()) }

    /// The chain with `additions` added by the resume rule: filters are appended; a development step's settings
    /// are merged into the chain's development (a setting given again replaces the stored one), which stays first.
    public func adding(_ additions: [Filter]) -> FilterChain {
        var development = self.development
        var adjustments = self.adjustments
        for addition in additions {
            if addition.name == Self.developmentName {
                var merged = development ?? Filter(name: Self.developmentName)
                merged.parameters.merge(addition.parameters) { $1 }
                development = merged
            } else {
                adjustments.append(addition)
            }
        }
        return FilterChain(filters: (development.map { [$0] } ?? []) + adjustments)
    }

    /// The chain as it is stored for a base that `isRAW`: a development step naming its pipeline version, so
    /// the edit renders the same after later releases (one without settings is added for a RAW base). Where no
    /// version is named, the version the stored chain was rendered with is written: `PhotoKitLinux.1` for data of
    /// format 1.0 (`storedFormatVersion`; those edits predate development steps, and 1 was the only pipeline),
    /// else the newest.
    public func pinningDevelopment(baseIsRAW: Bool, storedFormatVersion: String? = nil) -> FilterChain {
        guard baseIsRAW || development != nil else { return self }
        var copy = self
        if copy.development == nil { copy.filters.insert(Filter(name: Self.developmentName), at: 0) }
        if copy.filters[0].parameters[kCIInputDecoderVersionKey] == nil {
            let version: CIRAWDecoderVersion = storedFormatVersion == "1.0" ? .photoKitLinux1 : CIRAWFilter.newestDecoderVersion
            copy.filters[0].parameters[kCIInputDecoderVersionKey] = .string(version.rawValue)
        }
        return copy
    }

    /// The RAW file at `url` developed with the chain's development settings (defaults for a chain without one),
    /// at `scale` of its size (0 < scale ≤ 1; previews), upright per the file's orientation. Throws naming the
    /// reason when the file cannot be developed or the stored pipeline version is not in this build.
    public func developed(rawAt url: URL, scale: Double = 1) throws -> CIImage {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { throw FilterChainError("\(url.lastPathComponent) cannot be read") }
        let filter: CIRAWFilter
        do { filter = try CIRAWFilter.developing(data, identifierHint: url.pathExtension) } catch {
            throw FilterChainError("\(url.lastPathComponent) cannot be developed: \(error)")
        }
        return try developed(filter, scale: scale, name: url.lastPathComponent)
    }

    /// `filter` (a fresh `CIRAWFilter`, e.g. over sensor data kept between previews) set to the chain's
    /// development settings, at `scale`; `name` names the file in errors.
    public func developed(_ filter: CIRAWFilter, scale: Double = 1, name: String) throws -> CIImage {
        if let development {
            try Self.validateDevelopment(development)
            for (key, value) in development.parameters.sorted(by: { $0.key < $1.key }) {
                switch value {
                case .number(let number) where key == Self.highlightRecoveryKey: filter.isHighlightRecoveryEnabled = number != 0
                case .number(let number): filter.setValue(number, forKey: key)
                case .string(let text): filter.setValue(text, forKey: key)
                default: break   // validateDevelopment admits numbers and the version string only
                }
            }
        }
        guard filter.supportedDecoderVersions.contains(filter.decoderVersion) else {
            let available = filter.supportedDecoderVersions.map(\.rawValue).joined(separator: ", ")
            throw FilterChainError("this edit was developed with RAW pipeline \(filter.decoderVersion.rawValue), which this build does not have (it has \(available))")
        }
        filter.scaleFactor = Float(min(max(scale, 1e-4), 1))
        guard let image = filter.outputImage else { throw FilterChainError("\(name): the development produced no image") }
        return image
    }

    /// Checks a development step: RAW keys of `developmentRanges` with numbers in range, and a version string.
    static func validateDevelopment(_ step: Filter) throws {
        for (key, value) in step.parameters {
            if key == kCIInputDecoderVersionKey {
                guard case .string(let version) = value, !version.isEmpty else { throw FilterChainError("\(developmentName).\(key) must be a version name such as \(CIRAWFilter.newestDecoderVersion.rawValue)") }
                continue
            }
            guard let range = developmentRanges[key] else {
                let keys = (developmentRanges.keys + [kCIInputDecoderVersionKey]).sorted().joined(separator: ", ")
                throw FilterChainError("\(developmentName) has no setting '\(key)' that an edit can store (settings: \(keys))")
            }
            guard case .number(let number) = value, range.contains(number) else {
                throw FilterChainError("\(developmentName).\(key): \(value.text) is outside \(Value.format(range.lowerBound))…\(Value.format(range.upperBound))")
            }
        }
    }
}

extension FilterChain.Filter {
    /// A development step from `photos edit --raw` text: each key is a command-line name (`exposure`,
    /// `temperature`, `tint`, `boost`, `boost-shadows`, `noise-reduction`, `color-noise-reduction`, `contrast`,
    /// `detail` 0…3, `sharpness`, `gamut-mapping` and `highlight-recovery` true/false, `decoder-version`) or a
    /// RAW key (`inputEV`…).
    public init(developmentText parameters: [(key: String, value: String)]) throws {
        var values: [String: FilterChain.Value] = [:]
        for parameter in parameters {
            if let key = FilterChain.developmentSwitches[parameter.key] ?? FilterChain.developmentSwitches.values.first(where: { $0 == parameter.key }) {
                let on: Bool
                switch parameter.value.lowercased() {
                case "true", "yes", "1": on = true
                case "false", "no", "0": on = false
                default: throw FilterChainError("\(parameter.key): '\(parameter.value)' is not true or false")
                }
                // The gamut key says whether mapping is *disabled*; the command-line name says whether it is on.
                let inverted = parameter.key == "gamut-mapping"
                values[key] = .number(on != inverted ? 1 : 0)
                continue
            }
            let named = FilterChain.developmentNames[parameter.key]
            let key = named?.key ?? parameter.key
            guard key == kCIInputDecoderVersionKey || FilterChain.developmentRanges[key] != nil else {
                let names = (Array(FilterChain.developmentNames.keys) + Array(FilterChain.developmentSwitches.keys)).sorted().joined(separator: ", ")
                throw FilterChainError("--raw has no setting '\(parameter.key)' (settings: \(names))")
            }
            if key == kCIInputDecoderVersionKey {
                values[key] = .string(parameter.value)
                continue
            }
            guard let number = Double(parameter.value), number.isFinite else { throw FilterChainError("\(parameter.key): '\(parameter.value)' is not a number") }
            values[key] = .number(number * (named?.factor ?? 1))
        }
        self.init(name: FilterChain.developmentName, parameters: values)
        do { try FilterChain.validateDevelopment(self) } catch {
            // Name the value as typed for the command-line names with a factor (detail).
            if let detail = parameters.first(where: { $0.key == "detail" }), let number = Double(detail.value), !(0...3).contains(number) {
                throw FilterChainError("detail: \(detail.value) is outside 0…3")
            }
            throw error
        }
    }
}
