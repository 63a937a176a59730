import ArgumentParser
import CoreImage
import Foundation
import ImageIO

/// `photos image develop IN OUT [--exposure EV] [--temperature K] [--tint T] [--boost X] [--boost-shadows X]
/// [--noise-reduction X] [--color-noise-reduction X] [--contrast X] [--detail X] [--sharpness X] [--scale S] [--draft] [--highlight-recovery] [--decoder-version V] [--format jpeg|heic|tiff|png16] [--quality Q]`: develops a RAW or
/// DNG file with `CIRAWFilter` (this package's pipeline) and writes it in sRGB (16 bits per channel for png16 and
/// tiff). Unset options keep the file's defaults (as-shot white balance, its orientation and baseline exposure).
struct ImageDevelopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "develop", abstract: "Develop a RAW or DNG file (CIRAWFilter).",
        discussion: "Example: photos image develop IMG_0001.DNG out.jpg --exposure 0.5 --temperature 5200 --scale 0.5")

    @Argument(help: "The RAW or DNG file to read.") var input: String
    @Argument(help: "The image to write.") var output: String
    @Option(parsing: .unconditional, help: "Exposure adjustment in EV (negative values as --exposure -1).") var exposure: Float?
    @Option(help: "Temperature considered neutral, in kelvin (default: as shot).") var temperature: Float?
    @Option(parsing: .unconditional, help: "Tint considered neutral, -150…150 (default: as shot).") var tint: Float?
    @Option(help: "Tone curve amount, 0…1 (default 1).") var boost: Float?
    @Option(help: "Shadow boost, 0…2 (default 1).") var boostShadows: Float?
    @Option(help: "Luminance noise reduction, 0…1 (default 0).") var noiseReduction: Float?
    @Option(help: "Colour noise reduction, 0…1 (default 0).") var colorNoiseReduction: Float?
    @Option(help: "Local contrast, 0…1 (default 0).") var contrast: Float?
    @Option(help: "Detail enhancement, 0…3 (default 0).") var detail: Float?
    @Option(help: "Sharpening, 0…1 (default 0).") var sharpness: Float?
    @Option(help: "Output scale, 0 < S ≤ 1 (default 1).") var scale: Float?
    @Flag(help: "Draft mode: the faster demosaic.") var draft = false
    @Flag(help: "Recover highlights: keep what unclipped channels measured, clipped areas neutral.") var highlightRecovery = false
    @Option(help: "Pipeline version (default: the newest).") var decoderVersion: String?
    @Option(help: "Output format: jpeg, heic, tiff or png16 (default: OUT's suffix).") var format: String?
    @Option(help: "Lossy quality, 1–100.") var quality = 90

    /// What OUT becomes: 16 bits per channel for png16 and TIFF.
    var destination: ImageFileOutput {
        ImageFileOutput(format: format, path: output, sixteenBitByDefault: (format ?? (output as NSString).pathExtension).lowercased().hasPrefix("tif"))
    }

    func validate() throws {
        guard destination.type != nil else { throw ValidationError("cannot write '\(format ?? (output as NSString).pathExtension)': use jpeg, heic, tiff or png16") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100") }
        if let scale { guard scale > 0, scale <= 1 else { throw ValidationError("--scale must be above 0 and at most 1") } }
        if let boost { guard (0...1).contains(boost) else { throw ValidationError("--boost must be between 0 and 1") } }
        if let boostShadows { guard (0...2).contains(boostShadows) else { throw ValidationError("--boost-shadows must be between 0 and 2") } }
        if let sharpness { guard (0...1).contains(sharpness) else { throw ValidationError("--sharpness must be between 0 and 1") } }
        if let colorNoiseReduction { guard (0...1).contains(colorNoiseReduction) else { throw ValidationError("--color-noise-reduction must be between 0 and 1") } }
        if let noiseReduction { guard (0...1).contains(noiseReduction) else { throw ValidationError("--noise-reduction must be between 0 and 1") } }
        if let contrast { guard (0...1).contains(contrast) else { throw ValidationError("--contrast must be between 0 and 1") } }
        if let detail { guard (0...3).contains(detail) else { throw ValidationError("--detail must be between 0 and 3") } }
        if let tint { guard (-150...150).contains(tint) else { throw ValidationError("--tint must be between -150 and 150") } }
        if let temperature { guard (1_000...15_000).contains(temperature) else { throw ValidationError("--temperature must be between 1000 and 15000 K") } }
        if let exposure { guard exposure.isFinite, abs(exposure) <= 10 else { throw ValidationError("--exposure must be between -10 and 10 EV") } }
    }

    func run() throws {
        let url = URL(fileURLWithPath: input)
        // Mapped (pages populated up front): a 36 MB DNG costs a few milliseconds instead of a copy.
        guard let data = FileMapping.map(url.path) ?? (try? Data(contentsOf: url, options: .mappedIfSafe)) else {
            throw CommandError("\(input): cannot be read")
        }
        let filter: CIRAWFilter
        do {
            filter = try CIRAWFilter.developing(data, identifierHint: url.pathExtension)
        } catch {
            throw CommandError("\(input): \(error)")
        }
        if let decoderVersion {
            let version = CIRAWDecoderVersion(rawValue: decoderVersion)
            guard filter.supportedDecoderVersions.contains(version) else {
                throw ValidationError("decoder version '\(decoderVersion)' is not available (available: \(filter.supportedDecoderVersions.map(\.rawValue).joined(separator: ", ")))")
            }
            filter.decoderVersion = version
        }
        if let exposure { filter.exposure = exposure }
        if let temperature { filter.neutralTemperature = temperature }
        if let tint { filter.neutralTint = tint }
        if let boost { filter.boostAmount = boost }
        if let boostShadows { filter.boostShadowAmount = boostShadows }
        if let scale { filter.scaleFactor = scale }
        if let colorNoiseReduction { filter.colorNoiseReductionAmount = colorNoiseReduction }
        if let noiseReduction { filter.luminanceNoiseReductionAmount = noiseReduction }
        if let contrast { filter.contrastAmount = contrast }
        if let detail { filter.detailAmount = detail }
        if let sharpness { filter.sharpnessAmount = sharpness }
        filter.isDraftModeEnabled = draft
        filter.isHighlightRecoveryEnabled = highlightRecovery
        guard let image = filter.outputImage else { throw CommandError("\(input): the development produced no image") }
        let context = CIContext(options: [.cacheIntermediates: false, .name: "photos image develop"])
        try destination.write(image, to: output, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!, quality: quality, context: context)
    }
}
