import Foundation

/// Linux stand-in for Objective-C's `NSFastEnumeration`, the parameter type of PhotoKit's change-request
/// methods (`addAssets(_:)`, `deleteAssets(_:)`, …). `NSArray`, `NSSet`, `NSOrderedSet`, Swift arrays and
/// `PHFetchResult` conform.
public protocol NSFastEnumeration {
    /// The enumerated objects, in order.
    var photosElements: [Any] { get }
}

extension NSArray: NSFastEnumeration {
    public var photosElements: [Any] { map { $0 } }
}

extension NSSet: NSFastEnumeration {
    public var photosElements: [Any] { allObjects }
}

extension NSOrderedSet: NSFastEnumeration {
    public var photosElements: [Any] { array }
}

extension Array: NSFastEnumeration {
    public var photosElements: [Any] { map { $0 as Any } }
}

extension NSFastEnumeration {
    /// The local identifiers of the PhotoKit objects (and placeholders) enumerated; traps on anything else.
    func localIdentifiers(of what: String, in member: String) -> [String] {
        photosElements.map { element in
            guard let object = element as? PHObject else {
                fatalError("\(member): expected \(what), got \(type(of: element))")
            }
            return object.localIdentifier
        }
    }
}
