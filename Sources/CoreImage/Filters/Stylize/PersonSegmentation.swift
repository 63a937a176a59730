import Foundation

extension FilterCatalog {
    /// CIPersonSegmentation: Apple runs the Vision framework's person-segmentation network and returns a mask of the
    /// people in the image. That network is not available here and no classical method gives a comparable mask, so the
    /// filter exists by name with Apple's attributes and always gives no output (`nil`) — never the input passed
    /// through.
    static let personSegmentation = FilterDefinition(
        name: "CIPersonSegmentation", display: "Person Segmentation", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Returns a segmentation mask that is red in pixels where a person is likely to be.",
        parameters: [
            .image(),
            FilterParameter("inputQualityLevel", .number, summary: "Determines the size and smoothness of the generated mask (0: accurate, 1: balanced, 2: fast).",
                            default: .number(0)),
        ], mac: "12.0", iOS: "15"
    ) { _ in nil }
}
