import Foundation
import ImageManagement

/// A picture's luma (Rec. 709 weights on the stored sRGB values, 0…255) as floats, rows top-down: what the
/// measures, the hash and the saliency map read.
struct GreyPlane {
    var width: Int
    var height: Int
    var values: [Float]

    subscript(x: Int, y: Int) -> Float { values[y * width + x] }

    /// The luma of an RGB picture.
    init(_ picture: AnalysisPicture) {
        width = picture.width
        height = picture.height
        values = [Float](repeating: 0, count: width * height)
        picture.rgb.withUnsafeBufferPointer { rgb in
            for i in 0..<(width * height) {
                values[i] = 0.2126 * Float(rgb[3 * i]) + 0.7152 * Float(rgb[3 * i + 1]) + 0.0722 * Float(rgb[3 * i + 2])
            }
        }
    }

    init(width: Int, height: Int, values: [Float]) { (self.width, self.height, self.values) = (width, height, values) }

    /// The plane shrunk by area averaging so it fits `side × side` (exactly `width × height` when both are given).
    func shrunk(toFit side: Int) -> GreyPlane {
        let scale = min(1, Double(side) / Double(max(width, height)))
        return resampled(width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
    }

    /// The plane resampled to `newWidth × newHeight` by averaging the source pixels each target pixel covers
    /// (nearest pixel when enlarging).
    func resampled(width newWidth: Int, height newHeight: Int) -> GreyPlane {
        var out = [Float](repeating: 0, count: newWidth * newHeight)
        for ty in 0..<newHeight {
            let y0 = ty * height / newHeight, y1 = max(y0 + 1, (ty + 1) * height / newHeight)
            for tx in 0..<newWidth {
                let x0 = tx * width / newWidth, x1 = max(x0 + 1, (tx + 1) * width / newWidth)
                var sum: Float = 0
                for y in y0..<y1 { for x in x0..<x1 { sum += values[y * width + x] } }
                out[ty * newWidth + tx] = sum / Float((y1 - y0) * (x1 - x0))
            }
        }
        return GreyPlane(width: newWidth, height: newHeight, values: out)
    }

    /// 8-bit copy (for the face detector).
    var bytes: [UInt8] { values.map { UInt8(min(255, max(0, $0.rounded()))) } }
}
