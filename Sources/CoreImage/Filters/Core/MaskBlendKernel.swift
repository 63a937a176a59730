import Foundation

/// `mix(background, image, m)` on premultiplied values, m one channel of the mask (premultiplied value, so a
/// clear mask selects the background). Inputs: image, background, mask.
struct MaskBlendKernel: PixelKernel {
    let channel: Int
    var name: String { "blendWithMask[\(["red", "green", "blue", "alpha"][channel])]" }
    var signature: String { "\(channel)" }
    let arity = 3
    var dependsOnPosition: Bool { false }

    func extent(of inputs: [Image]) -> CGRect { inputs[0].extent.union(inputs[1].extent) }
    func isOpaque(inputs: [Image]) -> Bool { inputs[0].isOpaque && inputs[1].isOpaque && inputs[0].extent == inputs[1].extent }

    func apply(_ span: PixelSpan) {
        let image = span.pixels, background = span.input1!, mask = span.input2!
        for i in 0..<span.count {
            let m = min(max(mask[i * 4 + channel], 0), 1)
            for c in 0..<4 {
                let k = i * 4 + c
                image[k] = background[k] + (image[k] - background[k]) * m
            }
        }
    }
}

extension FilterCatalog {
    static func maskBlend(_ name: String, channel: Int, _ summary: String, mac: String, iOS: String) -> FilterDefinition {
        FilterDefinition(
            name: name, categories: [kCategory.compositeOperation, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.highDynamicRange],
            summary: summary,
            parameters: [
                .image(summary: "The image to use as a foreground image."),
                .image(kCIInputBackgroundImageKey, summary: "The image to use as a background image."),
                .image(kCIInputMaskImageKey, summary: "A grayscale mask that defines the blend."),
            ], mac: mac, iOS: iOS
        ) { args in
            guard let image = args.image() else { return nil }
            let background = args.image(kCIInputBackgroundImageKey) ?? .empty
            let mask = args.image(kCIInputMaskImageKey) ?? .empty
            return image.applying(MaskBlendKernel(channel: channel), [background, mask])
        }
    }
}
