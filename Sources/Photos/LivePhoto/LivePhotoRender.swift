import Foundation
import CoreImage
import ImageIO
import AVFoundation
import Movies

/// One render of a Live Photo editing context: the still through the frame processor into a JPEG, then every
/// movie frame through it into a movie (see `PHLivePhotoEditingContext` for the rules).
struct LivePhotoRender {
    let context: PHLivePhotoEditingContext
    // Every frame is a new image: nothing to gain from keeping intermediates, and a frame's worth of memory to lose.
    private let ciContext = CIContext(options: [.cacheIntermediates: false])
    private let sRGB = CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB()

    init(context: PHLivePhotoEditingContext) {
        self.context = context
        ciContext.renderOverrides = .videoFrames
    }

    /// Renders both files (neither may exist yet); returns the still's upright size.
    func render(stillTo stillURL: URL, movieTo movieURL: URL, scale: Double, preview: Bool) throws -> CGSize {
        let (processor, volume) = context.settings
        let still = try renderStill(to: stillURL, processor: processor, scale: scale)
        do {
            try renderMovie(to: movieURL, processor: processor, volume: volume, scale: scale, preview: preview)
        } catch {
            try? FileManager.default.removeItem(at: stillURL)
            throw error
        }
        let turned = [.left, .right, .leftMirrored, .rightMirrored].contains(context.orientation)
        return turned ? CGSize(width: still.height, height: still.width) : still
    }

    private func process(_ frame: LivePhotoFrameContents, _ processor: PHLivePhotoFrameProcessingBlock?) throws -> CIImage {
        if context.isCancelled { throw PHLivePhotoEditingContext.failure("the Live Photo render was cancelled", code: .userCancelled) }
        guard let processor else { return frame.image }
        var error: NSError?
        guard let output = processor(frame, &error) else {
            throw error ?? PHLivePhotoEditingContext.failure("the frame processor returned no image for the \(frame.type == .photo ? "still" : "frame at \(frame.time.seconds) s")")
        }
        let extent = output.extent
        guard !extent.isInfinite, !extent.isEmpty, extent.width < 65_536, extent.height < 65_536 else {
            throw PHLivePhotoEditingContext.failure("the frame processor's image has no usable extent (\(extent)): crop it to a finite size")
        }
        return output
    }

