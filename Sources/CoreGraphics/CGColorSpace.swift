import Foundation

/// A colour space: how component values map to colours, backed by an ICC profile.
///
/// Named spaces are built from their published primaries, white point and transfer function and carry
/// a generated ICC profile; spaces made from ICC data keep those bytes. Instances are immutable and
/// thread-safe. Differences from Apple: names are `String` (Apple: `CFString`) and ICC data is `Data`
/// (Apple: `CFData`); `CGColorSpaceCreateDeviceRGB()` is sRGB and `CGColorSpaceCreateDeviceGray()` is
/// gamma-2.2 gray, since Linux has no display profile.
public final class CGColorSpace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The colour space's name for named spaces, `nil` for spaces made from ICC data.
    public let name: String?
    /// The colour model (RGB, monochrome, CMYK, Lab…).
    public let model: CGColorSpaceModel
    /// The ICC profile describing the space.
    package let iccData: Data
    /// Matrix-shaper maths for the space, `nil` when the profile is LUT-based (use Little CMS with `iccData`).
    package let colorimetry: ColorColorimetry?
    /// Whether values outside [0, 1] are meaningful (extended-range spaces).
    package let extendedRange: Bool

    init(name: String?, model: CGColorSpaceModel, iccData: Data, colorimetry: ColorColorimetry?, extendedRange: Bool) {
        self.name = name
        self.model = model
        self.iccData = iccData
        self.colorimetry = colorimetry
        self.extendedRange = extendedRange
    }

    /// Creates a named colour space, or `nil` when the name is not one this port knows (see the `static let`s).
    public convenience init?(name: String) {
        guard let definition = NamedColorSpaces.definition(named: name),
              let built = ICCProfileBuilder.build(definition) else { return nil }
        self.init(name: name, model: definition.isGray ? .monochrome : .rgb, iccData: built.icc,
                  colorimetry: built.colorimetry, extendedRange: definition.transfer.extendedRange)
    }

    /// Creates a colour space from an ICC profile, or `nil` when the data is not a valid profile.
    public convenience init?(iccData: Data) {
        guard let parsed = ICCProfileReader.read(iccData) else { return nil }
        self.init(name: nil, model: parsed.model, iccData: iccData, colorimetry: parsed.colorimetry, extendedRange: false)
    }

    /// The ICC profile of the space.
    public func copyICCData() -> Data? { iccData }

    /// The number of colour components (3 for RGB, 1 for gray, 4 for CMYK), without alpha.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: 1
        case .cmyk: 4
        case .rgb, .lab, .XYZ: 3
        default: 3
        }
    }

    /// Whether the space can be a rendering destination (every space this port creates can).
    public var supportsOutput: Bool { model == .rgb || model == .monochrome || model == .cmyk }

    /// Whether the RGB gamut is noticeably wider than sRGB's.
    public var isWideGamutRGB: Bool {
        guard model == .rgb, let colorimetry, let srgb = CGColorSpace(name: CGColorSpace.sRGB)?.colorimetry else { return false }
        // Compare the gamut triangle areas in XYZ's xy chromaticity plane.
        func area(_ c: ColorColorimetry) -> Double {
            let points = (0..<3).map { column -> (Double, Double) in
                let (x, y, z) = (c.rgbToXYZ[column], c.rgbToXYZ[3 + column], c.rgbToXYZ[6 + column])
                let sum = x + y + z
                return (x / sum, y / sum)
            }
            return abs((points[1].0 - points[0].0) * (points[2].1 - points[0].1)
                       - (points[2].0 - points[0].0) * (points[1].1 - points[0].1)) / 2
        }
        return area(colorimetry) > area(srgb) * 1.1
    }

    /// Whether the space is a high-dynamic-range space (none of this port's named spaces are).
    public func isHDR() -> Bool { false }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs === rhs || (lhs.name != nil && lhs.name == rhs.name) || (lhs.name == nil && rhs.name == nil && lhs.iccData == rhs.iccData)
    }

    public func hash(into hasher: inout Hasher) {
        if let name { hasher.combine(name) } else { hasher.combine(iccData) }
    }

    public var description: String { "<CGColorSpace \(name ?? "ICC profile, \(iccData.count) bytes")>" }
}

/// Whether the space keeps values outside [0, 1].
public func CGColorSpaceUsesExtendedRange(_ space: CGColorSpace) -> Bool { space.extendedRange }

/// The device RGB space. On Linux this is sRGB (there is no display profile).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: CGColorSpace.sRGB)! }

/// The device gray space. On Linux this is gamma-2.2 gray.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)! }
