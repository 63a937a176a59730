internal import CQREncode
import Foundation
internal import OptionalLibraries

/// Reads a found QR Code's data codewords back from the grey image (for `CIQRCodeFeature.symbolDescriptor`), given
/// ZBar's four corners of the symbol in its own orientation (the corners of modules (0, 0), (0, n), (n, n), (n, 0)
/// as column, row). For each version whose modules would be at least 1.5 px, the module centres are sampled through
/// the corners' homography and thresholded by Otsu's method over the symbol; the version whose timing patterns
/// agree best (at least 90%) is read: format information (either copy, nearest of the 32 valid words within
/// 3 bits) gives the level and mask, the data modules are read in the standard's zigzag order and unmasked, the
/// codewords are de-interleaved into libqrencode's block structure, each block is corrected by Reed–Solomon, and the
/// data codewords are the payload. `nil` when any step fails.
enum QRSymbolReader {
    struct Symbol {
        let payload: Data
        let version: Int
        let mask: Int
        let level: CIQRCodeDescriptor.ErrorCorrectionLevel
    }

    static let levels: [(QRecLevel, CIQRCodeDescriptor.ErrorCorrectionLevel)] = [(QR_ECLEVEL_L, .levelL), (QR_ECLEVEL_M, .levelM),
                                                                                 (QR_ECLEVEL_Q, .levelQ), (QR_ECLEVEL_H, .levelH)]

    static func read(_ grey: GreyImage, corners: [CGPoint]) -> Symbol? {
        guard corners.count == 4, OptionalLibrary.qrencode.loadOrWarn() else { return nil }
        let side = zip(corners, corners.dropFirst() + [corners[0]]).map { hypot($0.x - $1.x, $0.y - $1.y) }.reduce(0, +) / 4
        let sampler = ModuleSampler(grey, corners: corners, threshold: otsuThreshold(grey, around: corners))
        var best: (version: Int, score: Double)?
        for version in 1...40 {
            let n = 17 + 4 * version
            guard side / CGFloat(n) >= 1.5 else { break }
            let score = timingAgreement(sampler, size: n)
            if score > best?.score ?? 0.9 { best = (version, score) }
        }
        guard let best else { return nil }
        let n = 17 + 4 * best.version
        return decode((0..<(n * n)).map { sampler.isDark(row: $0 / n, column: $0 % n, size: n) }, version: best.version)
    }

    /// Module centres of the symbol in the image, through the corners' homography, thresholded.
    struct ModuleSampler {
        let grey: GreyImage
        let threshold: UInt8
        /// x = (a·u + b·v + c) / w, y = (d·u + e·v + f) / w, w = g·u + h·v + 1 over the unit square.
        let a, b, c, d, e, f, g, h: CGFloat

        init(_ grey: GreyImage, corners: [CGPoint], threshold: UInt8) {
            (self.grey, self.threshold) = (grey, threshold)
            // Unit square (u = column / n, v = row / n) → pixels: (0,0) → corner 0, (1,0) → corner 3, (1,1) → corner 2,
            // (0,1) → corner 1 (Heckbert's square-to-quadrilateral mapping).
            let p = [corners[0], corners[3], corners[2], corners[1]]
            let dx1 = p[1].x - p[2].x, dx2 = p[3].x - p[2].x, dx3 = p[0].x - p[1].x + p[2].x - p[3].x
            let dy1 = p[1].y - p[2].y, dy2 = p[3].y - p[2].y, dy3 = p[0].y - p[1].y + p[2].y - p[3].y
            let det = dx1 * dy2 - dx2 * dy1
            g = det == 0 ? 0 : (dx3 * dy2 - dx2 * dy3) / det
            h = det == 0 ? 0 : (dx1 * dy3 - dx3 * dy1) / det
            (a, b, c) = (p[1].x - p[0].x + g * p[1].x, p[3].x - p[0].x + h * p[3].x, p[0].x)
            (d, e, f) = (p[1].y - p[0].y + g * p[1].y, p[3].y - p[0].y + h * p[3].y, p[0].y)
        }

        /// Whether the module at `row`, `column` of an n × n symbol is dark (`false` when its centre is outside the
        /// image, or nowhere: a degenerate quadrilateral sends w to 0).
        func isDark(row: Int, column: Int, size n: Int) -> Bool {
            let u = (CGFloat(column) + 0.5) / CGFloat(n), v = (CGFloat(row) + 0.5) / CGFloat(n)
            let w = g * u + h * v + 1
            let x = (a * u + b * v + c) / w, y = (d * u + e * v + f) / w
            guard x >= 0, y >= 0, x < CGFloat(grey.width), y < CGFloat(grey.height) else { return false }
            return grey.pixels[Int(y) * grey.width + Int(x)] <= threshold
        }
    }

