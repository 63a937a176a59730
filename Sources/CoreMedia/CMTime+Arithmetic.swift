/// Exact rational arithmetic on `CMTime` in 128-bit intermediates, with Core Media's rules for timescales,
/// rounding, overflow and the non-numeric times.
extension CMTime {
    /// `numerator / denominator` seconds expressed in `timescale` ticks, rounded by `method`. A value that does
    /// not fit 64 bits halves the timescale until it does (`.hasBeenRounded` is then set), as Core Media does.
    static func make(numerator: Int128, denominator: Int128, timescale: Int32, method: CMTimeRoundingMethod,
                     flags: CMTimeFlags, epoch: CMTimeEpoch) -> CMTime {
        var scale = timescale
        var flags = flags.subtracting(.impliedValueFlagsMask).union(.valid)
        while true {
            let (quotient, exact) = divide(numerator * Int128(scale), by: denominator, method: method,
                                           lengthening: Int128(scale) > denominator)
            if !exact { flags.insert(.hasBeenRounded) }
            if let value = Int64(exactly: quotient) {
                return CMTime(value: value, timescale: scale, flags: flags, epoch: epoch)
            }
            if scale == 1 { return numerator.signum() == denominator.signum() ? .positiveInfinity : .negativeInfinity }
            scale /= 2
            flags.insert(.hasBeenRounded)
        }
    }

    /// `n / d` rounded by `method`; `exact` when there was no remainder.
    private static func divide(_ n: Int128, by d: Int128, method: CMTimeRoundingMethod, lengthening: Bool) -> (Int128, exact: Bool) {
        let q = n / d, r = n % d
        guard r != 0 else { return (q, true) }
        let negative = (n < 0) != (d < 0)
        let away = negative ? q - 1 : q + 1
        switch method {
        case .roundTowardZero: return (q, false)
        case .roundAwayFromZero: return (away, false)
        case .quickTime: return (lengthening ? away : q, false)
        case .roundTowardPositiveInfinity: return (negative ? q : away, false)
        case .roundTowardNegativeInfinity: return (negative ? away : q, false)
        case .roundHalfAwayFromZero:
            let twice = r.magnitude * 2
            return (twice >= d.magnitude ? away : q, false)
        }
    }

    /// The result of `+`/`-` when an operand is not a number, or nil when both are numbers.
    private static func nonNumericSum(_ a: CMTime, _ b: CMTime) -> CMTime? {
        if !a.isValid || !b.isValid { return .invalid }
        if (a.isPositiveInfinity && b.isNegativeInfinity) || (a.isNegativeInfinity && b.isPositiveInfinity) { return .invalid }
        if a.isPositiveInfinity || b.isPositiveInfinity { return .positiveInfinity }
        if a.isNegativeInfinity || b.isNegativeInfinity { return .negativeInfinity }
        if a.isIndefinite || b.isIndefinite { return .indefinite }
        return nil
    }

    /// Negation keeps the timescale; the infinities swap.
    static func negated(_ t: CMTime) -> CMTime {
        if t.isPositiveInfinity { return .negativeInfinity }
        if t.isNegativeInfinity { return .positiveInfinity }
        guard t.isNumeric else { return t }
        if t.value == .min { return make(numerator: -Int128(t.value), denominator: Int128(t.timescale), timescale: t.timescale,
                                         method: .default, flags: t.flags, epoch: t.epoch) }
        var r = t
        r.value = -t.value
        return r
    }

    /// `a + b` (`CMTimeAdd`): in the least common multiple of the timescales when that is at most
    /// `kCMTimeMaxTimescale`, otherwise in `kCMTimeMaxTimescale` ticks rounded by default rounding.
    static func sum(_ a: CMTime, _ b: CMTime) -> CMTime {
        if let special = nonNumericSum(a, b) { return special }
        if a.epoch != b.epoch { return .invalid }
        let sa = Int128(a.timescale), sb = Int128(b.timescale)
        let lcm = sa / gcd(sa, sb) * sb
        let flags = a.flags.union(b.flags).intersection(.hasBeenRounded)
        if lcm <= Int128(kCMTimeMaxTimescale) {
            let numerator = Int128(a.value) * (lcm / sa) + Int128(b.value) * (lcm / sb)
            return make(numerator: numerator, denominator: lcm, timescale: Int32(lcm), method: .default, flags: flags, epoch: a.epoch)
        }
        let numerator = Int128(a.value) * sb + Int128(b.value) * sa
        return make(numerator: numerator, denominator: sa * sb, timescale: kCMTimeMaxTimescale, method: .default,
                    flags: flags, epoch: a.epoch)
    }

