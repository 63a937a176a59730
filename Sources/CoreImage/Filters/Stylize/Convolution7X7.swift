import Foundation

extension FilterCatalog {
    /// CIConvolution7X7: a 7 × 7 weight matrix (row 0 = top row) applied to premultiplied RGBA, plus a bias,
    /// clamped to 0…1 (see ``convolution(_:width:height:display:summary:weightsSummary:iOS:)``).
    static let convolution7X7 = convolution("CIConvolution7X7", width: 7, height: 7, display: "7 by 7 Convolution",
                                            summary: "Convolution with 7 by 7 matrix.",
                                            weightsSummary: "A vector containing the 49 weights of the convolution kernel.", iOS: "9")
}
