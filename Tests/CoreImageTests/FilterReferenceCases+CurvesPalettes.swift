import Foundation
import CoreImage

extension FilterCases {
    /// Colour curves, palettes and spot colours (`curves_palettes_spots` in `References/reference.py`).
    static var curvesPalettesSpots: [FilterCase] {
        let curves: [Float] = [0, 0.2, 1, 0.1, 0.3, 0.6, 0.5, 0.4, 0.3, 1, 0.9, 0]
        let data = curves.withUnsafeBytes { Data($0) }
        let domain = CIVector(x: 0.1, y: 0.9)
        return [
            color("colorCurves", "CIColorCurves", ["inputCurvesData": data, "inputCurvesDomain": domain], tolerance: 2e-6),
            color("colorCurvesSRGB", "CIColorCurves", ["inputCurvesData": data, "inputCurvesDomain": domain,
                                                       "inputColorSpace": CGColorSpace(name: CGColorSpace.sRGB)!], tolerance: 1e-4),
            area("palettize", "CIPalettize", ["inputPaletteImage": ReferenceInputs.palette], tolerance: 1e-6),
            area("palettizePerceptual", "CIPalettize", ["inputPaletteImage": ReferenceInputs.palette, "inputPerceptual": true], tolerance: 1e-6),
            area("paletteCentroid", "CIPaletteCentroid", ["inputPaletteImage": ReferenceInputs.palette],
                 region: CGRect(x: 0, y: 0, width: 4, height: 1), tolerance: 1e-5),
            area("spotColor", "CISpotColor", [
                "inputCenterColor1": CIColor(red: 0.5, green: 0.45, blue: 0.55), "inputReplacementColor1": CIColor(red: 1, green: 0, blue: 0),
                "inputCloseness1": 0.3, "inputContrast1": 0.5,
                "inputCenterColor2": CIColor(red: 0.2, green: 0.4, blue: 0.5), "inputReplacementColor2": CIColor(red: 0, green: 1, blue: 0),
                "inputCloseness2": 0.25, "inputContrast2": 0.9,
                "inputCenterColor3": CIColor(red: 0.9, green: 0.9, blue: 0.9), "inputReplacementColor3": CIColor(red: 0, green: 0, blue: 1),
                "inputCloseness3": 0.1, "inputContrast3": 1], tolerance: 2e-4),
        ]
    }
}

extension ReferenceInputs {
    /// `PALETTE` of reference.py: four linear colours in a 4 × 1 image at the origin.
    static var palette: CIImage {
        let linear = CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!
        let colours: [(Double, Double, Double)] = [(0.05, 0.1, 0.2), (0.6, 0.1, 0.1), (0.2, 0.5, 0.2), (0.8, 0.8, 0.6)]
        var image = CIImage.empty()
        for (i, c) in colours.enumerated() {
            image = CIImage(color: CIColor(red: c.0, green: c.1, blue: c.2, alpha: 1, colorSpace: linear)!)
                .cropped(to: CGRect(x: i, y: 0, width: 1, height: 1)).composited(over: image)
        }
        return image
    }
}
