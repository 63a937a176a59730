import Foundation

/// A metadata key space (`"mdta"`, `"udta"`, `"comn"`), as AVFoundation's `AVMetadataKeySpace`.
public struct AVMetadataKeySpace: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The common key space: keys shared by every format.
    public static let common = AVMetadataKeySpace(rawValue: "comn")
    /// QuickTime metadata (`mdta`: reverse-DNS keys such as `com.apple.quicktime.creationdate`).
    public static let quickTimeMetadata = AVMetadataKeySpace(rawValue: "mdta")
    /// QuickTime user data (`udta`: four-character keys such as `©xyz`).
    public static let quickTimeUserData = AVMetadataKeySpace(rawValue: "udta")
    /// iTunes metadata.
    public static let iTunes = AVMetadataKeySpace(rawValue: "itsk")
}

/// A metadata key, as AVFoundation's `AVMetadataKey`.
public struct AVMetadataKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let commonKeyCreationDate = AVMetadataKey(rawValue: "creationDate")
    public static let commonKeyLocation = AVMetadataKey(rawValue: "location")
    public static let commonKeyMake = AVMetadataKey(rawValue: "make")
    public static let commonKeyModel = AVMetadataKey(rawValue: "model")
    public static let commonKeySoftware = AVMetadataKey(rawValue: "software")
    public static let commonKeyTitle = AVMetadataKey(rawValue: "title")
    public static let commonKeyArtist = AVMetadataKey(rawValue: "artist")
    public static let commonKeyDescription = AVMetadataKey(rawValue: "description")
    public static let quickTimeMetadataKeyCreationDate = AVMetadataKey(rawValue: "com.apple.quicktime.creationdate")
    public static let quickTimeMetadataKeyLocationISO6709 = AVMetadataKey(rawValue: "com.apple.quicktime.location.ISO6709")
    public static let quickTimeMetadataKeyMake = AVMetadataKey(rawValue: "com.apple.quicktime.make")
    public static let quickTimeMetadataKeyModel = AVMetadataKey(rawValue: "com.apple.quicktime.model")
    public static let quickTimeMetadataKeySoftware = AVMetadataKey(rawValue: "com.apple.quicktime.software")
    public static let quickTimeMetadataKeyContentIdentifier = AVMetadataKey(rawValue: "com.apple.quicktime.content.identifier")
    public static let quickTimeUserDataKeyLocationISO6709 = AVMetadataKey(rawValue: "©xyz")
}

/// A metadata identifier (`keySpace/key`), as AVFoundation's `AVMetadataIdentifier`.
public struct AVMetadataIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let commonIdentifierCreationDate = AVMetadataIdentifier(rawValue: "common/creationDate")
    public static let commonIdentifierLocation = AVMetadataIdentifier(rawValue: "common/location")
    public static let commonIdentifierMake = AVMetadataIdentifier(rawValue: "common/make")
    public static let commonIdentifierModel = AVMetadataIdentifier(rawValue: "common/model")
    public static let commonIdentifierSoftware = AVMetadataIdentifier(rawValue: "common/software")
    public static let commonIdentifierTitle = AVMetadataIdentifier(rawValue: "common/title")
    public static let quickTimeMetadataCreationDate = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.creationdate")
    public static let quickTimeMetadataLocationISO6709 = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.location.ISO6709")
    public static let quickTimeMetadataMake = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.make")
    public static let quickTimeMetadataModel = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.model")
    public static let quickTimeMetadataSoftware = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.software")
    public static let quickTimeMetadataContentIdentifier = AVMetadataIdentifier(rawValue: "mdta/com.apple.quicktime.content.identifier")
    public static let quickTimeUserDataLocationISO6709 = AVMetadataIdentifier(rawValue: "udta/%A9xyz")
}

/// One metadata entry of an asset or track, as AVFoundation's `AVMetadataItem`: immutable.
///
/// Values are strings as the container stores them, except `creationDate` items, whose value is an `NSDate`.
/// Difference from Apple: only string, number and date values are read (no artwork or binary data items).
open class AVMetadataItem: NSObject, @unchecked Sendable {
    var storedKeySpace: AVMetadataKeySpace?
    var storedKey: String?
    var storedCommonKey: AVMetadataKey?
    var storedValue: (any NSCopying & NSObjectProtocol)?
    var storedTime = CMTime.invalid
    var storedDuration = CMTime.invalid

