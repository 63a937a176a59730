import Foundation

extension FilterCatalog {
    /// CIMorphologyMaximum: each premultiplied component is the maximum over a disc of `inputRadius` (dilation).
    static let morphologyMaximum = morphologyDisc("CIMorphologyMaximum", .maximum,
                                                  summary: "Lightens areas of an image by applying a circular morphological maximum operation to the image.")
}
