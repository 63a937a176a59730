import Foundation
import ImageIO

/// A RAW development's first stage at half size, for scale factors of 0.5 and below: each 2×2 quad of
/// photosites (one red, two green, one blue) becomes one pixel, so no colour is interpolated and a quarter of
/// the work is done. Normalisation, white balance, clipping (or highlight recovery) and the camera matrix are as
/// in ``BayerDemosaic``.
/// A sensor with an odd width or height drops its last column or row.
struct HalfSizeDemosaic: AreaKernel {
    let base: BayerDemosaic

    var name: String { "demosaic-half" }
    var signature: String { base.signature }
    var arity: Int { 0 }
    func extent(of inputs: [Image]) -> CGRect { CGRect(x: 0, y: 0, width: base.sensor.width / 2, height: base.sensor.height / 2) }
    func isOpaque(inputs: [Image]) -> Bool { true }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { PixelRect(x: 0, y: 0, width: 0, height: 0) }
    /// Three rows of camera RGB planes.
    func scratchFloats(width: Int, height: Int) -> Int { 3 * width }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let sensor = base.sensor
        let halfWidth = sensor.width / 2, halfHeight = sensor.height / 2
        let rect = output.rect.intersection(PixelRect(x: 0, y: 0, width: halfWidth, height: halfHeight))
        if rect != output.rect { output.clear() }
        guard !rect.isEmpty else { return }
        let scales = base.scales, blacks = base.blacks, ceilings = base.ceilings, pattern = sensor.pattern
        let mosaic = sensor.mosaic
        // Camera RGB of one row in three planes, then the same finish as the full-size demosaic.
        let red = scratch, green = red + rect.width, blue = green + rect.width
        for imageRow in rect.y..<rect.maxY {
            let sensorRow = 2 * (halfHeight - 1 - imageRow)
            let top = mosaic.row(sensorRow), bottom = mosaic.row(sensorRow + 1)
            for i in 0..<rect.width {
                let x = 2 * (rect.x + i)
                var sum = SIMD3<Float>(repeating: 0)
                func add(_ raw: UInt16, _ position: Int) {
                    sum[pattern[position]] += min(max((Float(raw) - blacks[position]) * scales[position], 0), ceilings[position])
                }
                add(top[x], 0); add(top[x + 1], 1); add(bottom[x], 2); add(bottom[x + 1], 3)
                (red[i], green[i], blue[i]) = (sum.x, sum.y * 0.5, sum.z)
            }
            base.finishRow(red, green, blue, count: rect.width, into: output.pointer(rect.x, imageRow))
        }
    }
}
