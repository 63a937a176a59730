import Foundation
import CoreImage

extension FilterCases {
    /// The 12×10 pattern darkened by `stops` (CIExposureAdjust; negative stops brighten).
    static func darkened(_ stops: Double) -> CIImage {
        TestImages.patternImage(width: 12, height: 10).applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: -stops])
    }

    /// The comic effect, edge work, Canny edges, distance gradients and headroom tone map added with issue 19 (`comic_and_edge_work`,
    /// `canny_edges`, `distance_gradients` and `tone_map_headroom` in `References/reference.py`).
    static var comicEdges: [FilterCase] {
        let around = CGRect(x: -2, y: -2, width: 16, height: 14)
        return [
            FilterCase(name: "comicEffect", region: medium, tolerance: 2e-4) { darkened(1).applyingFilter("CIComicEffect", parameters: [:]) },
            FilterCase(name: "edgeWork", region: medium, tolerance: 1e-4) {
                darkened(2).applyingFilter("CIEdgeWork", parameters: [kCIInputRadiusKey: 2.4])
            },
            area("cannyEdgeDetector", "CICannyEdgeDetector", ["inputGaussianSigma": 1.0, "inputThresholdHigh": 0.03, "inputThresholdLow": 0.012,
                                                          "inputHysteresisPasses": 2], tolerance: 1e-6),
            area("cannyEdgeDetectorPerceptual", "CICannyEdgeDetector", ["inputGaussianSigma": 1.0, "inputPerceptual": true], tolerance: 1e-6),
            FilterCase(name: "toneMapHeadroom", region: medium, tolerance: 2e-5) {
                darkened(-3).applyingFilter("CIToneMapHeadroom", parameters: ["inputSourceHeadroom": 6, "inputTargetHeadroom": 2])
            },
            FilterCase(name: "distanceGradientFromRedMask", region: around, tolerance: 2e-6) {
                darkened(-2).applyingFilter("CIDistanceGradientFromRedMask", parameters: ["inputMaximumDistance": 3.5])
            },
            FilterCase(name: "signedDistanceGradientFromRedMask", region: around, tolerance: 2e-6) {
                darkened(-2).applyingFilter("CISignedDistanceGradientFromRedMask", parameters: ["inputMaximumDistance": 2.5])
            },
        ]
    }
}
