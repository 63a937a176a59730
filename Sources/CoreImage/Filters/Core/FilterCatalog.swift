import Foundation

/// The built-in filters, one definition per file in `Filters/`, listed here once. Read by `CIFilter(name:)`,
/// `CIFilter.filterNames(inCategory:)`, `CIFilter.attributes` and `photos image filters`.
package enum FilterCatalog {
    package static let all: [FilterDefinition] = colorAdjustment + colorEffect + blurAndSharpen + geometry + compositing
        + generators + stylize + reductions + tileEffects + distortions + halftones
        + transitions

    /// Filters that exist by name but are not listed by `filterNames(inCategory:)`, like Apple's private ones that
    /// `CIImage.autoAdjustmentFilters(options:)` returns (`CIRedEyeCorrection`).
    package static let unlisted: [FilterDefinition] = [redEyeCorrection]

    private static let byName: [String: FilterDefinition] = Dictionary(uniqueKeysWithValues: (all + unlisted).map { ($0.name, $0) })

    /// The definition of a built-in filter, or `nil`.
    package static func definition(named name: String) -> FilterDefinition? { byName[name] }
}
