import Foundation
import PhotoLibrary

/// A description of an edit that lets an editor rebuild or continue it from the original: who made it
/// (`formatIdentifier`, reverse-DNS recommended), the format's version and opaque bytes (parameters, not pixels).
///
/// Photos keeps one per asset, for the latest edit. Difference from Apple: Apple limits the size of `data`
/// without publishing the figure; this port enforces `PHAdjustmentData.maximumDataSize` (1 MiB) when an edit
/// is committed, failing with `PHPhotosError.invalidResource`.
public final class PHAdjustmentData: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The largest `data` a commit accepts (Linux addition).
    public static let maximumDataSize = AdjustmentPayload.maximumDataSize

    public let formatIdentifier: String
    public let formatVersion: String
    public let data: Data

    /// An adjustment of the given format.
    public init(formatIdentifier: String, formatVersion: String, data: Data) {
        self.formatIdentifier = formatIdentifier
        self.formatVersion = formatVersion
        self.data = data
        super.init()
    }

    package init(_ payload: AdjustmentPayload) {
        self.formatIdentifier = payload.formatIdentifier
        self.formatVersion = payload.formatVersion
        self.data = payload.data
        super.init()
    }

    var payload: AdjustmentPayload { AdjustmentPayload(formatIdentifier: formatIdentifier, formatVersion: formatVersion, data: data) }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(formatIdentifier as NSString, forKey: "formatIdentifier")
        coder.encode(formatVersion as NSString, forKey: "formatVersion")
        coder.encode(data as NSData, forKey: "data")
    }

    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeObject(of: NSString.self, forKey: "formatIdentifier"),
              let version = coder.decodeObject(of: NSString.self, forKey: "formatVersion"),
              let data = coder.decodeObject(of: NSData.self, forKey: "data") else { return nil }
        formatIdentifier = identifier as String
        formatVersion = version as String
        self.data = data as Data
        super.init()
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PHAdjustmentData else { return false }
        return other.formatIdentifier == formatIdentifier && other.formatVersion == formatVersion && other.data == data
    }

    public override var hash: Int { formatIdentifier.hashValue ^ data.hashValue }
}
