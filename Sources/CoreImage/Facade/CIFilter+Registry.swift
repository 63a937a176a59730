import Foundation

/// Makes custom filters for `CIFilter.registerName(_:constructor:classAttributes:)`.
public protocol CIFilterConstructor {
    /// A new filter for `name`, or `nil`.
    func filter(withName name: String) -> CIFilter?
}

/// Custom filters registered by name. Thread-safe.
enum FilterRegistration {
    nonisolated(unsafe) private static var constructors: [String: (CIFilterConstructor, [String: Any])] = [:]
    private static let lock = NSLock()

    static func register(_ name: String, _ constructor: CIFilterConstructor, _ attributes: [String: Any]) {
        lock.lock(); defer { lock.unlock() }
        constructors[name] = (constructor, attributes)
    }

    static func make(_ name: String) -> CIFilter? {
        lock.lock()
        let entry = constructors[name]
        lock.unlock()
        return entry?.0.filter(withName: name)
    }

    static func names(inCategories categories: [String]) -> [String] {
        lock.lock(); defer { lock.unlock() }
        return constructors.filter { _, entry in
            let own = (entry.1[kCIAttributeFilterCategories] as? [String]) ?? []
            return categories.allSatisfy { own.contains($0) }
        }.map(\.key)
    }
}

extension CIFilter {
    /// Names of the built-in and registered filters in `category` (all of them for `nil`), sorted.
    public class func filterNames(inCategory category: String?) -> [String] {
        filterNames(inCategories: category.map { [$0] })
    }

    /// Names of the filters in every one of `categories` (all filters for `nil` or empty), sorted.
    public class func filterNames(inCategories categories: [String]?) -> [String] {
        let wanted = categories ?? []
        let builtIn = FilterCatalog.all.filter { definition in wanted.allSatisfy { definition.categories.contains($0) } }.map(\.name)
        return (builtIn + FilterRegistration.names(inCategories: wanted)).sorted()
    }

    /// Registers a custom filter so `CIFilter(name:)` can make it.
    public class func registerName(_ name: String, constructor anObject: CIFilterConstructor, classAttributes attributes: [String: Any] = [:]) {
        FilterRegistration.register(name, anObject, attributes)
    }

    /// The display name of a built-in filter ("Sepia Tone"), or `nil`.
    public class func localizedName(forFilterName filterName: String) -> String? {
        FilterCatalog.definition(named: filterName)?.displayName
    }

    /// The display name of a category ("Color Effect").
    public class func localizedName(forCategory category: String) -> String {
        FilterDefinition.displayName(for: category.hasPrefix("CICategory") ? String(category.dropFirst(10)) : category)
    }

    /// A one-sentence description of a built-in filter, or `nil`.
    public class func localizedDescription(forFilterName filterName: String) -> String? {
        FilterCatalog.definition(named: filterName)?.summary
    }

    /// Apple's reference page for a built-in filter, or `nil`.
    public class func localizedReferenceDocumentation(forFilterName filterName: String) -> URL? {
        guard FilterCatalog.definition(named: filterName) != nil else { return nil }
        return URL(string: "https://developer.apple.com/documentation/coreimage/\(filterName.lowercased())")
    }
}
