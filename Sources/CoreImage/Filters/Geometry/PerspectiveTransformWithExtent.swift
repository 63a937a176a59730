import Foundation

extension FilterCatalog {
    /// CIPerspectiveTransformWithExtent: ``perspectiveTransform`` with `inputExtent` in place of the input's
    /// extent: the projective map takes that rectangle's corners to the four points (what lies outside the
    /// rectangle is carried along by the same map). The extent is the four points' bounding box; an empty
    /// rectangle or points that make no projective map give no output.
    static let perspectiveTransformWithExtent = FilterDefinition(
        name: "CIPerspectiveTransformWithExtent", display: "Perspective Transform with Extent",
        categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage],
        summary: "Alters the geometry of a portion of an image to simulate the observer changing viewing position.",
        parameters: [.image(), .rectangle(kCIInputExtentKey, [0, 0, 300, 300], summary: "A rectangle that defines the extent of the effect.")]
            + PerspectiveMap.corners("The {corner} coordinate to map the extent to."), mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let source = args.rect(kCIInputExtentKey)
        guard !source.isEffectivelyInfinite else { return nil }
        return PerspectiveMap.apply(image, source: source, args)
    }
}
