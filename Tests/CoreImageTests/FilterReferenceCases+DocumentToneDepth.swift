import Foundation
import CoreImage

extension FilterCases {
    /// The 12×10 pattern through CIDepthBlurEffect with the pattern itself as the disparity map, aperture 2.
    static func depthBlurred(_ extra: [String: any Sendable]) -> CIImage {
        let pattern = TestImages.patternImage(width: 12, height: 10)
        var parameters: [String: any Sendable] = ["inputDisparityImage": pattern, "inputAperture": 2]
        parameters.merge(extra) { $1 }
        return pattern.applyingFilter("CIDepthBlurEffect", parameters: parameters)
    }

    /// CIDocumentEnhancer, CISystemToneMap and CIDepthBlurEffect (`document_tone_depth` in `References/reference.py`).
    static var documentToneDepth: [FilterCase] {
        [
            area("documentEnhancer", "CIDocumentEnhancer", [kCIInputAmountKey: 1.5], tolerance: 2e-5),
            area("documentEnhancerHalf", "CIDocumentEnhancer", [kCIInputAmountKey: 0.5], tolerance: 2e-5),
            FilterCase(name: "systemToneMap", region: medium, tolerance: 2e-5) {
                darkened(-3).applyingFilter("CISystemToneMap", parameters: ["inputDisplayHeadroom": 2])
            },
            FilterCase(name: "systemToneMapConstrained", region: medium, tolerance: 2e-5) {
                darkened(-3).applyingFilter("CISystemToneMap", parameters: ["inputDisplayHeadroom": 9,
                                                                            "inputPreferredDynamicRange": "kCIDynamicRangeConstrainedHigh"])
            },
            FilterCase(name: "systemToneMapStandard", region: medium, tolerance: 2e-5) {
                darkened(-3).applyingFilter("CISystemToneMap", parameters: ["inputDisplayHeadroom": 4,
                                                                            "inputPreferredDynamicRange": "kCIDynamicRangeStandard"])
            },
            FilterCase(name: "depthBlurEffect", region: medium, tolerance: 3e-5) {
                depthBlurred(["inputFocusRect": CIVector(x: 0, y: 0, z: 0.25, w: 1)])
            },
            FilterCase(name: "depthBlurEffectNearest", region: medium, tolerance: 3e-5) { depthBlurred([:]) },
        ]
    }
}
