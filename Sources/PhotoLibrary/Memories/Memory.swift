import Foundation

/// A memory: photos the library groups by itself and curates at several levels, the way Photos' memories feed
/// project extensions (`PHProjectInfo`): a trip, an event, "on this day" across years, a person over time.
public struct Memory: Sendable, Equatable {
    /// Stable identifier: the same memory made again (as the library changes) keeps it, since it is derived
    /// from what the memory is about (kind and key), not from when it was made.
    public var identifier: String
    public var kind: MemoryKind
    public var title: String
    /// The dates of its first and last photos.
    public var startDate: Date, endDate: Date
    /// The photo that stands for it: the best of its summary (faces preferred).
    public var keyAssetRowID: Int64
    /// The person it is about (`.person` memories).
    public var personIdentifier: String?
    /// Its sections in order (a trip's days, the years of "on this day"…).
    public var sections: [MemorySection]

    /// Every photo, in order.
    public var assetRowIDs: [Int64] { sections.flatMap { $0.everything } }
}

public enum MemoryKind: String, Sendable, CaseIterable, Codable {
    /// Photos taken away from home over one or more days.
    case trip
    /// A large moment at home.
    case event
    /// Photos taken on today's date (give or take a few days) in earlier years.
    case onThisDay
    /// A person's best photos over time.
    case person
}

/// One section of a memory with its photos at each curation level, from a summary (the best few, spread over
/// the section's time) to everything. Each level contains the one before it.
public struct MemorySection: Sendable, Equatable {
    public var title: String
    /// Levels, most curated first; the last is every photo of the section, in date order.
    public var levels: [[Int64]]

    /// A value with the given fields.
    public init(title: String, levels: [[Int64]]) { (self.title, self.levels) = (title, levels) }

    public var summary: [Int64] { levels.first ?? [] }
    public var everything: [Int64] { levels.last ?? [] }
}
