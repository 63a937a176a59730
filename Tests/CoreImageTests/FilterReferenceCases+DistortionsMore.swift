import Foundation
import CoreImage

extension FilterCases {
    /// The distortions and the zoom blur added with issue 19 (`distortions_more` in `References/reference.py`),
    /// on the 12×10 pattern.
    static var distortionsMore: [FilterCase] {
        let centre = CIVector(x: 5.3, y: 4.1)
        let map = TestImages.alphaPattern(width: 12, height: 10, seed: 2)
        let texture = TestImages.alphaPattern(width: 5, height: 4, seed: 2)
        return [
            area("lightTunnel", "CILightTunnel", [kCIInputCenterKey: centre, kCIInputRadiusKey: 3, "inputRotation": 0.8],
                 region: CGRect(x: -4, y: -4, width: 20, height: 18), tolerance: 5e-5),
            area("torusLensDistortion", "CITorusLensDistortion", [kCIInputCenterKey: centre, kCIInputRadiusKey: 3, kCIInputWidthKey: 4,
                                                                  kCIInputRefractionKey: 1.7], tolerance: 5e-5),
            area("glassLozenge", "CIGlassLozenge", ["inputPoint0": CIVector(x: 3.2, y: 3.7), "inputPoint1": CIVector(x: 8.9, y: 6.1),
                                                    kCIInputRadiusKey: 2.6, kCIInputRefractionKey: 1.7], tolerance: 5e-5),
            area("displacementDistortion", "CIDisplacementDistortion", ["inputDisplacementImage": map, kCIInputScaleKey: 3], tolerance: 5e-5),
            area("glassDistortion", "CIGlassDistortion", ["inputTexture": texture, kCIInputCenterKey: CIVector(x: 6.7, y: 3.2), kCIInputScaleKey: 4],
                 tolerance: 5e-5),
            area("zoomBlur", "CIZoomBlur", [kCIInputCenterKey: centre, kCIInputAmountKey: 30], tolerance: 5e-5),
        ]
    }
}
