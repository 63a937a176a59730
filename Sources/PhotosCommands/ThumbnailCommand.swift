import ArgumentParser
import Foundation
import Photos
import PhotoLibrary
import ImageManagement

/// `photos thumbnail ID|FILE --size N [--mode fit|fill] -o OUT`: an image of an asset (through `PHImageManager`,
/// so stored derivatives are used when they cover the size) or of an image file, sized to a square of N pixels.
struct ThumbnailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Make a thumbnail of an asset or an image file.",
        discussion: """
            fit: the whole image inside an N×N square; fill: the square covered and the centre kept (exactly N×N). \
            Images are never enlarged. The output format follows OUT's extension (.jpg, .png, .heic).
            """)

    enum Mode: String, ExpressibleByArgument, CaseIterable { case fit, fill }

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "An asset identifier, or the path of an image file.") var source: String
    @Option(help: "Side of the target square, in pixels.") var size: Int
    @Option(help: "fit or fill.") var mode: Mode = .fit
    @Option(name: .customShort("o"), help: ArgumentHelp("The file to write.", valueName: "out")) var output: String
    @Option(help: "JPEG/HEIC quality, 1-100.") var quality = 85

    func validate() throws {
        guard (1...65_535).contains(size) else { throw ValidationError("--size must be between 1 and 65535 (got \(size))") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100 (got \(quality))") }
        _ = try OutputImageFormat(path: output)
    }

    func run() throws {
        let format = try OutputImageFormat(path: output)
        let spec = ImageRequestSpec(targetSize: PixelSize(width: size, height: size),
                                    contentMode: mode == .fit ? .aspectFit : .aspectFill, resizeMode: .exact)
        let path = (source as NSString).expandingTildeInPath
        let image: CGImage
        if FileManager.default.fileExists(atPath: path) {
            do { image = try ImageRenderer.render(fileAt: URL(fileURLWithPath: path), spec: spec) } catch { throw CommandError(error.message) }
        } else {
            image = try assetImage(spec)
        }
        let url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
        try format.write(image, to: url, quality: Double(quality) / 100)
        print("\(url.path) \(image.width)x\(image.height)")
    }

    /// The asset's image through PhotoKit's image manager (synchronous, exact, high quality).
    private func assetImage(_ spec: ImageRequestSpec) throws -> CGImage {
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let record = try photos.library.asset(source)
        let fetch = PHFetchOptions()
        fetch.photoLibrary = photos
        fetch.includeHiddenAssets = true
        guard let asset = PHAsset.fetchAssets(withLocalIdentifiers: [record.identifier], options: fetch).firstObject else {
            throw CommandError("No asset with identifier \(source)")
        }
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        options.deliveryMode = .highQualityFormat
        options.resizeMode = .exact
        var result: UIImage?
        var failure: String?
        PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: size, height: size),
                                              contentMode: mode == .fit ? .aspectFit : .aspectFill, options: options) { image, info in
            result = image
            failure = (info?[PHImageErrorKey] as? NSError)?.localizedDescription
        }
        guard let image = result?.cgImage else { throw CommandError(failure ?? "No image for \(record.identifier)") }
        // The request queued the asset's missing derivatives in the background: let them finish, so the process
        // never ends in the middle of writing one (its temporary file would stay until a later sweep).
        ImagingContext.context(for: photos.library).generator.waitUntilIdle()
        return image
    }
}

/// The image formats commands write, chosen from a file name's extension.
enum OutputImageFormat {
    case jpeg, png, heic

    init(path: String) throws {
        switch (path as NSString).pathExtension.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "heic", "heif": self = .heic
        case let other:
            throw ValidationError("cannot tell the format of '\(path)' from its extension '\(other)': use .jpg, .png or .heic")
        }
    }

    /// Encodes (through UIImage, as iOS code would) and writes atomically; never leaves a partial file.
    func write(_ image: CGImage, to url: URL, quality: Double) throws {
        let picture = UIImage(cgImage: image)
        let data: Data?
        switch self {
        case .jpeg: data = picture.jpegData(compressionQuality: quality)
        case .png: data = picture.pngData()
        case .heic: data = picture.heicData()
        }
        guard let data else { throw CommandError("Cannot encode a \(image.width)x\(image.height) image as \(self)") }
        do { try AtomicFileWriter.write(data, to: url) } catch { throw CommandError(error.message) }
    }
}
