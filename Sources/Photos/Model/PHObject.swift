import Foundation
import PhotoLibrary
import FetchPredicates

/// Abstract superclass of PhotoKit's model objects: an immutable snapshot identified by `localIdentifier`.
///
/// Two objects are equal when they have the same class family and local identifier, as in PhotoKit.
open class PHObject: NSObject, NSCopying, @unchecked Sendable {
    /// A persistent identifier, stable forever (`UUID/L0/001`).
    public let localIdentifier: String
    /// The library the object was fetched from (nil for placeholders). Linux addition.
    public let photoLibrary: PHPhotoLibrary?

    init(localIdentifier: String, library: PHPhotoLibrary?) {
        self.localIdentifier = localIdentifier
        self.photoLibrary = library
        super.init()
    }

    /// Model objects are immutable, so a copy is the object itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PHObject else { return false }
        return other.localIdentifier == localIdentifier
    }

    open override var hash: Int { localIdentifier.hashValue }

    open override var description: String { "<\(type(of: self)): \(localIdentifier)>" }

    /// The value of a property named by its key-value coding key, for code written against Objective-C's
    /// `NSObject.value(forKey:)` (which Foundation on Linux does not have). `PHObject` answers `"localIdentifier"`;
    /// subclasses add their keys (see `PHAsset.value(forKey:)`). Numbers and flags come as `NSNumber`, as KVC boxes
    /// them. Difference from Apple: an unknown key returns `nil` where Apple raises `NSUnknownKeyException`
    /// (Apple's private properties, which apps read this way, differ between releases, so `nil` is the answer
    /// that cannot crash code Apple does not crash).
    open func value(forKey key: String) -> Any? {
        key == "localIdentifier" ? localIdentifier : nil
    }

    /// The library an object belongs to, defaulting to the shared one.
    var library: PHPhotoLibrary { photoLibrary ?? .shared() }
}

extension PHObject: PredicateIdentifiable {
    /// Lets `SELF == %@` and `SELF IN %@` compare local identifiers.
    public var predicateIdentifier: String { localIdentifier }
}

/// A read-only proxy for an object created in a change block; usable wherever the object is, within
/// the same block, and its `localIdentifier` fetches the object once the change has committed.
public final class PHObjectPlaceholder: PHObject, @unchecked Sendable {
    init(localIdentifier: String) { super.init(localIdentifier: localIdentifier, library: nil) }
}
