import Foundation

extension FilterCatalog {
    /// CIMorphologyRectangleMinimum: each premultiplied component is the minimum over an odd `inputWidth` ×
    /// `inputHeight` rectangle centred on the pixel (clear outside the input).
    static let morphologyRectangleMinimum = morphologyRectangle(
        "CIMorphologyRectangleMinimum", .minimum,
        summary: "Darkens areas of an image by applying a rectangular morphological maximum operation to the image.")
}
