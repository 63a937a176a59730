/// How arithmetic rounds a time that does not fit its timescale. Raw values match Apple's `CMTimeRoundingMethod`.
public enum CMTimeRoundingMethod: UInt32, Sendable {
    /// To the nearest tick, halves away from zero (the default).
    case roundHalfAwayFromZero = 1
    /// Toward zero (truncation).
    case roundTowardZero = 2
    /// Away from zero.
    case roundAwayFromZero = 3
    /// QuickTime's rule: toward zero when shortening a timescale, away from zero when lengthening it.
    case quickTime = 4
    /// Toward +∞ (ceiling).
    case roundTowardPositiveInfinity = 5
    /// Toward −∞ (floor).
    case roundTowardNegativeInfinity = 6
    /// The default method, `roundHalfAwayFromZero`.
    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}
