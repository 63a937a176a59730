import Foundation

/// A non-destructive edit of an asset's content: the rendered result becomes the current version and the
/// adjustment data describing it is stored beside it. The original resources are never touched.
public struct ContentEdit: Sendable {
    /// The asset being edited.
    public var identifier: String
    /// The rendered full-size result (a photo for photo assets).
    public var rendered: ResourceSource
    /// The rendered file's type, when known (otherwise sniffed from its bytes).
    public var renderedUniformTypeIdentifier: String?
    /// A Live Photo edit's rendered movie (the still is `rendered`); it becomes the `fullSizePairedVideo`.
    public var renderedPairedVideo: ResourceSource?
    /// A Live Photo effect's presentation: the asset's playback style and variation while this edit is current
    /// (`PlaybackStyle.videoLooping` + 1 Loop / 2 Bounce, `.image` + 3 Long Exposure). Nil for other edits, which
    /// leave a Live Photo's presentation as imported.
    public var playback: (style: PlaybackStyle, variation: Int)?
    /// What the editor needs to resume the edit from the original (required: staging fails without it).
    public var adjustment: AdjustmentPayload?
    /// Whether the edit was rendered from the original (true) or stacked on the previous rendered version;
    /// recorded in the asset's edit history.
    public var basedOnOriginal: Bool

    public init(identifier: String, rendered: ResourceSource, renderedUniformTypeIdentifier: String? = nil, adjustment: AdjustmentPayload?,
                basedOnOriginal: Bool = true, renderedPairedVideo: ResourceSource? = nil) {
        self.identifier = identifier
        self.rendered = rendered
        self.renderedPairedVideo = renderedPairedVideo
        self.renderedUniformTypeIdentifier = renderedUniformTypeIdentifier
        self.adjustment = adjustment
        self.basedOnOriginal = basedOnOriginal
    }
}

/// Adjustment data as stored: an editor's format identifier and version, and its opaque bytes.
///
/// On disk it is a binary property list with the keys `formatIdentifier`, `formatVersion` and `data`, stored
/// as the asset's `adjustmentData` resource. Bytes round-trip exactly.
public struct AdjustmentPayload: Sendable, Hashable, Codable {
    /// The largest `data` accepted (Apple limits it without publishing a figure; this is this library's).
    public static let maximumDataSize = 1 << 20

    public var formatIdentifier: String
    public var formatVersion: String
    public var data: Data

    public init(formatIdentifier: String, formatVersion: String, data: Data) {
        self.formatIdentifier = formatIdentifier
        self.formatVersion = formatVersion
        self.data = data
    }

    /// The stored form.
    public func encoded() throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: [
            "formatIdentifier": formatIdentifier, "formatVersion": formatVersion, "data": data,
        ] as [String: Any], format: .binary, options: 0)
    }

    /// Reads the stored form; nil when the bytes are not adjustment data.
    public init?(encoded: Data) {
        guard let plist = PropertyListBytes.dictionary(encoded),
              let identifier = plist["formatIdentifier"] as? String, let version = plist["formatVersion"] as? String,
              let data = plist["data"] as? Data else { return nil }
        self.init(formatIdentifier: identifier, formatVersion: version, data: data)
    }
}

/// An asset's current edit, if any: the rendered resource and the adjustment data.
public struct CurrentEdit: Sendable, Equatable {
    public var rendered: ResourceRecord
    public var adjustment: AdjustmentPayload?
    public var adjustmentResource: ResourceRecord?
}
