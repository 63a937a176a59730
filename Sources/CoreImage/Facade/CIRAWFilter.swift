import Foundation
import ImageIO
import Synchronization

private let sensorSerials = Atomic<UInt64>(0)

/// A filter that develops a camera RAW or DNG file (iOS 15's `CIRAWFilter`).
///
/// LibRaw unpacks the sensor data; the development is this package's own, a lazy graph like any other Core
/// Image recipe, rendered in tiles: black and white levels, white balance with highlight recovery, demosaic,
/// the camera's matrix into linear light, `exposure` + `baselineExposure`, the `linearSpaceFilter`, gamut
/// mapping, the boost tone curve, `scaleFactor` and `orientation` (see ``CIRAWDecoderVersion/photoKitLinux2``). Every adjustable
/// property starts at the file's own default (as-shot white balance, the file's orientation and baseline
/// exposure). Filters are mutable and not thread-safe; their output images are immutable.
///
/// Differences from Apple: the initialisers return `nil` for files that are not RAW, are damaged, or whose sensor
/// is not an RGB Bayer mosaic (X-Trans, monochrome, linear DNG: not supported yet); moiré reduction, local tone
/// mapping, lens correction and extended dynamic range are not supported yet — their `is…Supported` properties
/// say so and their amounts stay 0, as Apple's do for a file that does not support them. Apple's decoder
/// versions are not available (see ``CIRAWDecoderVersion``). There is no `init?(cvPixelBuffer:properties:)`:
/// Core Video's pixel buffers (a capture session's Bayer RAW) do not exist on Linux, as for `CIImage`.
public final class CIRAWFilter: CIFilter {
    package let sensor: RAWSensorData
    let serial: UInt64
    private let fileProperties: [AnyHashable: Any]
    /// The file's bytes (mapped where possible), for the embedded preview; empty for a filter over sensor data.
    private let fileData: Data
    /// The white balance as camera multipliers; temperature, tint and chromaticity are views of it.
    var whiteBalance: RAWWhiteBalance

    // MARK: Creating a RAW filter

    /// A filter developing the RAW or DNG file at `url`, or `nil` (see the type's discussion).
    public convenience init?(imageURL url: URL) {
        guard let data = FileMapping.map(url.path) ?? (try? Data(contentsOf: url, options: .mappedIfSafe)) else { return nil }
        self.init(imageData: data, identifierHint: url.pathExtension.isEmpty ? nil : url.pathExtension)
    }

    /// A filter developing RAW or DNG bytes, or `nil`. `identifierHint` (a type identifier or extension) is
    /// accepted but not needed: the bytes identify the format.
    public convenience init?(imageData data: Data, identifierHint: String?) {
        guard let sensor = try? RAWSensorData.unpack(data) else { return nil }
        self.init(sensor: sensor, data: data)
    }

    /// Beyond Apple: `init(imageData:identifierHint:)` that throws why the bytes cannot be developed (an
    /// `ImageIOError` naming the reason: not RAW, truncated, an unsupported sensor, over the size limits).
    public static func developing(_ data: Data, identifierHint: String?) throws -> CIRAWFilter {
        CIRAWFilter(sensor: try RAWSensorData.unpack(data), data: data)
    }

    /// A filter developing sensor data already unpacked (synthetic sensors in tests); no file properties.
    package convenience init(sensor: RAWSensorData) { self.init(sensor: sensor, data: Data()) }

    private init(sensor: RAWSensorData, data: Data) {
        self.sensor = sensor
        fileData = data
        serial = sensorSerials.add(1, ordering: .relaxed).newValue
        // The sensor was just unpacked from these bytes: the probe's verdict on them need not be looked up again.
        fileProperties = RAWSensorData.readingUnpacked(data) {
            CGImageSourceCreateWithData(data, nil).flatMap { CGImageSourceCopyPropertiesAtIndex($0, 0, nil) as? [AnyHashable: Any] } ?? [:]
        }
        whiteBalance = RAWWhiteBalance(multipliers: sensor.asShotMultipliers)
        orientation = sensor.orientation
        baselineExposure = sensor.baselineExposure
        super.init()
        name = "CIRAWFilter"
    }

    /// The camera models whose files can be developed ("Make Model", LibRaw's list).
    public class var supportedCameraModels: [String] { RAWSensorData.supportedCameraModels }

    // MARK: Versions and properties

