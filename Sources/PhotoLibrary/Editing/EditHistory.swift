import Foundation

/// One committed content edit or revert of an asset, as recorded in the library's `edit_history` table (in the
/// same transaction as the change itself, so history and content never disagree).
///
/// Linux addition: PhotoKit keeps only the latest adjustment data and exposes no history.
public struct EditHistoryEntry: Sendable, Hashable {
    /// What the change did.
    public enum Kind: String, Sendable, Hashable {
        /// A new rendered version and its adjustment data became current.
        case edit
        /// The edit was dropped; the original is current again.
        case revert
    }

    /// 1, 2, 3… per asset, in commit order.
    public var sequence: Int
    /// When the change was committed.
    public var date: Date
    /// Edit or revert.
    public var kind: Kind
    /// The adjustment data's format; nil for reverts and for edits recorded when the library was migrated
    /// (edits made before history existed, whose details were not kept).
    public var formatIdentifier: String?
    /// The adjustment data's format version (nil when `formatIdentifier` is).
    public var formatVersion: String?
    /// Whether the edit was rendered from the original (true) or stacked on the previous rendered version
    /// (false: reverting still returns to the original). True for reverts.
    public var basedOnOriginal: Bool
    /// Size of the editor's adjustment `data` in bytes; nil for reverts and migrated edits.
    public var adjustmentByteCount: Int?
    /// Pixel size of the rendered version (0 × 0 for reverts).
    public var renderedPixelWidth: Int
    /// See `renderedPixelWidth`.
    public var renderedPixelHeight: Int

    /// An entry with the given values (the library makes them; this is for tests and tools).
    public init(sequence: Int, date: Date, kind: Kind, formatIdentifier: String?, formatVersion: String?, basedOnOriginal: Bool,
                adjustmentByteCount: Int?, renderedPixelWidth: Int, renderedPixelHeight: Int) {
        self.sequence = sequence
        self.date = date
        self.kind = kind
        self.formatIdentifier = formatIdentifier
        self.formatVersion = formatVersion
        self.basedOnOriginal = basedOnOriginal
        self.adjustmentByteCount = adjustmentByteCount
        self.renderedPixelWidth = renderedPixelWidth
        self.renderedPixelHeight = renderedPixelHeight
    }
}

/// An asset's edit history, oldest first, and what its current version is made of.
public struct EditHistory: Sendable, Hashable {
    /// What the asset currently shows.
    public enum Version: Sendable, Hashable {
        /// The original (never edited, or reverted).
        case original
        /// The rendered result of edit `sequence`; `stackedOn` lists, oldest first, the earlier edits whose
        /// rendered versions it was built on (empty when it was rendered from the original).
        case edit(sequence: Int, stackedOn: [Int])
    }

    /// Every committed edit and revert, oldest first.
    public let entries: [EditHistoryEntry]

    /// A history of the given entries (expected oldest first, as the library returns them).
    public init(entries: [EditHistoryEntry]) { self.entries = entries }

    /// The current version, replayed from the entries: a revert returns to the original, an edit based on the
    /// original starts a new stack, a stacked edit builds on the current one.
    public var currentVersion: Version {
        var stack: [Int] = []
        for entry in entries {
            switch entry.kind {
            case .revert: stack = []
            case .edit: stack = entry.basedOnOriginal ? [entry.sequence] : stack + [entry.sequence]
            }
        }
        guard let last = stack.last else { return .original }
        return .edit(sequence: last, stackedOn: Array(stack.dropLast()))
    }

    /// The entry of the edit the asset currently shows, if any.
    public var currentEdit: EditHistoryEntry? {
        guard case .edit(let sequence, _) = currentVersion else { return nil }
        return entries.first { $0.sequence == sequence }
    }
}
