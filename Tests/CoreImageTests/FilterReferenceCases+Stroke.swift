import Foundation
import CoreImage

extension FilterCases {
    /// `CIRoundedRectangleStrokeGenerator` (`rounded_rectangle_stroke` in `References/reference.py`).
    static var stroke: [FilterCase] {
        [FilterCase(name: "roundedRectangleStrokeGenerator", region: CGRect(x: 0, y: 0, width: 16, height: 12), tolerance: 3e-5) {
            CIFilter(name: "CIRoundedRectangleStrokeGenerator", parameters: [
                kCIInputExtentKey: CIVector(x: 1.5, y: 2, z: 12, w: 8.5), kCIInputRadiusKey: 3, kCIInputWidthKey: 2.2,
                kCIInputColorKey: CIColor(red: 0.2, green: 0.6, blue: 0.9)])?.outputImage
        }]
    }
}
