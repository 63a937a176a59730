import Foundation

extension FilterCatalog {
    /// CIGloom: with b a Gaussian blur of the input (σ = `inputRadius`, edges clamped), the input a is mixed
    /// toward the product a·b by `inputIntensity`: `a − intensity·a·(1 − b)` on premultiplied components
    /// (alpha included), so highlights next to darker areas are dulled and nothing gets brighter. Apple
    /// describes the effect ("dulls the highlights of an image"), not the formula; this is the one chosen
    /// here. The extent is the input's.
    static let gloom = FilterDefinition(
        name: "CIGloom", display: "Gloom", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Dulls the highlights of an image.",
        parameters: Glow.parameters, mac: "10.4", iOS: "6"
    ) { args in
        Glow.apply(args, name: "gloom") { a, b, intensity in a - a * (1 - b) * intensity }
    }
}
