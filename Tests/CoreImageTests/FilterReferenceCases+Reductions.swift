import Foundation
import CoreImage

extension FilterCases {
    /// The extrema, bounds and logarithmic-histogram reductions and the histogram display (`reductions_more` in
    /// `References/reference.py`). Minima, maxima and bins are exact, so tolerances only cover float32 output.
    static var reductionsMore: [FilterCase] {
        let box = CIVector(cgRect: CGRect(x: 2, y: 1, width: 8, height: 6))
        let origin = CGRect(x: 2, y: 1, width: 1, height: 1)
        return [
            area("areaMaximum", "CIAreaMaximum", [kCIInputExtentKey: box], region: origin, tolerance: 1e-6),
            area("areaMinimum", "CIAreaMinimum", [kCIInputExtentKey: box], region: origin, tolerance: 1e-6),
            area("areaMinMax", "CIAreaMinMax", [kCIInputExtentKey: box], region: CGRect(x: 2, y: 1, width: 2, height: 1), tolerance: 1e-6),
            area("areaMinMaxRed", "CIAreaMinMaxRed", [kCIInputExtentKey: box], region: origin, tolerance: 1e-6),
            area("areaAverageMaximumRed", "CIAreaAverageMaximumRed", [kCIInputExtentKey: box], region: origin, tolerance: 1e-6),
            // Default extent (0, 0, 640, 80), cut to the 12 × 10 image.
            FilterCase(name: "areaMaximumAlpha", region: CGRect(x: 0, y: 0, width: 1, height: 1), tolerance: 1e-6) {
                TestImages.alphaPattern(width: 12, height: 10, seed: 1).applyingFilter("CIAreaMaximumAlpha")
            },
            FilterCase(name: "areaMinimumAlpha", region: CGRect(x: 0, y: 0, width: 1, height: 1), tolerance: 1e-6) {
                TestImages.alphaPattern(width: 12, height: 10, seed: 1).applyingFilter("CIAreaMinimumAlpha")
            },
            FilterCase(name: "areaBoundsRed", region: CGRect(x: 1, y: 1, width: 1, height: 1), tolerance: 1e-6) {
                TestImages.patternImage(width: 12, height: 10)
                    .applyingFilter("CIColorMatrix", parameters: ["inputBiasVector": CIVector(x: -0.5, y: 0, z: 0, w: 0)])
                    .applyingFilter("CIAreaBoundsRed", parameters: [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 1, y: 1, width: 10, height: 8))])
            },
            area("areaLogarithmicHistogram", "CIAreaLogarithmicHistogram", [
                kCIInputExtentKey: CIVector(cgRect: CGRect(x: 0, y: 0, width: 12, height: 10)), "inputCount": 16, kCIInputScaleKey: 2,
                "inputMinimumStop": -8, "inputMaximumStop": 1], region: CGRect(x: 0, y: 0, width: 16, height: 1), tolerance: 1e-6),
            FilterCase(name: "histogramDisplayFilter", region: CGRect(x: 0, y: 0, width: 8, height: 12), tolerance: 1e-6) {
                TestImages.patternImage(width: 12, height: 10)
                    .applyingFilter("CIAreaHistogram", parameters: [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 0, y: 0, width: 12, height: 10)),
                                                                   "inputCount": 8, kCIInputScaleKey: 4])
                    .applyingFilter("CIHistogramDisplayFilter", parameters: ["inputHeight": 12, "inputLowLimit": 0.25, "inputHighLimit": 0.7])
            },
        ]
    }
}
