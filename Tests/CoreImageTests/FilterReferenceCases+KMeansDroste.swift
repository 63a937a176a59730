import Foundation
import CoreImage

extension FilterCases {
    /// `CIKMeans`, `CIDroste`, `CIMeshGenerator` and `CIBlurredRoundedRectangleGenerator` (`kmeans_droste_mesh` in
    /// `References/reference.py`). K-means and the mesh use the engine's rules exactly (float32 output); the
    /// Droste map is computed independently in complex arithmetic (float32 bilinear weights); the blurred rounded
    /// rectangle's reference convolves a 1/64-pixel supersampled shape (both within about 5e-5 of the exact integral).
    static var kMeansDrosteMesh: [FilterCase] {
        let pattern = CGRect(x: 0, y: 0, width: 12, height: 10)
        return [
            FilterCase(name: "kMeans", region: CGRect(x: 0, y: 0, width: 4, height: 1), tolerance: 1e-6) {
                TestImages.patternImage(width: 12, height: 10).applyingFilter("CIKMeans", parameters: [
                    kCIInputExtentKey: CIVector(cgRect: pattern), "inputCount": 4, "inputPasses": 3])
            },
            FilterCase(name: "kMeansSeededPerceptual", region: CGRect(x: 0, y: 0, width: 3, height: 1), tolerance: 1e-6) {
                let image = TestImages.patternImage(width: 12, height: 10)
                return image.applyingFilter("CIKMeans", parameters: [
                    kCIInputExtentKey: CIVector(cgRect: pattern), "inputMeans": image.cropped(to: CGRect(x: 0, y: 0, width: 3, height: 1)),
                    "inputCount": 3, "inputPasses": 2, "inputPerceptual": true])
            },
            FilterCase(name: "droste", region: pattern, tolerance: 1e-5) {
                TestImages.patternImage(width: 12, height: 10).applyingFilter("CIDroste", parameters: [
                    "inputInsetPoint0": CIVector(x: 9.8, y: 8), "inputInsetPoint1": CIVector(x: 5, y: 4),
                    "inputStrands": 1, "inputPeriodicity": 1, "inputRotation": 0.3, "inputZoom": 1.2])
            },
            FilterCase(name: "drosteTwoStrands", region: pattern, tolerance: 1e-5) {
                TestImages.patternImage(width: 12, height: 10).applyingFilter("CIDroste", parameters: [
                    "inputInsetPoint0": CIVector(x: 9.8, y: 8), "inputInsetPoint1": CIVector(x: 5, y: 4), "inputStrands": 2])
            },
            FilterCase(name: "meshGenerator", region: CGRect(x: 0, y: 0, width: 16, height: 12), tolerance: 1e-6) {
                CIFilter(name: "CIMeshGenerator", parameters: [
                    "inputMesh": [CIVector(x: 2, y: 2, z: 13, w: 9), CIVector(x: 3, y: 10, z: 12, w: 1.5), CIVector(x: 8, y: 5, z: 8, w: 5)],
                    kCIInputWidthKey: 2.5, kCIInputColorKey: CIColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 0.8)])?.outputImage
            },
            FilterCase(name: "blurredRoundedRectangleGenerator", region: CGRect(x: -3, y: -3, width: 21, height: 17), tolerance: 1.5e-4) {
                CIFilter(name: "CIBlurredRoundedRectangleGenerator", parameters: [
                    kCIInputExtentKey: CIVector(x: 2, y: 1.5, z: 11, w: 8), kCIInputRadiusKey: 3, "inputSigma": 1.5,
                    kCIInputColorKey: CIColor(red: 0.3, green: 0.7, blue: 0.9)])?.outputImage
            },
        ]
    }
}
