import Foundation

/// The clustering rules for moments and moment lists. Both are *pairwise* rules over a timeline, so an
/// incremental re-clustering of any window whose edges are true boundaries gives exactly what a full
/// re-clustering would.
///
/// - A **moment** is a maximal run of visible (not hidden, not deleted), dated assets in creation-date order in
///   which each asset follows the previous one by at most 2 hours and, when both have a location, lies within
///   10 km of it.
/// - A **cluster moment list** is a maximal run of moments that start in the same calendar month, each starting
///   at most 24 hours after the previous one ends.
/// - A **year moment list** holds the moments that start in one calendar year.
///
/// Calendar boundaries use the process's current time zone.
public enum MomentRules {
    /// Largest gap between consecutive assets of one moment.
    public static let momentGap: TimeInterval = 2 * 3600
    /// Largest distance between consecutive located assets of one moment.
    public static let momentDistance: Double = 10_000
    /// Largest gap between consecutive moments of one cluster list.
    public static let clusterGap: TimeInterval = 24 * 3600

    /// True when `next` continues the moment that `previous` belongs to.
    static func assetsJoin(_ previous: TimelineItem, _ next: TimelineItem) -> Bool {
        guard next.start - previous.end <= momentGap else { return false }
        if let a = previous.location, let b = next.location { return a.distance(to: b) <= momentDistance }
        return true
    }

    /// True when `next` continues the cluster list that `previous` belongs to.
    static func momentsJoin(_ previous: TimelineItem, _ next: TimelineItem) -> Bool {
        next.start - previous.end <= clusterGap && monthKey(previous.start) == monthKey(next.start)
    }

    static func monthKey(_ time: Double) -> Int {
        let c = Calendar.current.dateComponents([.year, .month], from: Date(timeIntervalSince1970: time))
        return (c.year ?? 0) * 12 + (c.month ?? 0)
    }

    static func year(_ time: Double) -> Int {
        Calendar.current.component(.year, from: Date(timeIntervalSince1970: time))
    }
}

/// An asset or a moment on the timeline being clustered.
struct TimelineItem: Sendable {
    let id: Int64
    let start: Double
    let end: Double
    let location: GeoPoint?
    /// The group (moment or cluster list) currently holding the item.
    let group: Int64?
}

/// Splits a sorted timeline into maximal runs under a pairwise rule.
func chainClusters(_ items: [TimelineItem], joins: (TimelineItem, TimelineItem) -> Bool) -> [[TimelineItem]] {
    var groups: [[TimelineItem]] = []
    for item in items {
        if let last = groups.last?.last, joins(last, item) {
            groups[groups.count - 1].append(item)
        } else {
            groups.append([item])
        }
    }
    return groups
}

/// Gives each new group the row id of the old group it shares most members with (each old id used once).
func reuseGroupIDs(_ groups: [[TimelineItem]]) -> [Int64?] {
    var candidates: [(count: Int, group: Int, old: Int64)] = []
    for (index, group) in groups.enumerated() {
        var counts: [Int64: Int] = [:]
        for item in group { if let old = item.group { counts[old, default: 0] += 1 } }
        for (old, count) in counts { candidates.append((count, index, old)) }
    }
    candidates.sort { ($0.count, -$0.group) > ($1.count, -$1.group) }
    var assigned = [Int64?](repeating: nil, count: groups.count)
    var used = Set<Int64>()
    for candidate in candidates where assigned[candidate.group] == nil && !used.contains(candidate.old) {
        assigned[candidate.group] = candidate.old
        used.insert(candidate.old)
    }
    return assigned
}
