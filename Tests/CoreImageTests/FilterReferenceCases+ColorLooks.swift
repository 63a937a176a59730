import Foundation
import CoreImage

extension FilterCases {
    /// Thermal and X-ray ramps, Lab conversions, Otsu's threshold and dither (`color_looks` in
    /// `References/reference.py`). Tolerances cover float32 maths (cube roots, sRGB curves in `Float`).
    static var colorLooks: [FilterCase] {
        [
            color("thermal", "CIThermal", tolerance: 2e-5),
            FilterCase(name: "xRay", region: small, tolerance: 2e-5) {
                TestImages.alphaPattern(width: 4, height: 3, seed: 0).applyingFilter("CIXRay")
            },
            FilterCase(name: "convertRGBtoLab", region: small, tolerance: 5e-4) {
                TestImages.alphaPattern(width: 4, height: 3, seed: 0).applyingFilter("CIConvertRGBtoLab")
            },
            FilterCase(name: "convertRGBtoLabNormalized", region: small, tolerance: 5e-6) {
                TestImages.alphaPattern(width: 4, height: 3, seed: 0).applyingFilter("CIConvertRGBtoLab", parameters: ["inputNormalize": true])
            },
            color("convertLabToRGB", "CIConvertLabToRGB", ["inputNormalize": true], tolerance: 2e-5),
            area("colorThresholdOtsu", "CIColorThresholdOtsu", tolerance: 0),
            area("dither", "CIDither", [kCIInputIntensityKey: 0.3], tolerance: 5e-5),
        ]
    }
}
