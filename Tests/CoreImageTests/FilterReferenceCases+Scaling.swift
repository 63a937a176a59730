import Foundation
import CoreImage

extension FilterCases {
    /// Bicubic and maximum scaling, clamp and nearest sampling (`scaling_and_sampling` in `References/reference.py`).
    static var scalingAndSampling: [FilterCase] {
        [
            area("bicubicScaleTransform", "CIBicubicScaleTransform", [kCIInputScaleKey: 0.6, kCIInputAspectRatioKey: 1.3,
                                                                      "inputB": 1.0 / 3, "inputC": 1.0 / 3],
                 region: CGRect(x: 0, y: 0, width: 9, height: 6), tolerance: 5e-5),
            area("bicubicScaleTransformUp", "CIBicubicScaleTransform", [kCIInputScaleKey: 1.5],
                 region: CGRect(x: 0, y: 0, width: 18, height: 15), tolerance: 5e-5),
            area("maximumScaleTransform", "CIMaximumScaleTransform", [kCIInputScaleKey: 0.5, kCIInputAspectRatioKey: 1.5],
                 region: CGRect(x: 0, y: 0, width: 9, height: 5), tolerance: 1e-6),
            area("clamp", "CIClamp", [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 2, y: 1, width: 6, height: 5))],
                 region: CGRect(x: -2, y: -2, width: 16, height: 14), tolerance: 1e-6),
            FilterCase(name: "sampleNearest", region: CGRect(x: -20, y: 0, width: 40, height: 36), tolerance: 1e-6) {
                let t = CGAffineTransform(a: 2.5 * cos(0.3), b: 2.5 * sin(0.3), c: -2.5 * sin(0.3), d: 2.5 * cos(0.3), tx: 1, ty: 2)
                return TestImages.patternImage(width: 12, height: 10).applyingFilter("CISampleNearest")
                    .applyingFilter("CIAffineTransform", parameters: [kCIInputTransformKey: CIVector(cgAffineTransform: t)])
            },
        ]
    }
}