    /// `keySpace/key` (e.g. `mdta/com.apple.quicktime.creationdate`; `©` is written `%A9`).
    open var identifier: AVMetadataIdentifier? {
        guard let storedKeySpace, let storedKey else { return nil }
        let escaped = storedKey.unicodeScalars.map { $0 == "©" ? "%A9" : String($0) }.joined()
        return AVMetadataIdentifier(rawValue: "\(storedKeySpace == .common ? "common" : storedKeySpace.rawValue)/\(escaped)")
    }
    /// The key space the item came from.
    open var keySpace: AVMetadataKeySpace? { storedKeySpace }
    /// The key within the key space (an `NSString`).
    open var key: (any NSCopying & NSObjectProtocol)? { storedKey.map { $0 as NSString } }
    /// The common key this item also answers to, if any.
    open var commonKey: AVMetadataKey? { storedCommonKey }
    /// The value: an `NSString`, `NSNumber` or `NSDate`.
    open var value: (any NSCopying & NSObjectProtocol)? { storedValue }
    /// The time the item applies from (`.invalid` for whole-asset metadata).
    open var time: CMTime { storedTime }
    /// How long the item applies (`.invalid` for whole-asset metadata).
    open var duration: CMTime { storedDuration }

    init(keySpace: AVMetadataKeySpace, key: String, commonKey: AVMetadataKey?, value: any NSCopying & NSObjectProtocol) {
        storedKeySpace = keySpace
        storedKey = key
        storedCommonKey = commonKey
        storedValue = value
    }

    override init() { super.init() }

    /// The value as a string (dates as ISO 8601, numbers in decimal).
    public var stringValue: String? {
        switch value {
        case let s as NSString: s as String
        case let n as NSNumber: n.stringValue
        case let d as NSDate: ISO8601DateFormatter().string(from: d as Date)
        default: nil
        }
    }

    /// The value as a number, when it is one or a string that reads as one.
    public var numberValue: NSNumber? {
        if let n = value as? NSNumber { return n }
        if let s = value as? NSString, let d = Double(s as String) { return NSNumber(value: d) }
        return nil
    }

    /// The value as a date, when it is one.
    public var dateValue: Date? { (value as? NSDate).map { $0 as Date } }

    /// The value as data: a string's UTF-8 bytes.
    public var dataValue: Data? { stringValue.map { Data($0.utf8) } }

    /// The items of `metadataItems` with `key` (matched as a string) in `keySpace` (nil: any).
    public class func metadataItems(from metadataItems: [AVMetadataItem], withKey key: Any?, keySpace: AVMetadataKeySpace?) -> [AVMetadataItem] {
        let wanted = (key as? String) ?? (key as? AVMetadataKey)?.rawValue ?? (key as? NSString).map { $0 as String }
        return metadataItems.filter { item in
            (keySpace == nil || item.keySpace == keySpace) && (wanted == nil || (item.key as? NSString).map { $0 as String } == wanted)
        }
    }

    /// The items of `metadataItems` whose identifier is `identifier`.
    public class func metadataItems(from metadataItems: [AVMetadataItem], filteredByIdentifier identifier: AVMetadataIdentifier) -> [AVMetadataItem] {
        metadataItems.filter { $0.identifier == identifier }
    }

    open override var description: String {
        "<AVMetadataItem identifier=\(identifier?.rawValue ?? "nil") value=\(stringValue ?? "nil")>"
    }
}

/// A metadata item whose fields can be set, as AVFoundation's `AVMutableMetadataItem` (for an export session's
/// `metadata`). Setting `identifier` sets `keySpace` and `key` from it, and the other way round.
open class AVMutableMetadataItem: AVMetadataItem, @unchecked Sendable {
    /// An empty item.
    public override init() { super.init() }

    open override var identifier: AVMetadataIdentifier? {
        get { super.identifier }
        set {
            guard let raw = newValue?.rawValue, let slash = raw.firstIndex(of: "/") else { storedKeySpace = nil; storedKey = nil; return }
            let space = String(raw[..<slash])
            storedKeySpace = space == "common" ? .common : AVMetadataKeySpace(rawValue: space)
            storedKey = String(raw[raw.index(after: slash)...]).replacingOccurrences(of: "%A9", with: "©")
        }
    }
    open override var keySpace: AVMetadataKeySpace? {
        get { storedKeySpace }
        set { storedKeySpace = newValue }
    }
    open override var key: (any NSCopying & NSObjectProtocol)? {
        get { super.key }
        set { storedKey = (newValue as? NSString).map { $0 as String } }
    }
    open override var value: (any NSCopying & NSObjectProtocol)? {
        get { storedValue }
        set { storedValue = newValue }
    }
    open override var time: CMTime {
        get { storedTime }
        set { storedTime = newValue }
    }
    open override var duration: CMTime {
        get { storedDuration }
        set { storedDuration = newValue }
    }
}