    /// `t × multiplier ÷ divisor` in `t`'s timescale (`CMTimeMultiplyByRatio`); a zero divisor gives `.invalid`.
    static func scaled(_ t: CMTime, multiplier: Int128, divisor: Int128) -> CMTime {
        guard divisor != 0, t.isValid else { return .invalid }
        if t.isIndefinite { return t }
        if t.isPositiveInfinity || t.isNegativeInfinity {
            if multiplier == 0 { return .invalid }
            return (multiplier < 0) != (divisor < 0) ? negated(t) : t
        }
        return make(numerator: Int128(t.value) * multiplier, denominator: Int128(t.timescale) * divisor,
                    timescale: t.timescale, method: .default, flags: t.flags, epoch: t.epoch)
    }

    /// The sign of `a − b` under `CMTimeCompare`'s ordering.
    static func compare(_ a: CMTime, _ b: CMTime) -> Int {
        func rank(_ t: CMTime) -> Int {
            if !t.isValid { return 4 }
            if t.isPositiveInfinity { return 3 }
            if t.isIndefinite { return 2 }
            if t.isNegativeInfinity { return 0 }
            return 1
        }
        let ra = rank(a), rb = rank(b)
        if ra != rb || ra != 1 { return ra < rb ? -1 : (ra > rb ? 1 : 0) }
        if a.epoch != b.epoch { return a.epoch < b.epoch ? -1 : 1 }
        let left = Int128(a.value) * Int128(b.timescale), right = Int128(b.value) * Int128(a.timescale)
        return left < right ? -1 : (left > right ? 1 : 0)
    }

    private static func gcd(_ a: Int128, _ b: Int128) -> Int128 {
        var (x, y) = (a.magnitude, b.magnitude)
        while y != 0 { (x, y) = (y, x % y) }
        return Int128(x)
    }
}

extension CMTime: Comparable, Hashable {
    /// Equal under `CMTimeCompare` (1/2 == 2/4).
    public static func == (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) == 0 }
    /// Ordered under `CMTimeCompare`.
    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) < 0 }

    /// Hashes the reduced value, so equal times hash equally.
    public func hash(into hasher: inout Hasher) {
        guard isNumeric else {
            hasher.combine(isValid ? flags.intersection(.impliedValueFlagsMask).rawValue : 255)
            return
        }
        var (n, d) = (value.magnitude, UInt64(timescale))
        var (x, y) = (n, d)
        while y != 0 { (x, y) = (y, x % y) }
        if x > 1 { n /= x; d /= x }
        hasher.combine(epoch)
        hasher.combine(value < 0)
        hasher.combine(n)
        hasher.combine(d)
    }

    /// `CMTimeAdd`.
    public static func + (lhs: CMTime, rhs: CMTime) -> CMTime { sum(lhs, rhs) }
    /// `CMTimeSubtract`.
    public static func - (lhs: CMTime, rhs: CMTime) -> CMTime {
        sum(lhs, negated(rhs))
    }
    /// Negation (the infinities swap).
    public static prefix func - (time: CMTime) -> CMTime { negated(time) }
    /// `CMTimeAdd`, in place.
    public static func += (lhs: inout CMTime, rhs: CMTime) { lhs = lhs + rhs }
    /// `CMTimeSubtract`, in place.
    public static func -= (lhs: inout CMTime, rhs: CMTime) { lhs = lhs - rhs }
    /// `CMTimeMultiply`.
    public static func * (time: CMTime, multiplier: Int32) -> CMTime { scaled(time, multiplier: Int128(multiplier), divisor: 1) }
    /// `CMTimeMultiply`.
    public static func * (multiplier: Int32, time: CMTime) -> CMTime { time * multiplier }
    /// `CMTimeMultiplyByFloat64`: the product rounded to `time`'s timescale.
    public static func * (time: CMTime, multiplier: Float64) -> CMTime { CMTimeMultiplyByFloat64(time, multiplier: multiplier) }
    /// `CMTimeMultiplyByFloat64`.
    public static func * (multiplier: Float64, time: CMTime) -> CMTime { time * multiplier }
    /// `CMTimeMultiply`, in place.
    public static func *= (time: inout CMTime, multiplier: Int32) { time = time * multiplier }
    /// `CMTimeMultiplyByFloat64`, in place.
    public static func *= (time: inout CMTime, multiplier: Float64) { time = time * multiplier }
}
