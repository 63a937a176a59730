import Foundation
import CoreImage

extension FilterCases {
    /// `CICMYKHalftone` (`cmyk_halftone` in `References/reference.py`), on the 12×10 pattern.
    static var cmyk: [FilterCase] {
        [area("cmykHalftone", "CICMYKHalftone", [kCIInputCenterKey: CIVector(x: 4.3, y: 6.2), kCIInputWidthKey: 3, kCIInputSharpnessKey: 0.6,
                                                 kCIInputAngleKey: 0.3, "inputGCR": 0.8, "inputUCR": 0.4], tolerance: 5e-5)]
    }
}
