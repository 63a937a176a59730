import Foundation
import CoreGraphics
internal import CPixelKernels

/// 8-bit RGB conversion between two matrix-shaper spaces in C: linearise through per-channel tables, one 3×3
/// matrix (source RGB → XYZ D50 → target RGB), encode through 16384-entry tables (within ±1 code value of
/// Little CMS). Tables are built once per pair of spaces and cached.
struct MatrixConversion: @unchecked Sendable {
    private let linear: [Float]      // 3 × 256
    private let matrix: [Float]      // 9
    private let encode: [UInt8]      // 3 × encodeSize
    static let encodeSize = 16384

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [[Data]: MatrixConversion] = [:]

    /// A conversion when both spaces are 3-channel matrix-shaper RGB; `nil` otherwise.
    init?(from source: CGColorSpace, to target: CGColorSpace) {
        guard let s = source.colorimetry, let t = target.colorimetry, s.transfer.count == 3, t.transfer.count == 3 else { return nil }
        let key = [source.iccData, target.iccData]
        Self.lock.lock()
        if let cached = Self.cache[key] { Self.lock.unlock(); self = cached; return }
        Self.lock.unlock()
        var linear = [Float](repeating: 0, count: 768)
        for channel in 0..<3 {
            for value in 0..<256 { linear[channel * 256 + value] = Float(s.transfer[channel].toLinear(Double(value) / 255)) }
        }
        let size = Self.encodeSize
        var encode = [UInt8](repeating: 0, count: 3 * size)
        for channel in 0..<3 {
            for index in 0..<size {
                let encoded = t.transfer[channel].fromLinear(Double(index) / Double(size - 1))
                encode[channel * size + index] = UInt8(min(max((encoded * 255).rounded(), 0), 255))
            }
        }
        self.linear = linear
        self.matrix = s.conversionMatrix(to: t).map(Float.init)
        self.encode = encode
        Self.lock.lock()
        if Self.cache.count > 16 { Self.cache.removeAll() }
        Self.cache[key] = self
        Self.lock.unlock()
    }

    /// Converts 8-bit RGBX/RGBA pixels; 16-bit buffers return `nil` (Little CMS handles them).
    func apply(_ pixels: PixelBuffer) -> PixelBuffer? {
        guard pixels.bitsPerComponent == 8, pixels.layout.isColor else { return nil }
        var output = Data(count: pixels.bytesPerRow * pixels.height)
        output.withUnsafeMutableBytes { destination in
            pixels.withUnsafeBytes { source in
                linear.withUnsafeBufferPointer { lin in
                    matrix.withUnsafeBufferPointer { m in
                        encode.withUnsafeBufferPointer { enc in
                            for row in 0..<pixels.height {
                                let offset = row * pixels.bytesPerRow
                                pk_img_matrix_rgbx8((source.baseAddress! + offset).assumingMemoryBound(to: UInt8.self),
                                                    (destination.baseAddress! + offset).assumingMemoryBound(to: UInt8.self),
                                                    pixels.width, lin.baseAddress, m.baseAddress, enc.baseAddress, Int32(Self.encodeSize))
                            }
                        }
                    }
                }
            }
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, layout: pixels.layout, bitsPerComponent: 8,
                           bytesPerRow: pixels.bytesPerRow, data: output)
    }
}
