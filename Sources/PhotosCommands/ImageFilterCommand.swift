import ArgumentParser
import CoreImage
import Foundation

/// `photos image filter IN OUT --filter NAME key=value… [--filter …] [--format jpeg|png|heic|tiff] [--quality 1-100]
/// [--color-space NAME]`: a Core Image pipeline on a file, the peer of a `vips` pipeline. The input is read upright
/// (orientation applied); filters apply in order; blur and sharpen filters see the image's edges repeated (as vips
/// does) and are cropped back to it; the output is rendered once, tiled on every core, in the input's colour space
/// unless `--color-space` says otherwise, and encoded with ImageIO (ICC profile embedded).
struct ImageFilterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter", abstract: "Run Core Image filters on an image file (like a vips pipeline).",
        discussion: "Example: photos image filter in.jpg out.jpg --filter CIExposureAdjust inputEV=0.5 --filter CISepiaTone intensity=0.8")

    @Argument(help: "The image to read.") var input: String
    @Argument(help: "The image to write.") var output: String
    @Option(parsing: .upToNextOption, help: "A filter name followed by its key=value parameters; repeat for a chain.")
    var filter: [String] = []
    @Option(help: "Output format: jpeg, png, heic or tiff (default: OUT's suffix).") var format: String?
    @Option(help: "Lossy quality, 1–100.") var quality = 90
    @Option(help: "Output colour space, e.g. sRGB, displayP3, adobeRGB1998 (default: the input's).") var colorSpace: String?
    @Option(help: "Seconds the render may take before it is stopped.") var deadline: Double = 120

    /// One step of the chain as given on the command line.
    struct Step { var name: String; var parameters: [(String, String)] }

    var steps: [Step] {
        var steps: [Step] = []
        for token in filter {
            if let equals = token.firstIndex(of: "="), !steps.isEmpty {
                steps[steps.count - 1].parameters.append((String(token[..<equals]), String(token[token.index(after: equals)...])))
            } else {
                steps.append(Step(name: token, parameters: []))
            }
        }
        return steps
    }

    var destination: ImageFileOutput { ImageFileOutput(format: format, path: output) }

    func validate() throws {
        guard !steps.isEmpty else { throw ValidationError("give at least one --filter NAME [key=value…]") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100") }
        guard deadline > 0, deadline.isFinite else { throw ValidationError("--deadline must be a positive number of seconds") }
        guard destination.type != nil, format?.lowercased() != "png16" else {
            throw ValidationError("cannot write '\(format ?? (output as NSString).pathExtension)': use jpeg, png, heic or tiff")
        }
        if let colorSpace, CIFilter.colorSpace(named: colorSpace) == nil { throw ValidationError("unknown colour space '\(colorSpace)'") }
        for step in steps where CIFilter(name: step.name) == nil {
            throw ValidationError("unknown filter '\(step.name)' (see `photos image filters`)")
        }
    }

    func run() throws {
        guard let source = CIImage(contentsOf: URL(fileURLWithPath: input), options: [.applyOrientationProperty: true]) else {
            throw ValidationError("\(input): cannot be read as an image")
        }
        let image = try Self.apply(steps, to: source)
        let space = colorSpace.flatMap(CIFilter.colorSpace(named:)) ?? source.colorSpace ?? CGColorSpace(name: CGColorSpace.sRGB)!
        let context = CIContext(options: [.cacheIntermediates: false, .name: "photos image filter", .renderTimeLimit: deadline])
        try destination.write(image, to: output, colorSpace: space, quality: quality, context: context)
    }

    /// The chain applied to `source`; neighbourhood filters read repeated edges and are cropped back.
    static func apply(_ steps: [Step], to source: CIImage) throws -> CIImage {
        var image = source
        for step in steps {
            guard let filter = CIFilter(name: step.name) else { throw ValidationError("unknown filter '\(step.name)'") }
            guard filter.inputKeys.contains(kCIInputImageKey) else {
                throw ValidationError("\(step.name) makes an image without an input image; it cannot be part of a chain")
            }
            let categories = (filter.attributes[kCIAttributeFilterCategories] as? [String]) ?? []
            let reachesAround = categories.contains(kCICategoryBlur) || categories.contains(kCICategorySharpen)
            let extent = image.extent
            filter.setValue(reachesAround && !extent.isInfinite ? image.clampedToExtent() : image, forKey: kCIInputImageKey)
            for (name, value) in step.parameters {
                guard let key = filter.inputKey(matching: name) else {
                    throw ValidationError("\(step.name) has no input '\(name)' (inputs: \(filter.inputKeys.joined(separator: ", ")))")
                }
                do { try filter.setValue(text: value, forKey: key) } catch { throw ValidationError("\(error)") }
            }
            guard let result = filter.outputImage else { throw ValidationError("\(step.name) produced no image with these parameters") }
            image = reachesAround && !extent.isInfinite ? result.cropped(to: extent) : result
        }
        if image.extent.isInfinite { image = image.cropped(to: source.extent) }
        return image
    }
}
