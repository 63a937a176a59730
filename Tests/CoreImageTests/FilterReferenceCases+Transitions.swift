import Foundation
import CoreImage

extension FilterCases {
    /// The transitions added with issue 19 (`transitions_more` in `References/reference.py`): the 12×10 pattern
    /// going to the seeded alpha pattern 1, at a time inside the transition.
    static var transitionsMore: [FilterCase] {
        func transition(_ reference: String, _ filter: String, _ parameters: [String: any Sendable], tolerance: Float = 2e-5) -> FilterCase {
            FilterCase(name: reference, region: medium, tolerance: tolerance) {
                var all = parameters
                all[kCIInputTargetImageKey] = TestImages.alphaPattern(width: 12, height: 10, seed: 1)
                return TestImages.patternImage(width: 12, height: 10).applyingFilter(filter, parameters: all)
            }
        }
        let whole = CIVector(x: 0, y: 0, z: 12, w: 10)
        return [
            transition("disintegrateWithMaskTransition", "CIDisintegrateWithMaskTransition", [
                kCIInputMaskImageKey: TestImages.alphaPattern(width: 12, height: 10, seed: 2), kCIInputTimeKey: 0.4,
                "inputShadowRadius": 3, "inputShadowOffset": CIVector(x: 1, y: -2)], tolerance: 3e-5),
            transition("flashTransition", "CIFlashTransition", [kCIInputCenterKey: CIVector(x: 4.3, y: 6.2),
                                                                kCIInputExtentKey: CIVector(x: 1, y: 1, z: 10, w: 8), kCIInputTimeKey: 0.3], tolerance: 5e-5),
            transition("flashTransitionFading", "CIFlashTransition", [kCIInputCenterKey: CIVector(x: 4.3, y: 6.2),
                                                                      kCIInputExtentKey: CIVector(x: 1, y: 1, z: 10, w: 8), kCIInputTimeKey: 0.93], tolerance: 5e-5),
            transition("copyMachineTransition", "CICopyMachineTransition", [kCIInputExtentKey: CIVector(x: 1, y: 2, z: 9, w: 6),
                                                                            kCIInputAngleKey: 0.6, kCIInputWidthKey: 4, kCIInputTimeKey: 0.45], tolerance: 5e-5),
            transition("modTransition", "CIModTransition", [kCIInputCenterKey: CIVector(x: 5.3, y: 4.1), kCIInputAngleKey: 0.7, kCIInputRadiusKey: 2,
                                                            "inputCompression": 6, kCIInputTimeKey: 0.5]),
            transition("rippleTransition", "CIRippleTransition", [kCIInputCenterKey: CIVector(x: 5.3, y: 4.1), kCIInputExtentKey: whole,
                                                                  kCIInputWidthKey: 4, kCIInputScaleKey: 1.5, kCIInputTimeKey: 0.5], tolerance: 5e-5),
            transition("accordionFoldTransition", "CIAccordionFoldTransition", ["inputBottomHeight": 2, "inputNumberOfFolds": 3,
                                                                                "inputFoldShadowAmount": 0.4, kCIInputTimeKey: 0.35], tolerance: 5e-5),
            transition("pageCurlTransition", "CIPageCurlTransition", [kCIInputExtentKey: whole, kCIInputAngleKey: 0.4, kCIInputRadiusKey: 2,
                                                                      kCIInputTimeKey: 0.4], tolerance: 5e-5),
            transition("pageCurlWithShadowTransition", "CIPageCurlWithShadowTransition", [
                kCIInputExtentKey: whole, kCIInputAngleKey: 0.4, kCIInputRadiusKey: 2, kCIInputTimeKey: 0.4,
                "inputBacksideImage": TestImages.alphaPattern(width: 12, height: 10, seed: 2), "inputShadowSize": 0.8, "inputShadowAmount": 0.6],
                       tolerance: 5e-5),
        ]
    }
}
