import Foundation

extension FilterCatalog {
    /// CIMorphologyRectangleMaximum: each premultiplied component is the maximum over an odd `inputWidth` ×
    /// `inputHeight` rectangle centred on the pixel.
    static let morphologyRectangleMaximum = morphologyRectangle(
        "CIMorphologyRectangleMaximum", .maximum,
        summary: "Lightens areas of an image by applying a rectangular morphological maximum operation to the image.")
}
