import Foundation

/// `NSValue` boxes of times and ranges, as AVFoundation adds them (image-generator times are `[NSValue]`).
///
/// swift-corelibs-foundation's `NSValue` cannot hold arbitrary structs, so the fields travel bit for bit in the
/// four 64-bit slots of an `NSRect` box. Difference from Apple: a range keeps its start's and duration's epochs
/// only when they are 0 (the normal case); other epochs read back as 0.
extension NSValue {
    /// Marks a rect box as a `CMTime` (the fourth slot).
    private static let timeTag = Double(bitPattern: 0x434D_5469_6D65_0001)

    private static func pack(_ time: CMTime) -> (Double, Double) {
        (Double(bitPattern: UInt64(bitPattern: time.value)),
         Double(bitPattern: UInt64(UInt32(bitPattern: time.timescale)) << 32 | UInt64(time.flags.rawValue)))
    }

    private static func unpack(_ value: Double, _ scaleAndFlags: Double, epoch: Int64 = 0) -> CMTime {
        let packed = scaleAndFlags.bitPattern
        return CMTime(value: Int64(bitPattern: value.bitPattern), timescale: Int32(bitPattern: UInt32(truncatingIfNeeded: packed >> 32)),
                      flags: CMTimeFlags(rawValue: UInt32(truncatingIfNeeded: packed)), epoch: epoch)
    }

    /// A box holding `time`.
    public convenience init(time: CMTime) {
        let (value, scale) = NSValue.pack(time)
        self.init(rect: NSRect(x: value, y: scale, width: Double(bitPattern: UInt64(bitPattern: time.epoch)), height: NSValue.timeTag))
    }

    /// The time in a box made by `init(time:)`; `.invalid` for any other box.
    public var timeValue: CMTime {
        guard String(cString: objCType) == String(cString: NSValue(rect: .zero).objCType) else { return .invalid }
        let r = rectValue
        guard Double(r.size.height).bitPattern == NSValue.timeTag.bitPattern else { return .invalid }
        return NSValue.unpack(Double(r.origin.x), Double(r.origin.y), epoch: Int64(bitPattern: Double(r.size.width).bitPattern))
    }

    /// A box holding `timeRange` (see the note on epochs).
    public convenience init(timeRange: CMTimeRange) {
        let (startValue, startScale) = NSValue.pack(timeRange.start)
        let (durationValue, durationScale) = NSValue.pack(timeRange.duration)
        self.init(edgeInsets: NSEdgeInsets(top: startValue, left: startScale, bottom: durationValue, right: durationScale))
    }

    /// The range in a box made by `init(timeRange:)`; `.invalid` for any other box.
    public var timeRangeValue: CMTimeRange {
        guard String(cString: objCType) == String(cString: NSValue(edgeInsets: NSEdgeInsets()).objCType) else { return .invalid }
        let e = edgeInsetsValue
        return CMTimeRange(start: NSValue.unpack(Double(e.top), Double(e.left)), duration: NSValue.unpack(Double(e.bottom), Double(e.right)))
    }
}
