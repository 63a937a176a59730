import Foundation

/// The rules memories are made by, on plain values (so they can be checked without a library).
public enum MemoryRules {
    /// Photos farther than this from home are away.
    public static let awayDistance: Double = 100_000
    /// A trip's consecutive photos are at most this far apart in time.
    public static let tripGap: TimeInterval = 36 * 3600
    /// Fewest photos for a trip, an event, "on this day", a person memory.
    public static let minimumTripPhotos = 6, minimumEventPhotos = 12, minimumOnThisDayPhotos = 3, minimumPersonPhotos = 6
    /// "On this day" takes photos from this many days either side of today's date, in earlier years.
    public static let onThisDayWindow = 3
    /// Photos of lower quality than this are left out of curated levels (unanalysed photos count as 0.5).
    public static let curatedMinimumQuality = 0.3
    /// A summary holds about this share of the curated photos: at least `summaryMinimum`, at most `summaryMaximum`.
    public static let summaryShare = 0.2, summaryMinimum = 4, summaryMaximum = 24

    /// A photo as the rules see it.
    public struct Item: Sendable {
        public var rowID: Int64
        public var date: Date
        public var location: GeoPoint?
        public var momentRowID: Int64?
        /// Analysis quality (0.5 when not analysed).
        public var quality: Double
        public var isFavorite: Bool
        /// People in the photo.
        public var people: [String]
        /// The near-duplicate group it belongs to, if any, and whether it is that group's best photo.
        public var duplicateGroup: Int?
        public var isBestOfGroup: Bool

        /// A value with the given fields.
        public init(rowID: Int64, date: Date, location: GeoPoint?, momentRowID: Int64?, quality: Double, isFavorite: Bool,
                    people: [String], duplicateGroup: Int?, isBestOfGroup: Bool) {
            (self.rowID, self.date, self.location, self.momentRowID, self.quality) = (rowID, date, location, momentRowID, quality)
            (self.isFavorite, self.people, self.duplicateGroup, self.isBestOfGroup) = (isFavorite, people, duplicateGroup, isBestOfGroup)
        }

        /// How much a photo deserves a place in a summary: its quality, more with people, more as a favourite.
        var score: Double { quality + (people.isEmpty ? 0 : 0.2) + (isFavorite ? 0.3 : 0) }
    }

    /// Home: the centre of the 0.5°-square (about 50 km) holding the most located photos; nil without any.
    public static func home(_ items: [Item]) -> GeoPoint? {
        var counts: [[Int]: (count: Int, latitude: Double, longitude: Double)] = [:]
        for item in items { guard let l = item.location else { continue }
            let cell = [Int((l.latitude * 2).rounded(.down)), Int((l.longitude * 2).rounded(.down))]
            let c = counts[cell] ?? (0, 0, 0)
            counts[cell] = (c.count + 1, c.latitude + l.latitude, c.longitude + l.longitude)
        }
        guard let best = counts.values.max(by: { $0.count < $1.count }) else { return nil }
        return GeoPoint(latitude: best.latitude / Double(best.count), longitude: best.longitude / Double(best.count))
    }

    /// Trips: runs of photos (by date) taken away from home, consecutive ones at most `tripGap` apart, with
    /// photos without a location joining the run they fall inside. Each trip is its photos in date order.
    public static func trips(_ items: [Item], home: GeoPoint) -> [[Item]] {
        let sorted = items.sorted { ($0.date, $0.rowID) < ($1.date, $1.rowID) }
        var trips: [[Item]] = []
        var current: [Item] = []
        var pendingUnlocated: [Item] = []
        func close() {
            if current.count >= minimumTripPhotos { trips.append(current) }
            current = []; pendingUnlocated = []
        }
        for item in sorted {
            guard let location = item.location else {
                if !current.isEmpty { pendingUnlocated.append(item) }
                continue
            }
            let away = location.distance(to: home) > awayDistance
            if away {
                if let last = current.last, item.date.timeIntervalSince(last.date) > tripGap { close() }
                current += pendingUnlocated
                pendingUnlocated = []
                current.append(item)
            } else {
                close()
            }
        }
        close()
        return trips
    }

    /// The levels of a set of photos, most curated first: summary ⊆ curated ⊆ everything, each in date order.
    /// Curated leaves out near-duplicates that are not their group's best and photos of low quality; the summary
    /// takes the best-scoring photo of each of k equal stretches of the curated photos (so it spans the whole time).
    public static func levels(_ items: [Item]) -> [[Int64]] {
        let everything = items.sorted { ($0.date, $0.rowID) < ($1.date, $1.rowID) }
        var curated = everything.filter { ($0.duplicateGroup == nil || $0.isBestOfGroup) && $0.quality >= curatedMinimumQuality }
        if curated.isEmpty { curated = everything }
        let k = min(curated.count, max(summaryMinimum, min(summaryMaximum, Int((Double(curated.count) * summaryShare).rounded()))))
        var summary: [Item] = []
        for stretch in 0..<k {
            let lower = stretch * curated.count / k, upper = (stretch + 1) * curated.count / k
            if let best = curated[lower..<upper].max(by: { ($0.score, -$0.rowID) < ($1.score, -$1.rowID) }) { summary.append(best) }
        }
        return [summary, curated, everything].map { $0.map(\.rowID) }
    }

    /// The photo that stands for a set: the best-scoring of its summary.
    public static func keyPhoto(_ items: [Item], summary: [Int64]) -> Int64? {
        let chosen = Set(summary)
        return items.filter { chosen.contains($0.rowID) }.max { ($0.score, -$0.rowID) < ($1.score, -$1.rowID) }?.rowID
    }

    /// A stable identifier for a memory from what it is about (a UUID-shaped SHA-256 of the kind and key).
    public static func identifier(kind: MemoryKind, key: String) -> String {
        let hex = Array(ContentDigest.sha256Hex(Data("memory:\(kind.rawValue):\(key)".utf8)).prefix(32))
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
        return groups.joined(separator: "-").uppercased()
    }
}