    /// The pipeline versions available for this file, newest first.
    public var supportedDecoderVersions: [CIRAWDecoderVersion] { [.photoKitLinux2, .photoKitLinux1] }
    /// The newest pipeline version: what a new filter uses, and what a stored edit names when none is given.
    package static let newestDecoderVersion: CIRAWDecoderVersion = .photoKitLinux2
    /// The pipeline version used (default: the newest); a version not in `supportedDecoderVersions` gives no output image.
    public var decoderVersion: CIRAWDecoderVersion = CIRAWFilter.newestDecoderVersion
    /// The file's image properties (ImageIO's dictionary: `{TIFF}`, `{Exif}`, `{GPS}`, size, orientation).
    public var properties: [AnyHashable: Any] { fileProperties }
    /// The size of the sensor's visible area, before orientation and scaling.
    public var nativeSize: CGSize { CGSize(width: sensor.width, height: sensor.height) }

    // MARK: Geometry and quality

    /// How the output is turned (default: the file's orientation, so the output is upright).
    public var orientation: CGImagePropertyOrientation
    /// Output scale relative to `nativeSize`, 0 < scale ≤ 1 (default 1). At 0.5 and below the sensor is
    /// developed at half size first (no interpolation), then resampled (Lanczos).
    public var scaleFactor: Float = 1
    /// Whether draft mode is on: a faster demosaic (bilinear) for previews.
    public var isDraftModeEnabled = false

    // MARK: Exposure and tone

    /// Exposure adjustment in EV, applied in linear light (default 0).
    public var exposure: Float = 0
    /// The file's baseline exposure in EV (DNG `BaselineExposure`; 0 for other files), added to `exposure`.
    public var baselineExposure: Float
    /// How much of the base tone curve is applied, 0…1 (default 1; 0 leaves the linear development).
    public var boostAmount: Float = 1
    /// Shadow boost of the tone curve, 0…2 (default 1): below 1 darkens shadows, above lightens them. No
    /// effect when `boostAmount` is 0.
    public var boostShadowAmount: Float = 1
    /// A filter applied to the linear, scene-referred image after demosaic and exposure, before the tone
    /// curve (its `inputImage` is set by the development).
    public var linearSpaceFilter: CIFilter?

    // MARK: Noise

    /// Whether colour noise reduction is supported (it is, for every Bayer file).
    public var isColorNoiseReductionSupported: Bool { true }
    /// Colour noise reduction, 0…1 (default 0; Apple picks a per-camera default): chroma is smoothed with a
    /// Gaussian of σ = amount × 6 native pixels while luminance is kept exactly (see `ChromaNoiseReduction`).
    public var colorNoiseReductionAmount: Float = 0

    /// The amount subtracted from the shadows, 0..<1 of the linear luminance (default 0; Apple picks a per-image
    /// default): luminance at or below it turns black and the rest is stretched so white stays white, each pixel
    /// keeping its hue (`RAWToneStages.shadowBiased`). Applied after exposure, before the linear-space filter.
    public var shadowBias: Float = 0

    /// Whether out-of-gamut colours are mapped into the working space's gamut (towards grey of the same
    /// luminance) rather than clipped, before the tone curve (`RAWToneStages.gamutMapped`). Default: `true`, as
    /// Apple's, from `PhotoKitLinux.2` on; `false` for `PhotoKitLinux.1`, whose output is frozen as released.
    /// Until it is set, the default follows `decoderVersion`.
    public var isGamutMappingEnabled: Bool {
        get { gamutMappingChoice ?? (decoderVersion != .photoKitLinux1) }
        set { gamutMappingChoice = newValue }
    }
    private var gamutMappingChoice: Bool?

    /// Whether luminance noise reduction is supported (it is, for every Bayer file).
    public var isLuminanceNoiseReductionSupported: Bool { true }
    /// Luminance noise reduction, 0…1 (default 0; Apple picks a per-camera default): an edge-preserving (guided)
    /// filter of the encoded luminance flattens grain below about 6% × amount of the range (see `RAWLuminance`).
    /// Applied after the linear-space filter.
    public var luminanceNoiseReductionAmount: Float = 0

    /// Whether local contrast is supported (it is, for every Bayer file).
    public var isContrastSupported: Bool { true }
    /// Local contrast, 0…1 (default 0; Apple picks a per-camera default): the luminance gains amount × 0.75 × its
    /// difference from a wide edge-preserving blur of itself, so transitions between areas steepen without halos.
    public var contrastAmount: Float = 0

    /// Whether detail enhancement is supported (it is, for every Bayer file).
    public var isDetailSupported: Bool { true }
    /// Detail enhancement, 0…3 (default 0; Apple picks a per-camera default): fine luminance detail beyond a small
    /// threshold (so flat grain is not amplified) is added back amount × 0.5 times.
    public var detailAmount: Float = 0

    /// Whether sharpening is supported (it is, for every Bayer file).
    public var isSharpnessSupported: Bool { true }
    /// Sharpening, 0…1 (default 0; Apple picks a per-camera default): luminance sharpening (`CISharpenLuminance`,
    /// radius 1.69 × `scaleFactor`, sharpness = amount) after the linear-space filter, before the tone curve.
    public var sharpnessAmount: Float = 0

