import Foundation

extension FilterCatalog {
    /// A `CIConvolution…` definition: `inputWeights` (width × height values, top row first) and `inputBias`
    /// over ``MatrixConvolution``. Apple's documented maths: every component, alpha included, is the sum of the
    /// element-wise product of the weights and the (premultiplied) neighbourhood plus the bias, clamped to 0…1.
    /// A weight vector of another length than width × height gives no output (never a silently different kernel).
    static func convolution(_ name: String, width: Int, height: Int, display: String, summary: String,
                            weightsSummary: String, iOS: String) -> FilterDefinition {
        let identity = (0..<(width * height)).map { $0 == width * height / 2 ? 1.0 : 0.0 }
        return FilterDefinition(
            name: name, display: display,
            categories: [kCategory.stylize, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
            summary: summary,
            parameters: [
                .image(),
                .vector(kCIInputWeightsKey, identity, identity: identity, summary: weightsSummary),
                .scalar(kCIInputBiasKey, 0, identity: 0, summary: "A value that is added to the RGBA components of the output pixel."),
            ],
            mac: "10.9", iOS: iOS
        ) { args in
            guard let image = args.image() else { return nil }
            let weights = args.vector(kCIInputWeightsKey)
            guard weights.count == width * height else { return nil }
            return image.applying(area: MatrixConvolution(name: "convolution\(width)x\(height)", width: width, height: height,
                                                          weights: weights.map(Float.init), bias: args.float(kCIInputBiasKey)))
        }
    }
}
