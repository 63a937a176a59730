import Foundation

/// The rule that groups near-duplicate photos by their perceptual hashes.
///
/// Two photos are near-duplicates when their hashes differ in at most `nearbyBits` bits and they were taken within
/// `window` of each other (a series of shots of one scene), or in at most `anywhereBits` bits whatever their dates
/// (the same picture stored twice: resized, recompressed, re-exported). Groups are the connected sets; the best
/// photo (highest quality, then oldest) comes first in each.
public enum NearDuplicates {
    /// Hash distance for photos taken close together.
    public static let nearbyBits = 10
    /// Hash distance for photos whatever their dates.
    public static let anywhereBits = 4
    /// How close together "close together" is.
    public static let window: TimeInterval = 15 * 60
    /// Photos after each one (in date order) it is compared with, however many fall in the window.
    static let maximumNeighbours = 256
    /// Distinct hashes sharing one band value above which that band is not compared pairwise.
    static let maximumComparedBucket = 4096

    /// A photo as grouping sees it.
    public struct Item: Sendable {
        public var assetRowID: Int64
        public var date: Date?
        public var hash: UInt64
        public var quality: Double
        /// A value with the given fields.
        public init(assetRowID: Int64, date: Date?, hash: UInt64, quality: Double) {
            (self.assetRowID, self.date, self.hash, self.quality) = (assetRowID, date, hash, quality)
        }
    }

    /// Groups of two or more near-duplicates (best first in each), ordered by their best photo's row id.
    public static func groups(_ items: [Item]) -> [[Int64]] {
        var parent = Array(items.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        func join(_ a: Int, _ b: Int) { let ra = root(a), rb = root(b); if ra != rb { parent[max(ra, rb)] = min(ra, rb) } }
        func bits(_ a: Int, _ b: Int) -> Int { (items[a].hash ^ items[b].hash).nonzeroBitCount }

        // Close in time: each photo against the ones after it within the window.
        let dated = items.indices.filter { items[$0].date != nil }.sorted { items[$0].date! < items[$1].date! }
        for (position, a) in dated.enumerated() {
            var next = position + 1
            while next < dated.count, next - position <= maximumNeighbours, items[dated[next]].date!.timeIntervalSince(items[a].date!) <= window {
                if bits(a, dated[next]) <= nearbyBits { join(a, dated[next]) }
                next += 1
            }
        }
        // Anywhere: two hashes within `anywhereBits` agree exactly on at least one of `anywhereBits + 1` bands
        // (pigeonhole), so only photos sharing a band are compared.
        let bandCount = anywhereBits + 1
        let bandWidth = (64 + bandCount - 1) / bandCount
        for band in 0..<bandCount {
            var buckets: [UInt64: [Int]] = [:]
            let shift = UInt64(band * bandWidth), mask: UInt64 = bandWidth >= 64 ? .max : (1 << UInt64(bandWidth)) - 1
            for i in items.indices { buckets[(items[i].hash >> shift) & mask, default: []].append(i) }
            for bucket in buckets.values where bucket.count > 1 {
                // Identical hashes join without comparing; distinct ones are compared pairwise, unless a band
                // value is so common (flat pictures) that the other bands must find the pairs.
                var byHash: [UInt64: Int] = [:]
                for i in bucket { if let first = byHash[items[i].hash] { join(first, i) } else { byHash[items[i].hash] = i } }
                let distinct = Array(byHash.values)
                guard distinct.count <= maximumComparedBucket else { continue }
                for x in distinct.indices { for y in distinct.indices where y > x && bits(distinct[x], distinct[y]) <= anywhereBits { join(distinct[x], distinct[y]) } }
            }
        }
        var members: [Int: [Int]] = [:]
        for i in items.indices { members[root(i), default: []].append(i) }
        return members.values.filter { $0.count > 1 }.map { group in
            group.sorted { items[$0].quality != items[$1].quality ? items[$0].quality > items[$1].quality
                                                                  : (items[$0].date ?? .distantFuture, items[$0].assetRowID) < (items[$1].date ?? .distantFuture, items[$1].assetRowID) }
                 .map { items[$0].assetRowID }
        }.sorted { $0[0] < $1[0] }
    }
}
