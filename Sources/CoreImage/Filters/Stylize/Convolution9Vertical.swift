import Foundation

extension FilterCatalog {
    /// CIConvolution9Vertical: 9 weights along y (weight 0 = top, y + 4 in y-up coordinates) applied to
    /// premultiplied RGBA, plus a bias, clamped to 0…1 (see ``convolution(_:width:height:display:summary:weightsSummary:iOS:)``).
    static let convolution9Vertical = convolution("CIConvolution9Vertical", width: 1, height: 9, display: "Vertical 9 Convolution",
                                                  summary: "Vertical Convolution with 9 values.",
                                                  weightsSummary: "A vector containing the 9 weights of the convolution kernel.", iOS: "7")
}
