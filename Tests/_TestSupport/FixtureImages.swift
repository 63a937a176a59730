import Foundation
internal import CTurboJPEG

/// Real image files made on the fly, so tests do not depend on the shared corpus.
public enum FixtureImages {
    /// A baseline JPEG of the given size: a colour gradient whose hue depends on `seed` (so files differ).
    /// `subsampling`: 420, 422, 440, 444 or 0 (grayscale); `progressive` writes a progressive file.
    public static func jpeg(width: Int = 64, height: Int = 48, seed: Int = 0, quality: Int32 = 85, subsampling: Int = 420,
                            progressive: Bool = false) -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                pixels[i] = UInt8((x * 255 / max(1, width - 1) + seed * 37) & 0xFF)
                pixels[i + 1] = UInt8((y * 255 / max(1, height - 1) + seed * 91) & 0xFF)
                pixels[i + 2] = UInt8((seed * 53) & 0xFF)
            }
        }
        let sampling = [420: TJSAMP_420, 422: TJSAMP_422, 440: TJSAMP_440, 444: TJSAMP_444, 0: TJSAMP_GRAY][subsampling] ?? TJSAMP_420
        guard let handle = tjInitCompress() else { fatalError("TurboJPEG: tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { buffer in
            tjCompress2(handle, buffer.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(sampling.rawValue), quality, progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        guard status == 0, let output else { fatalError("TurboJPEG: tjCompress2 failed") }
        defer { tjFree(output) }
        return Data(bytes: output, count: Int(size))
    }

    /// Writes a JPEG to a file and returns its URL.
    @discardableResult
    public static func writeJPEG(to url: URL, width: Int = 64, height: Int = 48, seed: Int = 0) throws -> URL {
        try jpeg(width: width, height: height, seed: seed).write(to: url)
        return url
    }
}
