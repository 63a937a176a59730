import Foundation
import CoreGraphics
import PhotoLibrary

/// A photo's current version decoded for analysis: upright, sRGB, 8-bit RGB (3 bytes a pixel, rows top-down).
public struct AnalysisPicture: Sendable {
    /// The content key (SHA-256) of the rendition decoded.
    public let contentKey: String
    public let width: Int
    public let height: Int
    /// `width × height × 3` bytes.
    public let rgb: [UInt8]

    /// A picture from bytes as they are (for tests); nil unless there are `width × height × 3` of them.
    public init?(contentKey: String, width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0, rgb.count == width * height * 3 else { return nil }
        (self.contentKey, self.width, self.height, self.rgb) = (contentKey, width, height, rgb)
    }
}

public enum AnalysisPictures {
    /// The current version of an asset's picture fitted into `longestSide` (never enlarged; shrunk while decoding
    /// where the codec can), or nil for an asset without a still picture (audio, video).
    public static func picture(assetRowID: Int64, in library: any LibraryBackend, longestSide: Int) throws(ImageManagementError) -> AnalysisPicture? {
        let resources: [ResourceRecord]
        do { resources = try library.resources(assetRowID: assetRowID) } catch { throw .library(error, "Cannot read the resources of asset \(assetRowID)") }
        guard let rendition = Rendition.select(from: resources, version: .current) else { return nil }
        let url = try ImagingContext.file(of: rendition.resource, in: library)
        let full = try PixelOps.orientedSize(of: url)
        let scale = min(1, Double(longestSide) / Double(max(1, full.longSide)))
        let box = PixelSize(width: max(1, Int((Double(full.width) * scale).rounded())), height: max(1, Int((Double(full.height) * scale).rounded())))
        let image = try PixelOps.decode(url, atLeast: box)
        guard let rgb = packedRGB(image) else {
            throw ImageManagementError(.unreadable, "The picture of asset \(assetRowID) decoded to an unexpected pixel layout")
        }
        return AnalysisPicture(contentKey: rendition.contentKey, width: image.width, height: image.height, rgb: rgb)
    }

    /// The pixels of an 8-bit grey, RGB or RGBA image as packed RGB (alpha dropped: the colour as stored).
    static func packedRGB(_ image: CGImage) -> [UInt8]? {
        guard image.bitsPerComponent == 8, let data = image.dataProvider?.data else { return nil }
        let channels = image.bitsPerPixel / 8
        guard [1, 2, 3, 4].contains(channels), data.count >= image.bytesPerRow * (image.height - 1) + image.width * channels else { return nil }
        var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var o = 0
            for y in 0..<image.height {
                var i = y * image.bytesPerRow
                for _ in 0..<image.width {
                    if channels >= 3 {
                        rgb[o] = bytes[i]; rgb[o + 1] = bytes[i + 1]; rgb[o + 2] = bytes[i + 2]
                    } else {
                        rgb[o] = bytes[i]; rgb[o + 1] = bytes[i]; rgb[o + 2] = bytes[i]
                    }
                    o += 3; i += channels
                }
            }
        }
        return rgb
    }
}