    /// The still through the processor, as a JPEG with the original's EXIF, orientation and content identifier.
    private func renderStill(to url: URL, processor: PHLivePhotoFrameProcessingBlock?, scale: Double) throws -> CGSize {
        var image = context.fullSizeImage
        if scale < 1 { image = image.transformed(by: CGAffineTransform(scaleX: scale, y: scale)) }
        let output = try process(LivePhotoFrameContents(image: image, time: context.photoTime, type: .photo, renderScale: CGFloat(scale)), processor)
        guard let rendered = ciContext.createCGImage(output, from: output.extent.integral, format: .RGBA8, colorSpace: sRGB) else {
            throw PHLivePhotoEditingContext.failure("the edited still could not be rendered")
        }
        var properties: [String: Any] = [:]
        if let source = CGImageSourceCreateWithURL(context.stillURL as CFURL, nil),
           let original = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any] {
            for key in [kCGImagePropertyTIFFDictionary, kCGImagePropertyExifDictionary, kCGImagePropertyGPSDictionary] as [String] {
                if let dictionary = original[key] { properties[key] = dictionary }
            }
        }
        properties[kCGImagePropertyOrientation as String] = Int(context.orientation.rawValue)
        if let identifier = context.contentIdentifier { properties[kCGImagePropertyMakerAppleDictionary as String] = ["17": identifier] }
        properties[kCGImageDestinationLossyCompressionQuality as String] = 0.92
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString)")
        guard let destination = CGImageDestinationCreateWithURL(temporary as CFURL, "public.jpeg" as CFString, 1, nil) else {
            throw PHLivePhotoEditingContext.failure("the edited still cannot be written to \(url.lastPathComponent)")
        }
        CGImageDestinationAddImage(destination, rendered, properties as CFDictionary)
        guard CGImageDestinationFinalize(destination) else {
            try? FileManager.default.removeItem(at: temporary)
            throw PHLivePhotoEditingContext.failure("the edited still cannot be written to \(url.lastPathComponent)")
        }
        do { try FileManager.default.moveItem(at: temporary, to: url) } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PHLivePhotoEditingContext.failure("the edited still cannot be written: \(error.localizedDescription)")
        }
        return CGSize(width: rendered.width, height: rendered.height)
    }

    /// Every movie frame through the processor, encoded with the source's codec family and timing.
    private func renderMovie(to url: URL, processor: PHLivePhotoFrameProcessingBlock?, volume: Float, scale: Double, preview: Bool) throws {
        let probe = try MovieReader(url: context.movieURL)
        guard let track = probe.primaryVideoTrack else { throw PHLivePhotoEditingContext.failure("the Live Photo's movie has no video track") }
        let still = context.fullSizeImage.extent
        let frameScale = Double(max(track.codedWidth, track.codedHeight)) / Double(max(still.width, still.height)) * scale
        // A preview decodes its frames already scaled (libswscale), so the processor sees frames of the preview's size.
        let decodeSize: (width: Int, height: Int)? = scale < 1
            ? (max(2, Int((Double(track.codedWidth) * scale).rounded())), max(2, Int((Double(track.codedHeight) * scale).rounded()))) : nil
        // Frames of more than 8 bits (an HDR movie) come at 16 and are rendered back at 16; wide-gamut ones are read in
        // BT.2020's primaries (their values carried as they are).
        let frameSpace = track.frameColorSpace
        let makeImage = { (frame: MovieFrame, data: Data?) -> CIImage in
            CIImage(bitmapData: data ?? Data(frame.pixels), bytesPerRow: frame.bytesPerRow,
                    size: CGSize(width: frame.width, height: frame.height), format: frame.bitsPerComponent == 16 ? .RGBA16 : .RGBA8, colorSpace: frameSpace)
        }
        // The output size is the first processed frame's. Only its extent is kept: the first frame's decoder, its frame
        // buffer and the processed image are let go before the export opens its own (tens of megabytes).
        let firstExtent = try {
            let reader = try MovieReader(url: context.movieURL)
            try reader.startDecoding(track, size: decodeSize)
            return try reader.withNextFrame { frame in
                try process(LivePhotoFrameContents(image: makeImage(frame, nil), time: frame.presentationTime, type: .video,
                                                   renderScale: CGFloat(frameScale)), processor).extent
            }
        }()
        guard let firstExtent else { throw PHLivePhotoEditingContext.failure("the Live Photo's movie has no frame") }
        let width = max(2, Int(firstExtent.width.rounded()) & ~1), height = max(2, Int(firstExtent.height.rounded()) & ~1)
        let failure = FirstError()
        var frameBuffer = Data()
        let renderer = ExportFrameRenderer(width: width, height: height,
                                           transform: track.transform == .identity ? nil : track.transform.fitted(width: width, height: height),
                                           decodeSize: decodeSize, takesDeepFrames: true) { input in
            let output: CIImage
            do {
                output = try process(LivePhotoFrameContents(image: makeImage(input.frame, input.pixelData), time: input.frame.presentationTime, type: .video,
                                                            renderScale: CGFloat(frameScale)), processor)
            } catch {
                failure.error = error
                throw error
            }
            let bounds = CGRect(x: output.extent.minX.rounded(), y: output.extent.minY.rounded(), width: CGFloat(width), height: CGFloat(height))
            return ciContext.renderFrame(output, bounds: bounds, deep: input.frame.bitsPerComponent == 16, colorSpace: frameSpace, reusing: &frameBuffer)
        }
        var plan = MovieExportPlan(video: .encode(codec: track.codecName == "hevc" ? .hevc : .h264, longSide: nil, shortSide: nil,
                                                  quality: preview ? 26 : (track.codecName == "hevc" ? 22 : 18)),
                                   copiesAudio: true, container: "mov")
        plan.audioVolume = Double(volume)
        plan.stillImageTime = context.photoTime
        do {
            try MovieExport.export(from: context.movieURL, to: url, plan: plan, renderer: renderer) { _ in !context.isCancelled }
        } catch {
            if let original = failure.error { throw original }
            if error.code == .cancelled || context.isCancelled {
                throw PHLivePhotoEditingContext.failure("the Live Photo render was cancelled", code: .userCancelled)
            }
            throw PHLivePhotoEditingContext.failure("the edited movie could not be made: \(error.message)")
        }
    }
}

/// The processor's own error, kept so the caller sees it rather than the encoder's wrapping of it.
private final class FirstError: @unchecked Sendable {
    var error: (any Error)?
}
