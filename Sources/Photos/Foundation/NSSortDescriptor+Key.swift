import Foundation

/// Foundation on Linux marks `NSSortDescriptor(key:ascending:)` unavailable (no key-value coding). This
/// initializer, declared in `Photos`, is chosen over it; the key travels in a subscript key path that a
/// fetch reads back. Sorting arbitrary objects with such a descriptor is not supported: use it in
/// `PHFetchOptions`.
extension NSSortDescriptor {
    /// A sort descriptor for a PhotoKit key (`creationDate`, `localizedTitle`, …).
    public convenience init(key: String?, ascending: Bool) {
        self.init(keyPath: \SortKeyCarrier.[key ?? ""], ascending: ascending)
    }

    /// The key a descriptor was made with by `init(key:ascending:)`, if it was.
    var photosKey: String? {
        guard let path = keyPath as? KeyPath<SortKeyCarrier, String> else { return nil }
        return SortKeyCarrier()[keyPath: path]
    }
}

/// Carries a sort key inside a key path: `\SortKeyCarrier.["creationDate"]` reads back as "creationDate".
public final class SortKeyCarrier {
    init() {}
    /// Returns the key itself.
    public subscript(key: String) -> String { key }
}
