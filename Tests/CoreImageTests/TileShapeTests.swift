import Foundation
import Testing
@testable import CoreImage

/// Renders pick wide tiles of the configured area (at least 64 rows high) where neighbourhoods cost almost nothing more in that
/// shape (per-pixel programs, a 3 × 3 convolution), keep the configured shape for tall neighbourhoods and warps,
/// and give the same pixels either way.
struct TileShapeTests {
    static let photo = TestImages.patternImage(width: 1500, height: 300)

    static func render(_ image: CIImage, forcedTiles: Bool) -> (pixels: [Float], statistics: RenderStatistics) {
        let context = CIContext()
        if forcedTiles { context.renderOverrides = RenderOverrides(tileWidth: 256, tileHeight: 512) }
        let pixels = Render.linearFloats(image, photo.extent, context: context)
        return (pixels, context.lastRenderStatistics)
    }

    @Test func perPixelProgramsAndSmallNeighbourhoodsRenderInWideTiles() {
        let cases: [CIImage] = [
            Self.photo.applyingFilter("CIColorControls", parameters: [kCIInputSaturationKey: 0.4]),
            Self.photo.applyingFilter("CIConvolution3X3", parameters: [kCIInputWeightsKey: CIVector(values: [0, -1, 0, -1, 5, -1, 0, -1, 0], count: 9)])
                .cropped(to: Self.photo.extent),
        ]
        for image in cases {
            let automatic = Self.render(image, forcedTiles: false)
            // The configured area (256 × 512) in rows as wide as the render: 1500 × 87.
            #expect(automatic.statistics.tileWidth == 1500 && automatic.statistics.tileHeight == 256 * 512 / 1500,
                    "tiles \(automatic.statistics.tileWidth)×\(automatic.statistics.tileHeight)")
            #expect(automatic.statistics.arenaOverflows == 0)
            let forced = Self.render(image, forcedTiles: true)
            #expect(forced.statistics.tileHeight == 512)
            #expect(automatic.pixels == forced.pixels, "differs by up to \(Render.maxDifference(automatic.pixels, forced.pixels))")
        }
    }

    @Test func tallNeighbourhoodsAndWarpsKeepTheConfiguredShape() {
        let cases: [CIImage] = [
            Self.photo.clampedToExtent().applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 6]).cropped(to: Self.photo.extent),
            Self.photo.applyingFilter("CIBoxBlur", parameters: [kCIInputRadiusKey: 10]).cropped(to: Self.photo.extent),
            Self.photo.transformed(by: CGAffineTransform(rotationAngle: 0.17)).cropped(to: Self.photo.extent),
        ]
        for image in cases {
            let automatic = Self.render(image, forcedTiles: false)
            #expect(automatic.statistics.tileWidth == 256 && automatic.statistics.tileHeight == 512,
                    "tiles \(automatic.statistics.tileWidth)×\(automatic.statistics.tileHeight)")
        }
    }
}
