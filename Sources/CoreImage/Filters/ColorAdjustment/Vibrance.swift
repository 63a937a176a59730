import Foundation

extension FilterCatalog {
    /// CIVibrance: saturation raised more for muted colours than for saturated ones. With S = (max − min)/max
    /// of the unpremultiplied RGB and L its Rec. 709 luminance, `rgb' = L + (rgb − L) × (1 + amount × (1 − S))`.
    static let vibrance = FilterDefinition(
        name: "CIVibrance", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Adjusts the saturation of an image while keeping pleasing skin tones.",
        parameters: [.image(), .scalar(kCIInputAmountKey, 0, min: -1, max: 1, sliderMin: -1, sliderMax: 1, identity: 0, summary: "The amount to adjust the saturation.")],
        mac: "10.7", iOS: "5"
    ) { args in
        guard let image = args.image() else { return nil }
        let amount = args.float(kCIInputAmountKey)
        return image.mapping("vibrance", "\(amount)") { p in
            let high = max(p.x, p.y, p.z), low = min(p.x, p.y, p.z)
            let saturation = high > 1e-6 ? (high - low) / high : 0
            let l = Luma.of(p)
            let gain = 1 + amount * (1 - saturation)
            return SIMD4(l + (p.x - l) * gain, l + (p.y - l) * gain, l + (p.z - l) * gain, p.w)
        }
    }
}
