import Testing
import CoreMedia

@Suite struct CMTimeTests {
    @Test func makingTimes() {
        let t = CMTimeMake(value: 1001, timescale: 30000)
        #expect(t.isValid && t.isNumeric && !t.hasBeenRounded)
        #expect(abs(CMTimeGetSeconds(t) - 1001.0 / 30000) < 1e-15)
        #expect(!CMTime(value: 1, timescale: 0).isValid)
        #expect(CMTime(seconds: 0.5, preferredTimescale: 600) == CMTime(value: 300, timescale: 600))
        #expect(!CMTime(seconds: 0.5, preferredTimescale: 600).hasBeenRounded)
        let inexact = CMTime(seconds: 0.1234567, preferredTimescale: 600)
        #expect(inexact.value == 74 && inexact.hasBeenRounded)
        #expect(!CMTime(seconds: .nan, preferredTimescale: 600).isValid)
        #expect(CMTime(seconds: .infinity, preferredTimescale: 600).isPositiveInfinity)
        // Too large for the timescale: the timescale halves until the value fits.
        let huge = CMTime(seconds: 1e16, preferredTimescale: 1_000_000_000)
        #expect(huge.timescale < 1_000_000_000 && huge.hasBeenRounded && abs(huge.seconds - 1e16) / 1e16 < 1e-9)
        #expect(CMTime.invalid.seconds.isNaN && CMTime.indefinite.seconds.isNaN)
        #expect(CMTime.negativeInfinity.seconds == -.infinity)
    }

    @Test func additionUsesTheLeastCommonMultipleOfTheTimescales() {
        let sum = CMTimeMake(value: 1, timescale: 30) + CMTimeMake(value: 1, timescale: 25)
        #expect(sum.value == 11 && sum.timescale == 150 && !sum.hasBeenRounded)
        let difference = CMTimeMake(value: 1, timescale: 30) - CMTimeMake(value: 1, timescale: 25)
        #expect(difference.value == -1 && difference.timescale == 150)
        // An LCM beyond kCMTimeMaxTimescale: the result is in kCMTimeMaxTimescale ticks, rounded.
        let odd = CMTimeMake(value: 1, timescale: 999_983) + CMTimeMake(value: 1, timescale: 999_979)
        #expect(odd.timescale == kCMTimeMaxTimescale && odd.hasBeenRounded)
        #expect(abs(odd.seconds - (1.0 / 999_983 + 1.0 / 999_979)) < 1e-9)
        // Overflowing values halve the timescale instead of wrapping.
        let big = CMTimeMake(value: .max, timescale: 2) + CMTimeMake(value: .max, timescale: 2)
        #expect(big.isNumeric && big.hasBeenRounded && big.timescale == 1)
    }

    @Test func nonNumericTimesFollowCoreMediasRules() {
        let one = CMTimeMake(value: 1, timescale: 1)
        #expect(!(CMTime.invalid + one).isValid)
        #expect((CMTime.positiveInfinity + one).isPositiveInfinity)
        #expect(!(CMTime.positiveInfinity + .negativeInfinity).isValid)
        #expect((CMTime.indefinite + one).isIndefinite)
        #expect((CMTime.positiveInfinity - .negativeInfinity).isPositiveInfinity)
        #expect((-CMTime.positiveInfinity).isNegativeInfinity)
        // Ordering: −∞ < numbers < indefinite < +∞ < invalid.
        let ordered = [CMTime.negativeInfinity, one, .indefinite, .positiveInfinity, .invalid]
        for (i, a) in ordered.enumerated() {
            for (j, b) in ordered.enumerated() { #expect(CMTimeCompare(a, b) == Int32((i > j ? 1 : 0) - (i < j ? 1 : 0))) }
        }
    }

    @Test func equalityAndHashingIgnoreTheTimescale() {
        let half = CMTimeMake(value: 1, timescale: 2), alsoHalf = CMTimeMake(value: 300, timescale: 600)
        #expect(half == alsoHalf)
        #expect(half.hashValue == alsoHalf.hashValue)
        #expect(Set([half, alsoHalf, CMTimeMake(value: -1, timescale: 2)]).count == 2)
        #expect(CMTimeMake(value: 1, timescale: 3) < CMTimeMake(value: 334, timescale: 1000))
        #expect(CMTimeMakeWithEpoch(value: 0, timescale: 1, epoch: 1) > CMTimeMakeWithEpoch(value: 5, timescale: 1, epoch: 0))
    }

    @Test func scalingAndRounding() {
        let t = CMTimeMake(value: 10, timescale: 30)
        #expect(CMTimeMultiply(t, multiplier: 3) == CMTimeMake(value: 1, timescale: 1))
        #expect(CMTimeMultiplyByRatio(t, multiplier: 1, divisor: 3).value == 3)          // 10/3 rounds half away from zero
        #expect(CMTimeMultiplyByFloat64(t, multiplier: 0.5) == CMTimeMake(value: 5, timescale: 30))
        let fine = CMTimeMake(value: 1001, timescale: 30000)
        #expect(fine.convertScale(600, method: .roundHalfAwayFromZero).value == 20)    // 20.02
        #expect(fine.convertScale(600, method: .roundTowardPositiveInfinity).value == 21)
        #expect(CMTimeMake(value: -1001, timescale: 30000).convertScale(600, method: .roundTowardNegativeInfinity).value == -21)
        #expect(CMTimeMake(value: -1001, timescale: 30000).convertScale(600, method: .roundTowardZero).value == -20)
        #expect(CMTimeConvertScale(fine, timescale: 600, method: .default).hasBeenRounded)
        #expect(CMTimeAbsoluteValue(CMTimeMake(value: -3, timescale: 2)) == CMTimeMake(value: 3, timescale: 2))
        #expect(CMTimeMinimum(t, .positiveInfinity) == t && CMTimeMaximum(t, .negativeInfinity) == t)
        #expect("\(CMTimeMake(value: 1, timescale: 30))" == "{1/30 = 0.033}")
    }

    @Test func timeRanges() {
        let range = CMTimeRange(start: CMTimeMake(value: 1, timescale: 1), duration: CMTimeMake(value: 2, timescale: 1))
        #expect(range.end == CMTimeMake(value: 3, timescale: 1))
        #expect(range.containsTime(CMTimeMake(value: 1, timescale: 1)))
        #expect(!range.containsTime(CMTimeMake(value: 3, timescale: 1)))         // the end is not in the range
        #expect(range.containsTimeRange(CMTimeRange(start: CMTimeMake(value: 2, timescale: 1), end: CMTimeMake(value: 3, timescale: 1))))
        let other = CMTimeRange(start: CMTimeMake(value: 2, timescale: 1), duration: CMTimeMake(value: 5, timescale: 1))
        #expect(range.intersection(other) == CMTimeRange(start: CMTimeMake(value: 2, timescale: 1), end: CMTimeMake(value: 3, timescale: 1)))
        #expect(range.union(other) == CMTimeRange(start: CMTimeMake(value: 1, timescale: 1), end: CMTimeMake(value: 7, timescale: 1)))
        let apart = CMTimeRange(start: CMTimeMake(value: 10, timescale: 1), duration: CMTimeMake(value: 1, timescale: 1))
        #expect(range.intersection(apart) == .zero)
        #expect(CMTimeRange.zero.isEmpty && CMTimeRange.zero.isValid && !CMTimeRange.invalid.isValid)
        #expect(!CMTimeRange(start: .zero, duration: CMTimeMake(value: -1, timescale: 1)).isValid)
        #expect(CMTimeClampToRange(CMTimeMake(value: 9, timescale: 1), range: range) == range.end)
    }
}
