import Foundation

extension FilterCatalog {
    /// CIConvolution9Horizontal: 9 weights along x (weight 0 = leftmost, x − 4) applied to premultiplied RGBA,
    /// plus a bias, clamped to 0…1 (see ``convolution(_:width:height:display:summary:weightsSummary:iOS:)``).
    static let convolution9Horizontal = convolution("CIConvolution9Horizontal", width: 9, height: 1, display: "Horizontal 9 Convolution",
                                                    summary: "Horizontal Convolution with 9 values.",
                                                    weightsSummary: "A vector containing the 9 weights of the convolution kernel.", iOS: "7")
}