    /// The fraction of timing-pattern modules (row 6 and column 6 between the finders) that alternate as they must.
    static func timingAgreement(_ sampler: ModuleSampler, size n: Int) -> Double {
        var agree = 0
        for i in 8..<(n - 8) {
            let dark = i % 2 == 0
            if sampler.isDark(row: 6, column: i, size: n) == dark { agree += 1 }
            if sampler.isDark(row: i, column: 6, size: n) == dark { agree += 1 }
        }
        return Double(agree) / Double(2 * (n - 16))
    }

    static func decode(_ modules: [Bool], version: Int) -> Symbol? {
        let n = 17 + 4 * version
        func dark(_ x: Int, _ y: Int) -> Int { modules[y * n + x] ? 1 : 0 }
        // Format information, least significant bit first, both copies.
        var first = 0, second = 0
        for i in 0..<6 { first |= dark(8, i) << i }
        first |= dark(8, 7) << 6 | dark(8, 8) << 7 | dark(7, 8) << 8
        for i in 9..<15 { first |= dark(14 - i, 8) << i }
        for i in 0..<8 { second |= dark(n - 1 - i, 8) << i }
        for i in 8..<15 { second |= dark(8, n - 15 + i) << i }
        var format: (mask: Int, level: Int, distance: Int)?
        for mask in 0..<8 {
            for (index, level) in levels.enumerated() {
                let word = Int(QRspec_getFormatInfo(Int32(mask), level.0))
                let distance = min((word ^ first).nonzeroBitCount, (word ^ second).nonzeroBitCount)
                if distance < format?.distance ?? 4 { format = (mask, index, distance) }
            }
        }
        guard let format, let frame = QRspec_newFrame(Int32(version)) else { return nil }
        defer { free(frame) }
        // Data modules in zigzag order: column pairs from the right, alternately upwards and downwards, skipping
        // column 6 (timing) and every function module.
        var bits: [UInt8] = []
        var right = n - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<n {
                for j in 0..<2 {
                    let x = right - j
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? n - 1 - vertical : vertical
                    guard frame[y * n + x] & 0x80 == 0 else { continue }
                    bits.append(UInt8(dark(x, y)) ^ (maskBit(format.mask, x, y) ? 1 : 0))
                }
            }
            right -= 2
        }
        var spec = [Int32](repeating: 0, count: 5)
        QRspec_getEccSpec(Int32(version), levels[format.level].0, &spec)
        let blockData = [Int](repeating: Int(spec[1]), count: Int(spec[0])) + [Int](repeating: Int(spec[4]), count: Int(spec[3]))
        let ecc = Int(spec[2])
        let total = blockData.reduce(0, +) + ecc * blockData.count
        guard bits.count >= total * 8 else { return nil }
        let codewords = (0..<total).map { i in bits[(i * 8)..<(i * 8 + 8)].reduce(UInt8(0)) { $0 << 1 | $1 } }
        // De-interleave: data codewords round-robin over the blocks (short blocks first run out), then the ECC.
        var blocks = blockData.map { _ in [UInt8]() }
        var index = 0
        for i in 0..<(blockData.max() ?? 0) {
            for b in blocks.indices where i < blockData[b] { blocks[b].append(codewords[index]); index += 1 }
        }
        for _ in 0..<ecc {
            for b in blocks.indices { blocks[b].append(codewords[index]); index += 1 }
        }
        var payload = Data()
        for b in blocks.indices {
            guard ReedSolomon.correct(&blocks[b], eccCount: ecc) else { return nil }
            payload += blocks[b].prefix(blockData[b])
        }
        return Symbol(payload: payload, version: version, mask: format.mask, level: levels[format.level].1)
    }

    /// Whether data mask `mask` inverts the module at column x, row y (ISO/IEC 18004 table 10).
    static func maskBit(_ mask: Int, _ x: Int, _ y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// Otsu's threshold over the pixels within the corners' bounding box.
    static func otsuThreshold(_ grey: GreyImage, around corners: [CGPoint]) -> UInt8 {
        let x0 = max(0, Int(corners.map(\.x).min()!)), x1 = min(grey.width, Int(corners.map(\.x).max()!) + 1)
        let y0 = max(0, Int(corners.map(\.y).min()!)), y1 = min(grey.height, Int(corners.map(\.y).max()!) + 1)
        guard x1 > x0, y1 > y0 else { return 127 }
        var histogram = [Double](repeating: 0, count: 256)
        for y in y0..<y1 { for x in x0..<x1 { histogram[Int(grey.pixels[y * grey.width + x])] += 1 } }
        return GreyHistogram.otsu(histogram)
    }
}
