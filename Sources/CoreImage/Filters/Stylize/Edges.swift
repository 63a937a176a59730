import Foundation

extension FilterCatalog {
    /// CIEdges: for each premultiplied colour component, the magnitude of its Sobel gradient,
    /// √(gx² + gy²)/4 (a unit step between two flat areas gives 1), times `inputIntensity`; alpha is the
    /// input's. Apple says only "finds all edges and displays them in color"; this is the rule chosen here.
    /// Neighbours beyond the input's extent repeat its edge pixels, so the border itself is not an edge;
    /// the extent is the input's.
    static let edges = FilterDefinition(
        name: "CIEdges", display: "Edges", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Finds all edges in an image and displays them in color.",
        parameters: [
            .image(),
            .scalar(kCIInputIntensityKey, 1, min: 0, sliderMin: 0, sliderMax: 10, identity: 0,
                    summary: "The intensity of the edges. The larger the value, the higher the intensity."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let source = image.extent.isEffectivelyInfinite ? image : image.clamped(to: image.extent)
        return source.applying(area: SobelEdgesKernel(intensity: args.float(kCIInputIntensityKey))).cropped(to: image.extent)
    }
}

/// Per-component Sobel gradient magnitude /4 × intensity, alpha passed through (`CIEdges`).
struct SobelEdgesKernel: AreaKernel {
    let intensity: Float
    let name = "sobelEdges"
    var signature: String { "\(intensity)" }

    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(1, 1) }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        for y in output.rect.y..<output.rect.maxY {
            var p = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                let a = input.pixel(x - 1, y + 1), b = input.pixel(x, y + 1), c = input.pixel(x + 1, y + 1)
                let d = input.pixel(x - 1, y), f = input.pixel(x + 1, y)
                let g = input.pixel(x - 1, y - 1), h = input.pixel(x, y - 1), i = input.pixel(x + 1, y - 1)
                let gx = (c + 2 * f + i) - (a + 2 * d + g)
                let gy = (a + 2 * b + c) - (g + 2 * h + i)
                let magnitude = (gx * gx + gy * gy).squareRoot() * (intensity / 4)
                p[0] = magnitude.x; p[1] = magnitude.y; p[2] = magnitude.z; p[3] = input.pixel(x, y).w
                p += 4
            }
        }
    }
}
