import Foundation

extension FilterCatalog {
    /// CICoreMLModelFilter: Apple runs a Core ML model (`inputModel`, an `MLModel`) on the image and returns the
    /// output head `inputHeadIndex`. Core ML does not exist on Linux and no `MLModel` can be given, so the filter
    /// exists by name with Apple's attributes and always gives no output (`nil`) — never the input passed through.
    static let coreMLModelFilter = FilterDefinition(
        name: "CICoreMLModelFilter", display: "CoreML Model Filter", categories: [kCategory.stylize, kCategory.stillImage],
        summary: "Generates output image by applying input CoreML model to the input image.",
        parameters: [
            .image(),
            FilterParameter("inputModel", .model, summary: "The CoreML model to be used for applying effect on the image."),
            .scalar("inputHeadIndex", 0, type: "CIAttributeTypeInteger", min: 0, max: 10,
                    summary: "A number to specify which output of a multi-head CoreML model should be used for applying effect on the image."),
            .scalar("inputSoftmaxNormalization", 0, type: "CIAttributeTypeBoolean", min: 0, max: 1,
                    summary: "A boolean value to specify that Softmax normalization should be applied to the output of the model."),
        ], mac: "10.14", iOS: "12"
    ) { _ in nil }
}
