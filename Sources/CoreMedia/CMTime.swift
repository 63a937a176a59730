import Foundation

/// A time value's numerator: ticks of `CMTimeScale`.
public typealias CMTimeValue = Int64
/// Ticks per second.
public typealias CMTimeScale = Int32
/// Distinguishes unrelated time lines (e.g. loops); times of different epochs compare by epoch first.
public typealias CMTimeEpoch = Int64
/// A track's identifier within its movie.
public typealias CMPersistentTrackID = Int32

/// The largest timescale arithmetic produces (one billion ticks per second), as Apple's `kCMTimeMaxTimescale`.
public let kCMTimeMaxTimescale: Int32 = 1_000_000_000

/// What a `CMTime` is besides its rational value. Raw values match Apple's `CMTimeFlags`.
public struct CMTimeFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The time is valid (unset in `.invalid`).
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    /// Arithmetic rounded the value (a timescale was too coarse or overflowed).
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    /// +∞; the value and timescale mean nothing.
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    /// −∞; the value and timescale mean nothing.
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    /// Not known yet (e.g. the duration of a live stream).
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    /// The flags that say the value is not a number.
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}

/// A rational time, `value / timescale` seconds, as Core Media's `CMTime`: exact for frame times (1/30, 1001/30000),
/// with flags for invalid, indefinite and infinite times and an epoch.
///
/// Equality and ordering follow `CMTimeCompare`: 1/2 equals 2/4; invalid times equal each other and are greater than
/// everything else; then +∞, then indefinite; −∞ is less than everything. `hashValue` agrees with that equality.
public struct CMTime: Sendable {
    /// The numerator.
    public var value: CMTimeValue
    /// Ticks per second; positive in every numeric time.
    public var timescale: CMTimeScale
    /// Validity, rounding and the non-numeric kinds.
    public var flags: CMTimeFlags
    /// The time line this time belongs to (0 normally).
    public var epoch: CMTimeEpoch

    /// A time with every field given, as C's struct initialiser.
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// `value / timescale` seconds; a timescale ≤ 0 gives `.invalid` (as `CMTimeMake`).
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self = timescale > 0 ? CMTime(value: value, timescale: timescale, flags: .valid, epoch: 0) : .invalid
    }

    /// The time nearest `seconds` in `preferredTimescale` ticks (as `CMTimeMakeWithSeconds`): NaN gives `.invalid`,
    /// ±∞ the infinite times; a value too large for the timescale halves the timescale until it fits, and a
    /// result that is not exact has `.hasBeenRounded`.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard !seconds.isNaN, preferredTimescale > 0 else { self = .invalid; return }
        if seconds.isInfinite { self = seconds > 0 ? .positiveInfinity : .negativeInfinity; return }
        var scale = preferredTimescale
        var flags: CMTimeFlags = .valid
        while true {
            let ticks = (seconds * Double(scale)).rounded()
            if abs(ticks) < 9.2e18 {
                if ticks != seconds * Double(scale) { flags.insert(.hasBeenRounded) }
                self = CMTime(value: CMTimeValue(ticks), timescale: scale, flags: flags, epoch: 0)
                return
            }
            if scale == 1 { self = seconds > 0 ? .positiveInfinity : .negativeInfinity; return }
            scale /= 2
            flags.insert(.hasBeenRounded)
        }
    }

    /// 0 seconds (`kCMTimeZero`).
    public static let zero = CMTime(value: 0, timescale: 1, flags: .valid, epoch: 0)
    /// The invalid time (`kCMTimeInvalid`): every field zero.
    public static let invalid = CMTime(value: 0, timescale: 0, flags: [], epoch: 0)
    /// Not known (`kCMTimeIndefinite`).
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    /// +∞ (`kCMTimePositiveInfinity`).
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    /// −∞ (`kCMTimeNegativeInfinity`).
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    /// Whether the time is valid.
    public var isValid: Bool { flags.contains(.valid) }
    /// Whether the time is +∞.
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    /// Whether the time is −∞.
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// Whether the time is indefinite.
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    /// Whether the time is a number: valid, finite and definite.
    public var isNumeric: Bool { isValid && flags.intersection(.impliedValueFlagsMask).isEmpty }
    /// Whether arithmetic rounded this time.
    public var hasBeenRounded: Bool { flags.contains(.hasBeenRounded) }

    /// The time in seconds (`CMTimeGetSeconds`): NaN when invalid or indefinite, ±∞ for the infinities.
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric, timescale > 0 else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// This time in `newTimescale` ticks, rounded by `method` (`CMTimeConvertScale`); non-numeric times are
    /// returned unchanged, a timescale ≤ 0 gives `.invalid`.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        guard isNumeric else { return self }
        guard newTimescale > 0 else { return .invalid }
        if newTimescale == timescale { return self }
        return CMTime.make(numerator: Int128(value), denominator: Int128(timescale), timescale: newTimescale,
                           method: method, flags: flags, epoch: epoch)
    }
}

extension CMTime: CustomStringConvertible, CustomDebugStringConvertible {
    /// `{value/timescale = seconds}` for numbers (as `CMTimeCopyDescription`), else `{INVALID}`, `{INDEFINITE}`,
    /// `{+INFINITY}` or `{-INFINITY}`.
    public var description: String {
        if !isValid { return "{INVALID}" }
        if isIndefinite { return "{INDEFINITE}" }
        if isPositiveInfinity { return "{+INFINITY}" }
        if isNegativeInfinity { return "{-INFINITY}" }
        let rounded = hasBeenRounded ? "~" : ""
        return "{\(value)/\(timescale) = \(String(format: "%.3f", seconds))\(rounded)}"
    }

    /// The same as `description`, with the epoch when it is not 0.
    public var debugDescription: String { epoch == 0 ? description : "\(description) epoch \(epoch)" }
}
