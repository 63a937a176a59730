import Foundation

/// A small, fast, seedable random generator (SplitMix64), so a seed always makes the same library (and the
/// benchmarks the same inputs).
package struct FillRandom {
    private var state: UInt64
    package init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    /// Uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    /// Uniform real in `range`.
    mutating func real(_ range: ClosedRange<Double>) -> Double { range.lowerBound + unit() * (range.upperBound - range.lowerBound) }
    /// Exponentially distributed with the given mean.
    mutating func exponential(mean: Double) -> Double { -mean * log(max(1e-12, 1 - unit())) }
    /// A standard normal deviate (Box–Muller).
    mutating func normal() -> Double { (-2 * log(max(1e-12, unit()))).squareRoot() * cos(2 * .pi * unit()) }
    /// A UUID string made of random bits.
    mutating func uuid() -> String {
        let a = next(), b = next()
        return String(format: "%08X-%04X-4%03X-%04X-%012llX", UInt32(a >> 32), UInt16((a >> 16) & 0xFFFF), UInt16(a & 0xFFF),
                      UInt16(0x8000 | (b >> 48) & 0x3FFF), b & 0xFFFF_FFFF_FFFF)
    }
}

/// One stretch of picture-taking: an ordinary day out, a party, or one day of a trip.
struct FillEvent {
    var start: Double
    var duration: Double
    var count: Int
    var latitude: Double
    var longitude: Double
    /// Spread of locations around the centre, in degrees.
    var spread: Double
}

/// Where and when the filler's photos are taken: activity comes in bursts (quiet weeks, busy days, trips).
enum FillPlan {
    /// Places photos are taken (home regions and trip destinations).
    static let places: [(Double, Double)] = [
        (48.8566, 2.3522), (51.5074, -0.1278), (40.7128, -74.0060), (37.7749, -122.4194), (35.6762, 139.6503),
        (-33.8688, 151.2093), (52.5200, 13.4050), (41.9028, 12.4964), (19.4326, -99.1332), (-22.9068, -43.1729),
        (64.1466, -21.9426), (1.3521, 103.8198), (46.5197, 6.6323), (36.1699, -115.1398), (-1.2921, 36.8219),
    ]

    /// Events holding exactly `count` photos, laid out in time order ending at `end` (seconds since 1970).
    static func events(count: Int, end: Double, random: inout FillRandom) -> [FillEvent] {
        let home = places[random.int(0...places.count - 1)]
        var events: [FillEvent] = []
        var total = 0
        while total < count {
            let kind = random.unit()
            if kind < 0.08 {
                // A trip: several days somewhere else, many photos a day.
                let place = places[random.int(0...places.count - 1)]
                let days = random.int(3...14)
                for day in 0..<days where total < count {
                    let n = min(count - total, random.int(15...150))
                    events.append(FillEvent(start: Double(day) * 86_400, duration: random.real(6...12) * 3600, count: n,
                                            latitude: place.0 + random.real(-0.3...0.3), longitude: place.1 + random.real(-0.3...0.3), spread: 0.02))
                    total += n
                }
                continue
            }
            let n: Int, hours: Double
            if kind < 0.13 { n = random.int(80...400); hours = random.real(4...10) }          // wedding, party, festival
            else if kind < 0.35 { n = random.int(20...120); hours = random.real(2...8) }      // an outing
            else { n = 1 + Int(random.exponential(mean: 7)); hours = random.real(0.2...3) }   // everyday snaps
            let count = min(count - total, n)
            events.append(FillEvent(start: 0, duration: hours * 3600, count: count,
                                    latitude: home.0 + random.real(-0.15...0.15), longitude: home.1 + random.real(-0.15...0.15), spread: 0.01))
            total += count
        }
        // Spread the events over the years: random quiet gaps, events moved into the daytime when there is room.
        let years = Double(min(20, max(2, count / 25_000)))
        let busy = events.reduce(0) { $0 + $1.duration + 600 }
        let span = max(years * 365 * 86_400, 1.5 * busy)
        var gaps = (0..<events.count).map { _ in random.exponential(mean: 1) }
        let sum = gaps.reduce(0, +)
        gaps = gaps.map { $0 / sum * (span - busy) }
        var clock = end - span
        var debt = 0.0  // time borrowed from later gaps to start events in the daytime
        var tripDayBase: Double?
        for i in events.indices {
            if events[i].start > 0, let base = tripDayBase {
                // Next day of a trip: same time of day as the trip's first event.
                events[i].start = max(base + events[i].start, clock + 600)
            } else {
                let gap = gaps[i] - min(gaps[i], debt)
                debt -= gaps[i] - gap
                var start = clock + gap
                let hour = start.truncatingRemainder(dividingBy: 86_400) / 3600
                if hour < 7 || hour > 21 {
                    let morning = (start / 86_400).rounded(.down) * 86_400 + (hour < 7 ? 0 : 86_400) + random.real(7...11) * 3600
                    debt += morning - start
                    start = morning
                }
                events[i].start = start
                tripDayBase = start
            }
            clock = events[i].start + events[i].duration
        }
        // Keep the timeline in the past.
        if let last = events.last, last.start + last.duration > end {
            let shift = last.start + last.duration - end
            for i in events.indices { events[i].start -= shift }
        }
        return events
    }
}
