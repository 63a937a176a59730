import Foundation

// Core Media's C functions on times, as Swift code written for Apple platforms calls them.

/// `0` seconds.
public let kCMTimeZero = CMTime.zero
/// The invalid time.
public let kCMTimeInvalid = CMTime.invalid
/// The indefinite time.
public let kCMTimeIndefinite = CMTime.indefinite
/// +∞.
public let kCMTimePositiveInfinity = CMTime.positiveInfinity
/// −∞.
public let kCMTimeNegativeInfinity = CMTime.negativeInfinity

/// `value / timescale` seconds; a timescale ≤ 0 gives `.invalid`.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// `value / timescale` seconds on time line `epoch`.
public func CMTimeMakeWithEpoch(value: Int64, timescale: Int32, epoch: Int64) -> CMTime {
    var t = CMTime(value: value, timescale: timescale)
    if t.isValid { t.epoch = epoch }
    return t
}

/// The time nearest `seconds` in `preferredTimescale` ticks (see `CMTime.init(seconds:preferredTimescale:)`).
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds: NaN when invalid or indefinite.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }

/// `time` in `newTimescale` ticks, rounded by `method`.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    time.convertScale(newTimescale, method: method)
}

/// `lhs + rhs`.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs + rhs }
/// `lhs − rhs`.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs - rhs }
/// `time × multiplier`.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime { time * multiplier }

/// `time × multiplier ÷ divisor`, exact before the one rounding to `time`'s timescale.
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
    CMTime.scaled(time, multiplier: Int128(multiplier), divisor: Int128(divisor))
}

/// `time × multiplier` rounded to `time`'s timescale; a non-finite product gives the matching infinity (NaN: invalid).
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
    guard time.isValid, !multiplier.isNaN else { return .invalid }
    if time.isIndefinite { return time }
    if time.isPositiveInfinity || time.isNegativeInfinity {
        if multiplier == 0 { return .invalid }
        return multiplier < 0 ? -time : time
    }
    let product = Double(time.value) * multiplier
    guard product.isFinite else { return product > 0 ? .positiveInfinity : .negativeInfinity }
    if abs(product) < 9.2e18 {
        let rounded = product.rounded()
        var flags = time.flags
        if rounded != product { flags.insert(.hasBeenRounded) }
        return CMTime(value: Int64(rounded), timescale: time.timescale, flags: flags, epoch: time.epoch)
    }
    var result = CMTime(seconds: product / Double(time.timescale), preferredTimescale: time.timescale)
    result.epoch = time.epoch
    result.flags.insert(.hasBeenRounded)
    return result
}

/// −1, 0 or 1 as `time1` is less than, equal to or greater than `time2` (invalid times are greatest, then +∞,
/// then indefinite; −∞ is least).
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 { Int32(CMTime.compare(time1, time2)) }

/// The smaller of two times (`CMTimeCompare` order).
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime { min(time1, time2) }
/// The larger of two times (`CMTimeCompare` order).
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime { max(time1, time2) }
/// The absolute value; −∞ becomes +∞.
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime { time < .zero && time.isValid ? -time : time }

/// `{value/timescale = seconds}` (see `CMTime.description`).
public func CMTimeCopyDescription(allocator: Any?, time: CMTime) -> String { time.description }
/// Prints `CMTimeCopyDescription` of `time` to standard output.
public func CMTimeShow(_ time: CMTime) { print(time.description) }
