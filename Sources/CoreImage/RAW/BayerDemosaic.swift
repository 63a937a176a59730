internal import CPixelKernels
import Foundation
import ImageIO

/// The first stage of a RAW development, a source node of the image graph: it reads the sensor mosaic over a
/// tile (plus a border), normalises each photosite from black to white level, applies the white-balance
/// multipliers and clips at the saturation point (LibRaw's default highlight mode), interpolates the two missing
/// colours of every photosite, and converts camera RGB to linear sRGB primaries with the camera's matrix.
///
/// With highlight recovery, balanced values are kept up to each channel's own saturation (a channel whose
/// multiplier is above 1 goes beyond 1 before it saturates) instead of being clipped at 1, and pixels whose
/// most-saturated channel is within 10% of its saturation are blended towards neutral at their largest channel's value
/// (`HighlightRecovery`): unclipped channels keep the detail above the first channel's clipping point, so a
/// negative exposure brings it back, and clipped areas turn white instead of taking a false hue.
///
/// Methods: `.bilinear` (draft mode: each missing colour is the mean of its nearest neighbours of that colour),
/// `.gradientCorrected` (`PhotoKitLinux.1`: bilinear corrected by the local gradient of the photosite's own
/// colour, Malvar, He and Cutler's 5×5 filters) and `.ratioCorrected` (`PhotoKitLinux.2`, `pk_raw_demosaic_rcd`). Rows of the sensor run top-down; the image is y-up, so sensor row `r` is
/// image row `height − 1 − r`. Photosites beyond the edges mirror inward with the filter pattern preserved.
struct BayerDemosaic: AreaKernel {
    enum Method: String, Sendable {
        case bilinear, gradientCorrected
        /// Directional, ratio-corrected interpolation (`pk_raw_demosaic_rcd`): the default of `PhotoKitLinux.2`.
        case ratioCorrected

        /// Photosites read around a tile.
        var border: Int { self == .ratioCorrected ? Int(PK_RAW_RCD_BORDER) : 2 }
    }

    let sensor: RAWSensorData
    /// Identifies `sensor` in digests (a serial number, never an address).
    let sensorSerial: UInt64
    let method: Method
    /// Per position of the 2×2 pattern: the factor taking (raw − black) to a balanced value clipped at 1.
    let scales: [Float]
    let blacks: [Float]
    /// Camera RGB → linear sRGB.
    let matrix: CameraToRGB
    /// Highlight recovery, or nil to clip every channel at 1.
    let recovery: HighlightRecovery?
    /// Per position of the 2×2 pattern: the largest balanced value kept (1, or the channel's saturation level
    /// with highlight recovery).
    let ceilings: [Float]

    init(sensor: RAWSensorData, serial: UInt64, method: Method, whiteBalance: RAWWhiteBalance, highlightRecovery: Bool = false) {
        self.sensor = sensor
        sensorSerial = serial
        self.method = method
        // Multipliers are normalised so the smallest is 1: every channel reaches 1 at its own saturation.
        let multipliers = whiteBalance.multipliers / whiteBalance.multipliers.min()
        blacks = sensor.blackLevels
        scales = (0..<4).map { position in
            multipliers[sensor.pattern[position]] / max(sensor.whiteLevel - sensor.blackLevels[position], 1)
        }
        matrix = CameraToRGB(sensor.cameraToLinearSRGB)
        recovery = highlightRecovery ? HighlightRecovery(saturation: multipliers) : nil
        ceilings = (0..<4).map { highlightRecovery ? multipliers[sensor.pattern[$0]] : 1 }
    }

    var name: String { "demosaic" }
    var signature: String {
        "\(method.rawValue) sensor#\(sensorSerial) scales \(scales) blacks \(blacks) matrix \(matrix.rows)"
            + (recovery.map { " recovery \($0.saturation)" } ?? "")
    }
    var arity: Int { 0 }
    func extent(of inputs: [Image]) -> CGRect { CGRect(x: 0, y: 0, width: sensor.width, height: sensor.height) }
    func isOpaque(inputs: [Image]) -> Bool { true }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { PixelRect(x: 0, y: 0, width: 0, height: 0) }

