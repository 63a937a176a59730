import Foundation
import CoreImage

extension FilterCases {
    /// The spot light, height fields and gradient pairs added with issue 19 (`stylize_light` in
    /// `References/reference.py`), on the 12×10 pattern (the gradient pairs on the seeded alpha pattern 1).
    static var stylizeLight: [FilterCase] {
        let mask = TestImages.alphaPattern(width: 12, height: 10, seed: 2)
        let sphere = TestImages.alphaPattern(width: 5, height: 4, seed: 2)
        func pair(_ reference: String, _ filter: String) -> FilterCase {
            FilterCase(name: reference, region: medium, tolerance: 3e-5) {
                TestImages.alphaPattern(width: 12, height: 10, seed: 1).applyingFilter(filter, parameters: [:])
            }
        }
        return [
            area("spotLight", "CISpotLight", ["inputLightPosition": CIVector(x: 3, y: 9, z: 6), "inputLightPointsAt": CIVector(x: 8, y: 2, z: 0),
                                              kCIInputBrightnessKey: 2.5, "inputConcentration": 0.4, kCIInputColorKey: CIColor(red: 1, green: 0.9, blue: 0.7)],
                 tolerance: 5e-5),
            FilterCase(name: "heightFieldFromMask", region: medium, tolerance: 3e-5) {
                mask.applyingFilter("CIHeightFieldFromMask", parameters: [kCIInputRadiusKey: 4.5])
            },
            area("shadedMaterial", "CIShadedMaterial", [kCIInputShadingImageKey: sphere, kCIInputScaleKey: 3], tolerance: 5e-5),
            pair("sobelGradients", "CISobelGradients"),
            pair("gaborGradients", "CIGaborGradients"),
        ]
    }
}
