import ArgumentParser
import Foundation
import ImageIO

/// `photos image thumbnail IN OUT --size N [--quality 85]`: the peer of `vipsthumbnail`. Shrink-on-load (JPEG DCT
/// scaling, RAW half size, an embedded HEIF/RAW preview when it is large enough), Lanczos-3 to fit N×N, orientation
/// applied, converted to sRGB; metadata and the ICC profile are stripped, as `vipsthumbnail` does by default. The
/// output format follows OUT's suffix (jpg, png, heic, tif). Never enlarges.
struct ImageThumbnailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail", abstract: "Make a thumbnail of an image file (like vipsthumbnail).")

    @Argument(help: "The image to read.") var input: String
    @Argument(help: "The thumbnail to write; its suffix picks the format.") var output: String
    @Option(help: "Fit inside SIZE×SIZE pixels.") var size: Int
    @Option(help: "Lossy quality, 1–100.") var quality = 85

    func validate() throws {
        guard size > 0 else { throw ValidationError("--size must be positive") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100") }
        let suffix = (output as NSString).pathExtension
        guard let format = ImageFormat(suffix: suffix), CodecRegistry.encoder(for: format) != nil else {
            throw ValidationError("\(output): cannot write '.\(suffix)' files (use .jpg, .png, .heic or .tif)")
        }
    }

    func run() throws {
        let format = ImageFormat(suffix: (output as NSString).pathExtension)!
        do {
            try Self.thumbnail(URL(fileURLWithPath: input), to: URL(fileURLWithPath: output), size: size, quality: quality, format: format)
        } catch let error as ImageIOError {
            throw CommandError("\((input as NSString).lastPathComponent): \(error)")
        }
    }

    /// The whole job, shared with the benchmark's batch mode.
    static func thumbnail(_ input: URL, to output: URL, size: Int, quality: Int, format: ImageFormat) throws {
        let file = try ImageFile(contentsOf: input)
        let options = DecodeOptions(size: .fit(width: size, height: size), applyOrientation: true,
                                    colorSpace: CGColorSpaceCreateDeviceRGB(), bitDepth: .eight, allowEmbeddedThumbnail: true)
        let image = try file.decode(options)
        let encoded = try ImageWriter.encode(image, as: format, options: EncodeOptions(quality: Double(quality) / 100,
                                                                                       embedColorProfile: false, metadata: .strip))
        do {
            try encoded.write(to: output)
        } catch {
            throw ImageIOError(.io, "\(output.path): cannot be written (\(error.localizedDescription))")
        }
    }
}