    func scratchFloats(width: Int, height: Int) -> Int {
        let columns = width + 2 * method.border, rows = height + 2 * method.border
        // The mosaic; with RCD also three colour planes and five of its own, and two rows; else three rows of planes.
        return method == .ratioCorrected ? 9 * rows * columns + 2 * columns : rows * columns + 3 * width
    }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let extent = PixelRect(x: 0, y: 0, width: sensor.width, height: sensor.height)
        let rect = output.rect.intersection(extent)
        if rect != output.rect { output.clear() }
        guard !rect.isEmpty else { return }
        // Sensor rows and columns of the tile, with the border.
        let b = method.border
        let firstRow = sensor.height - rect.maxY - b, firstColumn = rect.x - b
        let rows = rect.height + 2 * b, columns = rect.width + 2 * b
        loadMosaic(into: scratch, firstRow: firstRow, firstColumn: firstColumn, rows: rows, columns: columns)
        if method == .ratioCorrected {
            return renderRatioCorrected(into: output, rect: rect, mosaic: scratch, firstRow: firstRow, firstColumn: firstColumn, rows: rows, columns: columns)
        }

        // Three planes of one row after the mosaic, then the C finish.
        let pattern = sensor.pattern
        let red = scratch + rows * columns, green = red + rect.width, blue = green + rect.width
        for imageRow in rect.y..<rect.maxY {
            let sensorRow = sensor.height - 1 - imageRow
            let centre = scratch + (sensorRow - firstRow) * columns + (rect.x - firstColumn)
            let even = pattern[(sensorRow & 1) * 2 + (rect.x & 1)], odd = pattern[(sensorRow & 1) * 2 + 1 - (rect.x & 1)]
            if method == .bilinear {
                pk_raw_bilinear_row(centre, columns, rect.width, Int32(even), Int32(odd), red, green, blue)
            } else {
                let rowHasRed = even == 0 || odd == 0
                for i in 0..<rect.width {
                    let camera = Self.gradientCorrected(centre + i, columns, colour: i & 1 == 0 ? even : odd, rowHasRed: rowHasRed)
                    (red[i], green[i], blue[i]) = (camera.x, camera.y, camera.z)
                }
            }
            finishRow(red, green, blue, count: rect.width, into: output.pointer(rect.x, imageRow))
        }
    }

    /// Demosaiced camera RGB of `count` pixels finished into RGBA (`pk_raw_finish`): highlights recovered or clipped
    /// at 1, then the camera matrix.
    func finishRow(_ red: UnsafePointer<Float>, _ green: UnsafePointer<Float>, _ blue: UnsafePointer<Float>, count: Int,
                   into out: UnsafeMutablePointer<Float>) {
        matrix.values.withUnsafeBufferPointer { matrix in
            if let recovery {
                recovery.values.withUnsafeBufferPointer { pk_raw_finish(red, green, blue, count, matrix.baseAddress, $0.baseAddress, out) }
            } else {
                pk_raw_finish(red, green, blue, count, matrix.baseAddress, nil, out)
            }
        }
    }

    /// The ratio-corrected demosaic of the loaded tile (C), then `finishRow` for each row.
    private func renderRatioCorrected(into output: Tile, rect: PixelRect, mosaic: UnsafeMutablePointer<Float>,
                                      firstRow: Int, firstColumn: Int, rows: Int, columns: Int) {
        let plane = rows * columns
        let red = mosaic + plane, green = red + plane, blue = green + plane, work = blue + plane
        let pattern = (0..<4).map { position -> Int32 in
            Int32(sensor.pattern[((firstRow + position / 2) & 1) * 2 + ((firstColumn + position % 2) & 1)])
        }
        pattern.withUnsafeBufferPointer { pk_raw_demosaic_rcd(mosaic, Int32(rows), Int32(columns), $0.baseAddress, red, green, blue, work) }
        let b = method.border
        for imageRow in rect.y..<rect.maxY {
            // Image rows run bottom-up; tile rows top-down from `firstRow`.
            let i = (sensor.height - 1 - imageRow - firstRow) * columns + b
            finishRow(red + i, green + i, blue + i, count: rect.width, into: output.pointer(rect.x, imageRow))
        }
    }

    /// Balanced, clipped photosite values of sensor rows `firstRow…` and columns `firstColumn…` (mirrored at the
    /// edges, keeping the pattern's parity) into `scratch`, `columns` per row.
    private func loadMosaic(into scratch: UnsafeMutablePointer<Float>, firstRow: Int, firstColumn: Int, rows: Int, columns: Int) {
        let width = sensor.width, height = sensor.height
        func mirror(_ i: Int, _ n: Int) -> Int {
            var i = i
            if i < 0 { i = -i }
            if i >= n { i = 2 * (n - 1) - i }
            return min(max(i, 0), n - 1)
        }
        let mosaic = sensor.mosaic
        for row in 0..<rows {
            let sensorRow = mirror(firstRow + row, height)
            let pair = (sensorRow & 1) * 2
            let scale = (scales[pair], scales[pair + 1]), black = (blacks[pair], blacks[pair + 1])
            let ceiling = (ceilings[pair], ceilings[pair + 1])
            withUnsafeBytes(of: scale) { scale in withUnsafeBytes(of: black) { black in withUnsafeBytes(of: ceiling) { ceiling in
                pk_raw_load_row(mosaic.row(sensorRow), width, firstColumn, columns,
                                scale.assumingMemoryBound(to: Float.self).baseAddress, black.assumingMemoryBound(to: Float.self).baseAddress,
                                ceiling.assumingMemoryBound(to: Float.self).baseAddress, scratch + row * columns)
            } } }
        }
    }

    /// Malvar–He–Cutler gradient-corrected interpolation (5×5, weights in eighths).
    @inline(__always)
    static func gradientCorrected(_ p: UnsafeMutablePointer<Float>, _ w: Int, colour: Int, rowHasRed: Bool) -> SIMD3<Float> {
        let c = p[0]
        let w2 = 2 * w
        let axial2 = p[-2] + p[2] + p[-w2] + p[w2]            // same colour, distance 2 along the axes
        let cross = p[-1] + p[1] + p[-w] + p[w]                // nearest four
        let diagonal = p[-w - 1] + p[-w + 1] + p[w - 1] + p[w + 1]
        if colour != 1 {
            // Green at red/blue: (4c + 2·cross − axial2) / 8. Opposite chroma: (6c + 2·diagonal − 1.5·axial2) / 8.
            let green = (4 * c + 2 * cross - axial2) * 0.125
            let opposite = (6 * c + 2 * diagonal - 1.5 * axial2) * 0.125
            return colour == 0 ? SIMD3(c, green, opposite) : SIMD3(opposite, green, c)
        }
        // Green photosite: the colour of the horizontal neighbours, then of the vertical ones.
        let horizontalPair = p[-1] + p[1], verticalPair = p[-w] + p[w]
        let horizontal2 = p[-2] + p[2], vertical2 = p[-w2] + p[w2]
        let alongRow = (5 * c + 4 * horizontalPair - diagonal - horizontal2 + 0.5 * vertical2) * 0.125
        let alongColumn = (5 * c + 4 * verticalPair - diagonal - vertical2 + 0.5 * horizontal2) * 0.125
        return rowHasRed ? SIMD3(alongRow, c, alongColumn) : SIMD3(alongColumn, c, alongRow)
    }
}

