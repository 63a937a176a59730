import Foundation
import CoreImage

extension FilterCases {
    /// The line overlay and guided filter added with issue 19 (`lines_and_guides` in `References/reference.py`), on
    /// the 12×10 pattern.
    static var linesAndGuides: [FilterCase] {
        [
            area("lineOverlay", "CILineOverlay", ["inputNRNoiseLevel": 0.02, "inputNRSharpness": 0.5, "inputEdgeIntensity": 2, "inputThreshold": 0.05,
                                                  kCIInputContrastKey: 8], tolerance: 1e-4),
            area("guidedFilter", "CIGuidedFilter", ["inputGuideImage": TestImages.alphaPattern(width: 12, height: 10, seed: 1), kCIInputRadiusKey: 2,
                                                    "inputEpsilon": 0.01], tolerance: 1e-4),
        ]
    }
}
