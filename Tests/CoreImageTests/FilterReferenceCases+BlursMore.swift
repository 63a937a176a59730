import Foundation
import CoreImage

extension FilterCases {
    /// The bokeh blur and depth of field added with issue 19 (`blurs_more` in `References/reference.py`), on the
    /// 12×10 pattern.
    static var blursMore: [FilterCase] {
        [
            area("bokehBlur", "CIBokehBlur", [kCIInputRadiusKey: 3.4, "inputRingAmount": 0.5, "inputRingSize": 0.2, "inputSoftness": 1],
                 region: CGRect(x: -3, y: -3, width: 18, height: 16), tolerance: 5e-5),
            area("depthOfField", "CIDepthOfField", ["inputPoint0": CIVector(x: 1, y: 2), "inputPoint1": CIVector(x: 11, y: 7), kCIInputSaturationKey: 1.4,
                                                    "inputUnsharpMaskRadius": 1.5, "inputUnsharpMaskIntensity": 0.8, kCIInputRadiusKey: 2], tolerance: 1e-4),
        ]
    }
}
