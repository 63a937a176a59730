import Foundation

extension FilterCatalog {
    /// CIConvolution5X5: a 5 × 5 weight matrix (row 0 = top row) applied to premultiplied RGBA, plus a bias,
    /// clamped to 0…1 (see ``convolution(_:width:height:display:summary:weightsSummary:iOS:)``).
    static let convolution5X5 = convolution("CIConvolution5X5", width: 5, height: 5, display: "5 by 5 Convolution",
                                            summary: "Convolution with 5 by 5 matrix.",
                                            weightsSummary: "A vector containing the 25 weights of the convolution kernel.", iOS: "7")
}
