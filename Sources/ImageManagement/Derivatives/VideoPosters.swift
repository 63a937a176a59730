import Foundation
import CoreGraphics
import ImageIO
import PhotoLibrary
import CoreMedia
import Movies

/// Still pictures of videos: a video asset's picture is its first frame (Apple's Photos shows the first frame of a
/// video without a chosen poster time), decoded once with FFmpeg, turned upright by the track's display matrix and
/// kept as a full-size JPEG beside the derivatives (`<key>.poster.jpg`). From then on the poster is the rendition's
/// file for every picture request — thumbnails, screen images, sized pictures — exactly as a photo's original is.
///
/// Threading: stateless; decoding runs on the calling thread. Several processes may make the same poster at once
/// (the content is the same; the file is written atomically).
public enum VideoPosters {
    /// Frames larger than this are refused before decoding (8K video is 33 Mpx).
    static let maximumPixels: Int64 = 100_000_000

    /// The rendition that stands for a video asset's picture: its edited movie for `.current` when there is one,
    /// else the movie; nil when the asset has no video resource.
    static func rendition(from resources: [ResourceRecord], version: ImageVersion) -> Rendition? {
        let movie = resources.first { $0.type == .video }
        let edited = version == .current ? resources.first { $0.type == .fullSizeVideo } : nil
        return (edited ?? movie).map { Rendition(resource: $0, version: version) }
    }

    /// A video asset's picture: the movie's rendition, sized as its poster (upright), and the poster's file (made
    /// now when missing); nil when the asset has no video resource.
    static func still(from resources: [ResourceRecord], version: ImageVersion, library: any LibraryBackend,
                      store: DerivativeStore) throws(ImageManagementError) -> (rendition: Rendition, poster: URL)? {
        guard var movie = rendition(from: resources, version: version) else { return nil }
        let resource = movie.resource
        // A served library's poster is the one its service keeps, when it keeps one: the movie is not downloaded.
        if !library.ownsImagingDirectory, store.existing(posterOf: movie.contentKey) == nil,
           let kept = try? library.storedDerivative(assetRowID: resource.assetID, contentKey: movie.contentKey, kind: Self.servedKind) {
            try? store.writePoster(kept, contentKey: movie.contentKey)
        }
        let poster = try poster(of: movie, store: store) { () throws(ImageManagementError) in try ImagingContext.file(of: resource, in: library) }
        let size = try PixelOps.orientedSize(of: poster)
        movie.resource.pixelWidth = size.width
        movie.resource.pixelHeight = size.height
        return (movie, poster)
    }

    /// The name a served library's service gives posters among its derivatives (`GET …/derivatives/poster`).
    public static let servedKind = "poster"

    /// The poster file of a movie rendition, made now when missing from the file `movieURL` gives (asked only
    /// then: an existing poster needs no movie, and a served library's would be downloaded for nothing).
    static func poster(of rendition: Rendition, store: DerivativeStore,
                       movieURL: () throws(ImageManagementError) -> URL) throws(ImageManagementError) -> URL {
        if let url = store.existing(posterOf: rendition.contentKey) { return url }
        let url = store.posterURL(contentKey: rendition.contentKey)
        let image = try frame(of: try movieURL(), at: 0).image
        try store.writePoster(try PixelOps.encode(image, as: .jpeg, quality: 0.92), contentKey: rendition.contentKey)
        return url
    }

    /// The frame showing at `seconds` (the last one when `seconds` is past the end), upright, as an sRGB image,
    /// with its presentation time in seconds.
    static func frame(of movieURL: URL, at seconds: Double) throws(ImageManagementError) -> (image: CGImage, time: Double) {
        do {
            let reader = try MovieReader(url: movieURL)
            guard let track = reader.primaryVideoTrack else {
                throw ImageManagementError(.unreadable, "\(movieURL.lastPathComponent): the movie has no video track")
            }
            try reader.startDecoding(track, maximumPixels: Int(maximumPixels))
            let frame = try FrameLocator.frame(in: reader, at: CMTime(seconds: max(0, seconds), preferredTimescale: track.timescale))
            let buffer = PixelBuffer(width: frame.width, height: frame.height, layout: .rgbx, bitsPerComponent: 8, data: frame.pixels)
            let upright = buffer.applying(CGImagePropertyOrientation(rawValue: UInt32(track.exifOrientation)) ?? .up)
            // The reader converts with the stream's YUV matrix to R'G'B' as displayed: sRGB is what the pixels are.
            let image = upright.makeCGImage(colorSpace: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB())
            return (image, frame.presentationTime.seconds)
        } catch let error as ImageManagementError {
            throw error
        } catch {
            throw ImageManagementError(.unreadable, "\(error)")
        }
    }
}

extension DerivativeStore {
    /// The poster file of a movie rendition (see `VideoPosters`).
    public func posterURL(contentKey: String) -> URL {
        versionRoot.appendingPathComponent(String(contentKey.prefix(2)), isDirectory: true).appendingPathComponent("\(contentKey).poster.jpg")
    }

    /// Stores a movie's poster (atomically).
    func writePoster(_ data: Data, contentKey: String) throws(ImageManagementError) {
        try write(data, to: posterURL(contentKey: contentKey))
    }
}
