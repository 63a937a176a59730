import Foundation
import CoreImage

extension FilterCases {
    /// Stretch crop, perspective rotate and the keystone corrections (`camera_filters` in `References/reference.py`:
    /// the camera homography built there with numpy matrices and inverted per pixel).
    static var cameraFilters: [FilterCase] {
        let around = CGRect(x: -8, y: -8, width: 28, height: 26)
        func guides(_ tl: (Double, Double), _ tr: (Double, Double), _ br: (Double, Double), _ bl: (Double, Double)) -> [String: any Sendable] {
            ["inputTopLeft": CIVector(x: tl.0, y: tl.1), "inputTopRight": CIVector(x: tr.0, y: tr.1),
             "inputBottomRight": CIVector(x: br.0, y: br.1), "inputBottomLeft": CIVector(x: bl.0, y: bl.1)]
        }
        return [
            area("stretchCrop", "CIStretchCrop", ["inputSize": CIVector(x: 16, y: 6), "inputCropAmount": 0.4, "inputCenterStretchAmount": 0.6],
                 region: CGRect(x: 0, y: 0, width: 16, height: 6), tolerance: 5e-5),
            area("perspectiveRotate", "CIPerspectiveRotate", ["inputPitch": 0.2, "inputYaw": -0.15, "inputRoll": 0.1],
                 region: around, tolerance: 1e-4),
            area("keystoneCorrectionVertical", "CIKeystoneCorrectionVertical", guides((3, 9), (9, 9), (10, 1), (2, 1)), region: around, tolerance: 1e-4),
            area("keystoneCorrectionHorizontal", "CIKeystoneCorrectionHorizontal", guides((1, 8), (11, 7), (11, 3), (1, 2)), region: around, tolerance: 1e-4),
            area("keystoneCorrectionCombined", "CIKeystoneCorrectionCombined", guides((2, 9), (10, 8), (9, 2), (3, 1)), region: around, tolerance: 1e-4),
        ]
    }
}
