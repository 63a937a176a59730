/// A span of time, `start` for `duration`, as Core Media's `CMTimeRange`: it contains `start` and every time before
/// `end`, not `end` itself.
public struct CMTimeRange: Sendable, Hashable, CustomStringConvertible {
    /// The first time in the range.
    public var start: CMTime
    /// How long the range lasts.
    public var duration: CMTime

    /// `start` for `duration`.
    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    /// From `start` up to (not including) `end`.
    public init(start: CMTime, end: CMTime) {
        self.init(start: start, duration: end - start)
    }

    /// The empty range at 0 (`kCMTimeRangeZero`).
    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    /// The invalid range (`kCMTimeRangeInvalid`).
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)

    /// Valid when both times are valid, the duration's epoch is 0 and the duration is not negative.
    public var isValid: Bool {
        start.isValid && duration.isValid && duration.epoch == 0 && !(duration < .zero)
    }
    /// A valid range whose start or duration is indefinite.
    public var isIndefinite: Bool { isValid && (start.isIndefinite || duration.isIndefinite) }
    /// A valid range of zero duration.
    public var isEmpty: Bool { isValid && duration == .zero }
    /// `start + duration`: the first time after the range.
    public var end: CMTime { start + duration }

    /// Whether `time` is in the range (`start ≤ time < end`).
    public func containsTime(_ time: CMTime) -> Bool {
        isValid && time.isValid && start <= time && time < end
    }

    /// Whether `range` lies wholly inside this range (an empty range at this range's end counts).
    public func containsTimeRange(_ range: CMTimeRange) -> Bool {
        isValid && range.isValid && start <= range.start && range.end <= end
    }

    /// The overlap of the two ranges; `.zero` when they do not overlap (as `CMTimeRangeGetIntersection`).
    public func intersection(_ other: CMTimeRange) -> CMTimeRange {
        guard isValid, other.isValid else { return .invalid }
        let lower = max(start, other.start), upper = min(end, other.end)
        return lower < upper ? CMTimeRange(start: lower, end: upper) : .zero
    }

    /// The smallest range containing both (as `CMTimeRangeGetUnion`).
    public func union(_ other: CMTimeRange) -> CMTimeRange {
        guard isValid, other.isValid else { return .invalid }
        return CMTimeRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// `{start, duration}` with each time as `CMTime.description`.
    public var description: String { "{\(start), \(duration)}" }
}

/// `kCMTimeRangeZero`.
public let kCMTimeRangeZero = CMTimeRange.zero
/// `kCMTimeRangeInvalid`.
public let kCMTimeRangeInvalid = CMTimeRange.invalid

/// `start` for `duration`.
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange { CMTimeRange(start: start, duration: duration) }
/// From `start` up to `end`.
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange { CMTimeRange(start: start, end: end) }
/// The range's end.
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime { range.end }
/// Whether `time` is in `range`.
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool { range.containsTime(time) }
/// Whether `otherRange` lies inside `range`.
public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool { range.containsTimeRange(otherRange) }
/// The overlap of two ranges.
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange { range.intersection(otherRange) }
/// The smallest range containing both.
public func CMTimeRangeGetUnion(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange { range.union(otherRange) }
/// Whether two ranges have equal starts and durations.
public func CMTimeRangeEqual(_ range1: CMTimeRange, _ range2: CMTimeRange) -> Bool { range1 == range2 }
/// `time` clamped into `range` (its start, or the last time before its end is the end itself, as Core Media does).
public func CMTimeClampToRange(_ time: CMTime, range: CMTimeRange) -> CMTime {
    guard range.isValid, time.isValid else { return .invalid }
    return min(max(time, range.start), range.end)
}

/// A mapping from a span of a source to a span of a target (edits, speed changes), as Core Media's `CMTimeMapping`.
public struct CMTimeMapping: Sendable, Hashable {
    /// The source span (`.invalid` start for an empty edit).
    public var source: CMTimeRange
    /// Where the source span plays.
    public var target: CMTimeRange
    /// A mapping of `source` to `target`.
    public init(source: CMTimeRange, target: CMTimeRange) {
        self.source = source
        self.target = target
    }
}
