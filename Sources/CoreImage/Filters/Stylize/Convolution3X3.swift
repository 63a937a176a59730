import Foundation

extension FilterCatalog {
    /// CIConvolution3X3: a 3 × 3 weight matrix (row 0 = top row) applied to premultiplied RGBA, plus a bias,
    /// clamped to 0…1 (see ``convolution(_:width:height:display:summary:weightsSummary:iOS:)``).
    static let convolution3X3 = convolution("CIConvolution3X3", width: 3, height: 3, display: "3 by 3 Convolution",
                                            summary: "Convolution with 3 by 3 matrix.",
                                            weightsSummary: "A vector containing the 9 weights of the convolution kernel.", iOS: "7")
}
