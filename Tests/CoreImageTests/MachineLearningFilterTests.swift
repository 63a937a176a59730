import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The machine-learning filters that exist here by name only: Apple's attributes, and no output whatever they are
/// given (never the input passed through).
@Suite struct MachineLearningFilterTests {
    @Test func attributesMatchAppleAndOutputsAreNil() throws {
        let image = TestImages.patternImage(width: 16, height: 12)
        for (name, display) in [("CICoreMLModelFilter", "CoreML Model Filter"), ("CIPersonSegmentation", "Person Segmentation"),
                                ("CISaliencyMapFilter", "Saliency Map Filter")] {
            let filter = try #require(CIFilter(name: name))
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect((filter.attributes[kCIAttributeFilterCategories] as? [String])?.contains(kCICategoryStylize) == true)
            filter.setValue(image, forKey: kCIInputImageKey)
            #expect(filter.outputImage == nil, "\(name)")
            #expect(image.applyingFilter(name, parameters: [:]).extent.isEmpty, "\(name)")
        }
        let model = try #require(CIFilter(name: "CICoreMLModelFilter")?.attributes["inputModel"] as? [String: Any])
        #expect(model[kCIAttributeClass] as? String == "MLModel")
        let head = try #require(CIFilter(name: "CICoreMLModelFilter")?.attributes["inputHeadIndex"] as? [String: Any])
        #expect(FilterValuesProbe.number(head[kCIAttributeMax]) == 10 && head[kCIAttributeType] as? String == kCIAttributeTypeInteger)
        let segmentation = CIFilter.personSegmentation()
        segmentation.inputImage = image; segmentation.qualityLevel = 2
        #expect(segmentation.qualityLevel == 2 && segmentation.outputImage == nil)
        let saliency = CIFilter.saliencyMap()
        saliency.inputImage = image
        #expect(saliency.outputImage == nil)
    }
}

extension FilterCases {
    /// Filters that exist by name only and never give an output (checked above instead of against numpy).
    static let withoutOutput = ["coreMLModelFilter", "personSegmentation", "saliencyMapFilter", "cameraCalibrationLensCorrection"]
}
