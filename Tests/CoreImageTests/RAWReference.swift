import CoreImage
import Foundation
import ImageIO
import _TestSupport

/// Independent references for RAW development: LibRaw's own processing (`dcraw_emu`, Debian's libraw-bin) at
/// equal settings — camera white balance, highlights clipped at the file's white level (`-c 0`: no guessing it from
/// the data), sRGB primaries, linear 16-bit, no auto-brightening.
enum RAWReference {
    static let dcrawEmu: URL? = ["/usr/bin/dcraw_emu", "/usr/local/bin/dcraw_emu"].map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    static let missingMessage = "dcraw_emu (Debian package libraw-bin) is not installed: skipping RAW reference comparisons"

    /// LibRaw's linear development of `file` with interpolation `quality` (0 bilinear, 3 AHD), as linear sRGB
    /// RGB floats in 0…1, rows top-down, with its size.
    static func develop(_ file: URL, quality: Int) throws -> (width: Int, height: Int, rgb: [Float]) {
        let directory = TemporaryDirectory()
        let copy = directory.appending(file.lastPathComponent)
        try FileManager.default.copyItem(at: file, to: copy)
        let process = Process()
        process.executableURL = dcrawEmu!
        process.arguments = ["-4", "-T", "-w", "-o", "1", "-c", "0", "-q", String(quality), copy.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("dcraw_emu failed on \(file.lastPathComponent)") }
        let decoded = try ImageFile(contentsOf: URL(fileURLWithPath: copy.path + ".tiff")).decode({
            var options = DecodeOptions(bitDepth: .sixteen)
            options.colorSpace = nil   // LibRaw tags its linear output with a gamma-1 profile: keep the values
            return options
        }())
        let pixels = decoded.pixels
        var rgb = [Float](repeating: 0, count: pixels.width * pixels.height * 3)
        let channels = pixels.layout.componentCount
        pixels.withUnsafeBytes { raw in
            for y in 0..<pixels.height {
                let row = raw.baseAddress! + y * pixels.bytesPerRow
                for x in 0..<pixels.width {
                    for c in 0..<3 {
                        let value = row.loadUnaligned(fromByteOffset: (x * channels + c) * 2, as: UInt16.self)
                        rgb[(y * pixels.width + x) * 3 + c] = Float(value) / 65535
                    }
                }
            }
        }
        return (pixels.width, pixels.height, rgb)
    }

    /// Peak signal-to-noise ratio in dB between two RGB images of equal size (values 0…1), leaving out a
    /// `margin` of pixels at every edge (edge handling differs between implementations).
    static func psnr(_ a: [Float], _ b: [Float], width: Int, height: Int, margin: Int = 4) -> Double {
        var sum = 0.0, count = 0
        for y in margin..<(height - margin) {
            for x in margin..<(width - margin) {
                for c in 0..<3 {
                    let i = (y * width + x) * 3 + c
                    let d = Double(min(max(a[i], 0), 1) - b[i])
                    sum += d * d
                    count += 1
                }
            }
        }
        let mse = sum / Double(max(count, 1))
        return mse == 0 ? .infinity : 10 * log10(1 / mse)
    }

    /// An image rendered as linear sRGB RGB floats (0…1 not enforced), rows top-down.
    static func linearRGB(_ image: CIImage) -> [Float] {
        let rgba = Render.linearFloats(image, image.extent)
        var rgb = [Float](repeating: 0, count: rgba.count / 4 * 3)
        for i in 0..<(rgba.count / 4) { for c in 0..<3 { rgb[i * 3 + c] = rgba[i * 4 + c] } }
        return rgb
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
