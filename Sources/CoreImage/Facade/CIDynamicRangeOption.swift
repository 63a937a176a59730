import Foundation

/// The dynamic range a `CISystemToneMap` maps to (its `preferredDynamicRange`), with Apple's raw values
/// (`kCIDynamicRangeStandard`, `kCIDynamicRangeConstrainedHigh`, `kCIDynamicRangeHigh`).
public struct CIDynamicRangeOption: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// Creates an option from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Standard dynamic range: values are tone mapped to at most 1.
    public static let standard = CIDynamicRangeOption(rawValue: "kCIDynamicRangeStandard")
    /// Extended dynamic range, limited so HDR content sits well beside SDR content. Here the target headroom is
    /// the square root of the display headroom (half its stops); Apple's modulation is unpublished.
    public static let constrainedHigh = CIDynamicRangeOption(rawValue: "kCIDynamicRangeConstrainedHigh")
    /// High dynamic range: the display's whole headroom.
    public static let high = CIDynamicRangeOption(rawValue: "kCIDynamicRangeHigh")
}
