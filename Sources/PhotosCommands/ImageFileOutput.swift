import CoreImage
import Foundation

/// Writing a Core Image result to a file for the `photos image` commands: the type from `--format` or the
/// file's suffix, ImageIO's encoders through `CIContext`, the lossy quality, and a `CommandError` naming the file.
struct ImageFileOutput {
    /// The uniform type identifier to write, or `nil` for a format the commands do not write.
    let type: String?
    /// Components per channel for PNG and TIFF (8 or 16; JPEG and HEIC are always 8).
    let sixteenBit: Bool

    /// The output for `format` (jpeg, png, png16, heic, tiff), else for the suffix of `path`.
    init(format: String?, path: String, sixteenBitByDefault: Bool = false) {
        let name = (format ?? (path as NSString).pathExtension).lowercased()
        switch name {
        case "jpeg", "jpg": type = "public.jpeg"
        case "png", "png16": type = "public.png"
        case "heic", "heif": type = "public.heic"
        case "tiff", "tif": type = "public.tiff"
        default: type = nil
        }
        sixteenBit = name == "png16" || sixteenBitByDefault
    }

    /// Renders `image` once and writes it to `path` in `space` at `quality` (1–100).
    func write(_ image: CIImage, to path: String, colorSpace space: CGColorSpace, quality: Int, context: CIContext) throws {
        let url = URL(fileURLWithPath: path)
        let options: [CIImageRepresentationOption: Any] = [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: Double(quality) / 100]
        let deep: CIFormat = sixteenBit ? .RGBA16 : .RGBA8
        do {
            switch type {
            case "public.png": try context.writePNGRepresentation(of: image, to: url, format: deep, colorSpace: space, options: options)
            case "public.heic": try context.writeHEIFRepresentation(of: image, to: url, format: .RGBA8, colorSpace: space, options: options)
            case "public.tiff": try context.writeTIFFRepresentation(of: image, to: url, format: deep, colorSpace: space, options: options)
            default: try context.writeJPEGRepresentation(of: image, to: url, colorSpace: space, options: options)
            }
        } catch {
            throw CommandError("\(path): \(error)")
        }
    }
}
