import Foundation

/// Keys for `CIContext` options, with Apple's raw values.
public struct CIContextOption: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// Creates an option key from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The working colour space (`CGColorSpace`, default extended linear sRGB), or `NSNull()` to turn colour
    /// management off.
    public static let workingColorSpace = CIContextOption(rawValue: "working_color_space")
    /// The format of intermediate buffers (`CIFormat` or its raw value): `.RGBAh` (default) or `.RGBAf`
    /// (`.RGBA8`, `.BGRA8` accepted: 8-bit intermediates).
    public static let workingFormat = CIContextOption(rawValue: "working_format")
    /// The default destination colour space (`CGColorSpace`, default sRGB), or `NSNull()` for no conversion.
    public static let outputColorSpace = CIContextOption(rawValue: "output_color_space")
    /// Whether intermediates are cached between renders (default `true`).
    public static let cacheIntermediates = CIContextOption(rawValue: "kCIContextCacheIntermediates")
    /// Background priority: this port then renders on at most half of the render threads.
    public static let priorityRequestLow = CIContextOption(rawValue: "priority_request_low")
    /// Accepted for compatibility; rendering is always on the CPU here.
    public static let useSoftwareRenderer = CIContextOption(rawValue: "software_renderer")
    /// Whether downsampling uses a high-quality (Lanczos) filter (accepted; applies to `transformed(by:highQualityDownsample:)`).
    public static let highQualityDownsample = CIContextOption(rawValue: "high_quality_downsample")
    /// Whether outputs with alpha are premultiplied (default `true`).
    public static let outputPremultiplied = CIContextOption(rawValue: "output_premultiplied")
    /// A name shown in `CI_PRINT_TREE` output.
    public static let name = CIContextOption(rawValue: "name")
    /// Accepted for compatibility.
    public static let allowLowPower = CIContextOption(rawValue: "kCIContextAllowLowPower")
    /// Bytes of intermediates the context may cache (default 512 MB).
    public static let memoryTarget = CIContextOption(rawValue: "memory_limit")
    /// Not Apple's: seconds each render of the context may take (a number); a render past it stops between
    /// tiles and fails (`CIContext` methods then return nil or throw). Default: no limit.
    public static let renderTimeLimit = CIContextOption(rawValue: "render_time_limit")
    /// Not Apple's: a `CIRenderCancellation` whose `cancel()` stops the context's renders between tiles.
    public static let renderCancellation = CIContextOption(rawValue: "render_cancellation")
}