    // MARK: White balance

    /// The temperature (kelvin) considered neutral; default: the camera's as-shot white balance. Setting it
    /// keeps the tint.
    public var neutralTemperature: Float {
        get { Float(temperatureAndTint.temperature) }
        set { setTemperature(Double(newValue), tint: temperatureAndTint.tint) }
    }

    /// The tint considered neutral, −150…150 (positive: the light is greener than the Planckian locus and the
    /// picture is corrected towards magenta; daylight is about +10). Setting it keeps the temperature.
    public var neutralTint: Float {
        get { Float(temperatureAndTint.tint) }
        set { setTemperature(temperatureAndTint.temperature, tint: Double(newValue)) }
    }

    /// The CIE xy chromaticity of the light considered neutral.
    public var neutralChromaticity: CGPoint {
        get { whiteBalance.chromaticity(xyzToCamera: sensor.xyzToCamera) ?? CGPoint(x: 0.3127, y: 0.3290) }
        set { if let balance = RAWWhiteBalance(chromaticity: newValue, xyzToCamera: sensor.xyzToCamera) { whiteBalance = balance } }
    }

    /// A point of the output image (coordinates of `outputImage` as currently configured) whose colour becomes
    /// neutral: setting it measures the sensor around the point (15×15 photosites, saturated ones ignored) and
    /// sets the white balance from it. Reading it returns the last point set (default: the centre).
    public var neutralLocation: CGPoint {
        get { location ?? CGPoint(x: outputSize.width / 2, y: outputSize.height / 2) }
        set {
            location = newValue
            if let balance = RAWNeutralSample.whiteBalance(sensor, at: nativePoint(newValue)) { whiteBalance = balance }
        }
    }
    private var location: CGPoint?

    // MARK: Highlights, and stages not supported yet