/// Highlight recovery on balanced camera RGB kept up to each channel's saturation level (`saturation`, the
/// normalised white-balance multipliers: the smallest is 1). A pixel's nearness to clipping is its largest
/// channel-to-saturation ratio k; from k = 0.9 to 1 it is blended (smoothstep) towards grey at its largest
/// channel's value, so a channel that clipped cannot give the pixel a false hue and the brightness never drops
/// below what the unclipped channels measured. Below 0.9 values are kept as they are (including above 1).
/// Computed by `pk_raw_finish`.
struct HighlightRecovery: Sendable {
    let saturation: SIMD3<Float>
    /// `saturation` as the C kernel takes it.
    let values: [Float]

    init(saturation: SIMD3<Float>) {
        self.saturation = saturation
        values = [saturation.x, saturation.y, saturation.z]
    }
}

/// A camera's 3×3 matrix to linear sRGB, applied to a demosaiced pixel by `pk_raw_finish`.
struct CameraToRGB: Sendable {
    let red: SIMD3<Float>, green: SIMD3<Float>, blue: SIMD3<Float>
    /// The matrix row-major, for the C kernel.
    let values: [Float]

    /// From a row-major 3×3 matrix.
    init(_ m: [Float]) {
        red = SIMD3(m[0], m[1], m[2]); green = SIMD3(m[3], m[4], m[5]); blue = SIMD3(m[6], m[7], m[8])
        values = Array(m.prefix(9))
    }

    /// The rows, for digests.
    var rows: [SIMD3<Float>] { [red, green, blue] }
}
