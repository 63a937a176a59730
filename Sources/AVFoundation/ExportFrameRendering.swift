import CoreGraphics
import CoreImage
import Foundation
import Movies

// How Core Image reads and writes the frames of an export: shared by video compositions here and by Photos'
// Live Photo renders, so both keep the same depth and colour rule.

extension MovieTrack {
    /// The colour space the track's decoded RGB is read in and written back in: BT.2020's for wide-gamut video (its
    /// primaries, with BT.709's transfer: HLG and PQ values are carried as they are, not converted), else sRGB.
    package var frameColorSpace: CGColorSpace { color.isWideGamut ? FrameColorSpaces.bt2020 : FrameColorSpaces.sRGB }
}

/// Made once (a named space builds its ICC profile), not for every frame.
private enum FrameColorSpaces {
    static let sRGB = CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB()
    static let bt2020 = CGColorSpace(name: CGColorSpace.itur_2020) ?? sRGB
}

extension CIContext {
    /// `bounds` of `image` as an export frame in `colorSpace`: 16 bits per component when `deep` (a frame decoded at
    /// 16, so its values are never rounded to 8 bits), else 8. The frame is rendered into `buffer`, which the next
    /// frame reuses once the encoder has let go of this one (a render writes every pixel of its bounds): a fresh
    /// frame-sized allocation per frame costs page faults and zeroing of megabytes.
    package func renderFrame(_ image: CIImage, bounds: CGRect, deep: Bool, colorSpace: CGColorSpace, reusing buffer: inout Data) -> RenderedFrame {
        let rowBytes = Int(bounds.width) * (deep ? 8 : 4)
        let size = rowBytes * Int(bounds.height)
        if buffer.count != size { buffer = Data(count: size) }
        buffer.withUnsafeMutableBytes { raw in
            render(image, toBitmap: raw.baseAddress!, rowBytes: rowBytes, bounds: bounds, format: deep ? .RGBA16 : .RGBA8, colorSpace: colorSpace)
        }
        return RenderedFrame(pixels: buffer, bytesPerRow: rowBytes, bitsPerComponent: deep ? 16 : 8)
    }
}
