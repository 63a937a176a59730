import Foundation

extension CIFilter {
    /// The filter's attributes: name, display name, categories, description, availability and, per input,
    /// class, type, default, minimum/maximum, slider range, identity and display name (Apple's keys and values).
    public var attributes: [String: Any] {
        guard let definition else { return [kCIAttributeFilterName: name] }
        return FilterCatalog.attributes(of: definition)
    }
}

extension FilterCatalog {
    /// The attributes dictionary of a definition, as `CIFilter.attributes` returns it.
    package static func attributes(of definition: FilterDefinition) -> [String: Any] {
        var result: [String: Any] = [
            kCIAttributeFilterName: definition.name,
            kCIAttributeFilterDisplayName: definition.displayName,
            kCIAttributeFilterCategories: definition.categories,
            kCIAttributeDescription: definition.summary,
            kCIAttributeFilterAvailable_Mac: definition.availableMac,
            kCIAttributeFilterAvailable_iOS: definition.availableIOS,
            kCIAttributeReferenceDocumentation: URL(string: "https://developer.apple.com/documentation/coreimage/\(definition.name.lowercased())")!,
        ]
        for parameter in definition.parameters {
            var entry: [String: Any] = [
                kCIAttributeClass: parameter.kind.rawValue,
                kCIAttributeDisplayName: parameter.displayName,
                kCIAttributeName: parameter.key,
            ]
            if !parameter.summary.isEmpty { entry[kCIAttributeDescription] = parameter.summary }
            if let type = parameter.attributeType { entry[kCIAttributeType] = type }
            if let value = parameter.defaultValue { entry[kCIAttributeDefault] = FilterValues.object(value) }
            if let value = parameter.identity { entry[kCIAttributeIdentity] = FilterValues.object(value) }
            if let value = parameter.minimum { entry[kCIAttributeMin] = NSNumber(value: value) }
            if let value = parameter.maximum { entry[kCIAttributeMax] = NSNumber(value: value) }
            if let value = parameter.sliderMinimum { entry[kCIAttributeSliderMin] = NSNumber(value: value) }
            if let value = parameter.sliderMaximum { entry[kCIAttributeSliderMax] = NSNumber(value: value) }
            result[parameter.key] = entry
        }
        return result
    }
}
