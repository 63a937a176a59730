import Foundation
import CoreGraphics

/// Where to cut a photo for a page cell: the largest rectangle of the cell's shape inside the allowed part,
/// centred on the focus point as far as the allowed part lets it (pixel coordinates, origin top-left).
enum PhotoCrop {
    static func rect(imageWidth: Double, imageHeight: Double, cellAspect: Double, allowed: [Double], focus: [Double]?) -> CGRect {
        let ax = allowed[0] * imageWidth, ay = allowed[1] * imageHeight
        let aw = max(1, allowed[2] * imageWidth), ah = max(1, allowed[3] * imageHeight)
        let (w, h) = aw / ah > cellAspect ? (ah * cellAspect, ah) : (aw, aw / cellAspect)
        let fx = (focus?[0] ?? (allowed[0] + allowed[2] / 2)) * imageWidth
        let fy = (focus?[1] ?? (allowed[1] + allowed[3] / 2)) * imageHeight
        let x = min(max(fx - w / 2, ax), ax + aw - w)
        let y = min(max(fy - h / 2, ay), ay + ah - h)
        return CGRect(x: x, y: y, width: w, height: h)
    }
}
