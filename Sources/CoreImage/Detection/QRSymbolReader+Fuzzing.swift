import Foundation

/// The QR symbol reader's entry for the fuzz target `Fuzz/qr-symbol` (Docs/Fuzzing.md), which cannot reach internal
/// types: arbitrary module grids go straight to the decoder (format word, zigzag, blocks, Reed–Solomon on
/// whatever the bits say), and arbitrary grey pixels with arbitrary corners go through sampling first.
package enum QRSymbolReaderFuzzing {
    /// Byte 0 picks the version (1…40); the rest, bit by bit and repeated, are the modules, row by row.
    /// Returns the payload's length, or −1 when nothing was read.
    package static func decodeModules(_ data: Data) -> Int {
        guard let first = data.first else { return -1 }
        let version = Int(first) % 40 + 1, n = 17 + 4 * version
        let bits = data.dropFirst()
        guard !bits.isEmpty else { return -1 }
        let bytes = Array(bits)
        let modules = (0..<(n * n)).map { i in bytes[(i / 8) % bytes.count] >> (i % 8) & 1 == 1 }
        return QRSymbolReader.decode(modules, version: version)?.payload.count ?? -1
    }

    /// Bytes 0…7 are the four corners (x, y pairs in 0…255 of a 64 × 64 image, scaled by 4 / 16), the rest the
    /// pixels. Returns the payload's length, or −1.
    package static func readPixels(_ data: Data) -> Int {
        guard data.count > 8 else { return -1 }
        let bytes = Array(data)
        let corners = (0..<4).map { CGPoint(x: CGFloat(bytes[2 * $0]) / 4, y: CGFloat(bytes[2 * $0 + 1]) / 4) }
        let pixels = (0..<(64 * 64)).map { bytes[8 + $0 % (bytes.count - 8)] }
        guard let grey = GreyImage(pixels: pixels, width: 64, height: 64) else { return -1 }
        return QRSymbolReader.read(grey, corners: corners)?.payload.count ?? -1
    }
}
