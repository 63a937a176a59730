import Foundation

extension FilterCatalog {
    /// CIMorphologyMinimum: each premultiplied component is the minimum over a disc of `inputRadius` (erosion);
    /// pixels outside the input count as clear, so the image's border erodes too.
    static let morphologyMinimum = morphologyDisc("CIMorphologyMinimum", .minimum,
                                                  summary: "Darkens areas of an image by applying a circular morphological maximum operation to the image.")
}
