import Foundation

extension FilterCatalog {
    /// CISaliencyMapFilter: Apple runs a saliency network and returns a small map of where the eye is drawn. That
    /// network is not available here, so the filter exists by name with Apple's attributes and always gives no output
    /// (`nil`) — never the input passed through.
    static let saliencyMapFilter = FilterDefinition(
        name: "CISaliencyMapFilter", display: "Saliency Map Filter", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Generates output image as a saliency map of the input image.",
        parameters: [.image()], mac: "10.15", iOS: "13"
    ) { _ in nil }
}