    /// Whether highlight recovery is supported (it is, for every Bayer file).
    public var isHighlightRecoverySupported: Bool { true }
    /// Whether highlights are recovered: each channel is kept up to its own saturation instead of being clipped
    /// where the first channel clips, and pixels near clipping blend towards neutral at their largest channel's
    /// value, so over-exposed areas turn white rather than magenta or yellow and a negative `exposure` brings
    /// back the detail the unclipped channels hold (`HighlightRecovery`). Values above 1 then reach the
    /// `linearSpaceFilter`; the boost tone curve clips them. Default: `true` from `PhotoKitLinux.2` on (Apple's
    /// pipelines recover too), `false` for `PhotoKitLinux.1`, whose output is frozen as released; until it is
    /// set, the default follows `decoderVersion`.
    public var isHighlightRecoveryEnabled: Bool {
        get { highlightRecoveryChoice ?? (decoderVersion != .photoKitLinux1) }
        set { highlightRecoveryChoice = newValue }
    }
    private var highlightRecoveryChoice: Bool?
    /// Whether lens correction is supported (not yet).
    public var isLensCorrectionSupported: Bool { false }
    /// Whether lens correction is on (always false: not supported yet).
    public var isLensCorrectionEnabled: Bool { get { false } set {} }
    /// Whether moiré reduction is supported (not yet).
    public var isMoireReductionSupported: Bool { false }
    /// Moiré reduction (stays 0: not supported yet).
    public var moireReductionAmount: Float { get { 0 } set {} }
    /// Whether local tone mapping is supported (not yet).
    public var isLocalToneMapSupported: Bool { false }
    /// Local tone mapping (stays 0: not supported yet).
    public var localToneMapAmount: Float { get { 0 } set {} }
    /// The largest extended-dynamic-range amount (0: output is standard range).
    public var maximumExtendedDynamicRangeAmount: Float { 0 }
    /// Extended dynamic range (stays 0).
    public var extendedDynamicRangeAmount: Float { get { 0 } set {} }
    /// The preview the file embeds (usually the camera's JPEG), upright per the file's orientation, or `nil` when
    /// it has none. It is the camera's rendering, not this development: useful as a placeholder while the
    /// development renders. (Apple: "an optional auxiliary image that represents a preview of the original image".)
    public var previewImage: CIImage? {
        guard !fileData.isEmpty, let source = CGImageSourceCreateWithData(fileData, nil),
              let preview = CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailWithTransform: true] as CFDictionary)
        else { return nil }
        return CIImage(cgImage: preview)
    }

    /// Auxiliary mattes: RAW files carry none here.
    public var portraitEffectsMatte: CIImage? { nil }
    /// The semantic segmentation skin matte (`nil`).
    public var semanticSegmentationSkinMatte: CIImage? { nil }
    /// The semantic segmentation hair matte (`nil`).
    public var semanticSegmentationHairMatte: CIImage? { nil }
    /// The semantic segmentation glasses matte (`nil`).
    public var semanticSegmentationGlassesMatte: CIImage? { nil }
    /// The semantic segmentation sky matte (`nil`).
    public var semanticSegmentationSkyMatte: CIImage? { nil }
    /// The semantic segmentation teeth matte (`nil`).
    public var semanticSegmentationTeethMatte: CIImage? { nil }

    // MARK: The RAW keys (pre-iOS 15 interface)

    /// The input keys of the RAW interface (`kCIInputEVKey`, `kCIInputNeutralTemperatureKey`…).
    public override var inputKeys: [String] { Self.legacyKeys }

    /// Sets the property a RAW key stands for (see `CIRAWFilterOption`); numbers are converted as Core Image
    /// converts them and a value of the wrong type is ignored; read-only and not-yet-supported keys are ignored;
    /// an unknown key traps naming it (Apple raises `NSUnknownKeyException`).
    public override func setValue(_ value: Any?, forKey key: String) { setLegacyValue(value, forKey: key) }

    /// The value of a RAW key (`NSNumber`s, `CIVector`s for the location and native size, the decoder version's
    /// string), `outputImage` for `kCIOutputImageKey`, `nil` for an unknown key.
    public override func value(forKey key: String) -> Any? { legacyValue(forKey: key) }

    // MARK: Output

    /// The developed image (linear working space, extended range), upright per `orientation`, scaled by
    /// `scaleFactor`; `nil` for an unsupported `decoderVersion`, a scale outside (0, 1] or a linear-space
    /// filter without output.
    public override var outputImage: CIImage? {
        guard supportedDecoderVersions.contains(decoderVersion), scaleFactor > 0, scaleFactor <= 1, scaleFactor.isFinite else { return nil }
        var image = RAWDevelopment.demosaiced(self)
        if colorNoiseReductionAmount > 0 { image = ChromaNoiseReduction.apply(image, amount: colorNoiseReductionAmount, scale: scaleFactor) }
        let ev = exposure + baselineExposure
        if ev != 0 { image = image.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: ev]) }
        image = RAWToneStages.shadowBiased(image, bias: shadowBias)
        if let linearSpaceFilter {
            linearSpaceFilter.setValue(image, forKey: kCIInputImageKey)
            guard let filtered = linearSpaceFilter.outputImage else { return nil }
            image = filtered
        }
        image = RAWLuminance.apply(image, noiseReduction: luminanceNoiseReductionAmount, contrast: contrastAmount,
                                   detail: detailAmount, scale: scaleFactor)
        if sharpnessAmount > 0 {
            let extent = image.extent
            image = image.clampedToExtent().applyingFilter("CISharpenLuminance", parameters: [
                kCIInputSharpnessKey: min(sharpnessAmount, 1), kCIInputRadiusKey: 1.69 * Double(scaleFactor),
            ]).cropped(to: extent)
        }
        if isGamutMappingEnabled { image = RAWToneStages.gamutMapped(image) }
        if boostAmount > 0 { image = RAWDevelopment.boosted(image, amount: min(boostAmount, 1), shadows: min(max(boostShadowAmount, 0), 2)) }
        image = image.oriented(orientation)
        return CIImage(image: image.image, properties: fileProperties as? [String: Any] ?? [:])
    }

    /// The size of `outputImage` as currently configured.
    private var outputSize: CGSize {
        let scaled = CGSize(width: nativeSize.width * CGFloat(scaleFactor), height: nativeSize.height * CGFloat(scaleFactor))
        switch orientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: scaled.height, height: scaled.width)
        default: return scaled
        }
    }

    /// A point of the output image mapped back to the native sensor image (y-up, unscaled).
    private func nativePoint(_ point: CGPoint) -> CGPoint {
        let scale = CGFloat(scaleFactor > 0 ? scaleFactor : 1)
        let scaled = CIImage(color: .black).cropped(to: CGRect(x: 0, y: 0, width: nativeSize.width * scale, height: nativeSize.height * scale))
        let turned = point.applying(scaled.orientationTransform(for: orientation).inverted())
        return CGPoint(x: turned.x / scale, y: turned.y / scale)
    }

    private var temperatureAndTint: (temperature: Double, tint: Double) {
        whiteBalance.temperatureAndTint(xyzToCamera: sensor.xyzToCamera) ?? (6_500, 0)
    }

    private func setTemperature(_ temperature: Double, tint: Double) {
        guard temperature.isFinite, tint.isFinite,
              let balance = RAWWhiteBalance(temperature: temperature, tint: min(max(tint, -150), 150), xyzToCamera: sensor.xyzToCamera) else { return }
        whiteBalance = balance
    }
}
