import Foundation
import _Testing_CoreImage
@testable import CoreImage

/// The renderer's own statistics prove what the schedule did: fusion, region-of-interest pruning, tiling.
@Suite struct RendererStatisticsTests {
    @Test func fiveColorFiltersFuseIntoOnePassWithNoIntermediate() {
        let image = TestImages.patternImage(width: 300, height: 200)
        let chain = image
            .applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.5])
            .applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: 0.8])
            .applyingFilter("CIColorControls", parameters: [kCIInputSaturationKey: 1.2])
            .applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.5])
            .applyingFilter("CIGammaAdjust", parameters: ["inputPower": 0.9])
        let context = CIContext()
        let output = context.createCGImage(chain, from: image.extent)
        let statistics = context.lastRenderStatistics
        #expect(output != nil)
        #expect(statistics.passes == 1, "\(statistics.programDescription)")
        #expect(statistics.intermediateBuffers == 0)
        #expect(statistics.intermediateBytes == 0)
        #expect(statistics.outputBuffers == 1)
        // Exposure and sepia fold into one matrix with the colour controls' matrix.
        #expect(statistics.programDescription.contains("program("))
    }

    /// A sharpen reads its input twice, directly and through a blur: the colour filters before it are computed
    /// once per tile (the blur reuses the tile the sharpen's program rendered), with the same pixels as when
    /// they are computed for each reader.
    @Test func anImageReadDirectlyAndThroughABlurIsComputedOncePerTile() throws {
        let source = TestImages.pattern(width: 900, height: 700)
        let image = CIImage(cgImage: source)
        func sharpened(_ input: CIImage) -> CIImage {
            input.applyingFilter("CISharpenLuminance", parameters: ["inputSharpness": 0.6, kCIInputRadiusKey: 2.0]).cropped(to: image.extent)
        }
        let colour = image.applyingFilter("CIPhotoEffectNoir").applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 1.0])
        let context = CIContext(options: [.cacheIntermediates: false])
        let shared = Render.bytes(sharpened(colour), image.extent, context: context)
        let read = try #require(context.lastRenderStatistics.sourceReads.values.first)
        // Each pixel once, plus the blur's margins around each tile; twice the area before tiles were reused.
        #expect(read.pixels < 900 * 700 * 3 / 2, "read \(read.pixels) pixels for \(900 * 700)")
        context.renderOverrides = RenderOverrides(reusesSharedStages: false)
        let separate = Render.bytes(sharpened(colour), image.extent, context: context)
        #expect(context.lastRenderStatistics.sourceReads.values.first!.pixels > 900 * 700 * 2, "computed for each reader")
        #expect(shared.count == separate.count && shared == separate, "the same pixels")
    }

    @Test func blurOfACropReadsOnlyTheNeededRows() throws {
        let source = TestImages.pattern(width: 1000, height: 800)
        let image = CIImage(cgImage: source)
        let crop = CGRect(x: 400, y: 300, width: 100, height: 50)
        let blurred = image.clampedToExtent().applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 4.0]).cropped(to: crop)
        let context = CIContext()
        _ = Render.bytes(blurred, crop, context: context)
        let reads = context.lastRenderStatistics.sourceReads
        let read = try #require(reads.values.first)
        #expect(reads.count == 1)
        // 3σ = 12 pixels of margin: rows 288..<362, columns 388..<512, far from the whole 1000×800 image.
        #expect(read.rect == PixelRect(x: 388, y: 288, width: 124, height: 74), "read \(read.rect)")
        #expect(read.pixels < 124 * 74 * 2, "overlap between tiles should stay small, read \(read.pixels) pixels")
    }

    @Test(arguments: [(16, 16), (64, 32), (256, 256)])
    func pixelsDoNotDependOnTileSizeOrThreads(_ tile: (Int, Int)) throws {
        let image = TestImages.patternImage(width: 120, height: 90)
        let recipe = image.clampedToExtent()
            .applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 3.0])
            .applyingFilter("CIVignetteEffect", parameters: [kCIInputCenterKey: CIVector(x: 60, y: 45), kCIInputRadiusKey: 50])
            .applyingFilter("CIMotionBlur", parameters: [kCIInputRadiusKey: 4, kCIInputAngleKey: 0.7])
            .transformed(by: CGAffineTransform(rotationAngle: 0.1))
            .cropped(to: CGRect(x: 5, y: 5, width: 100, height: 70))
        let reference: [Float] = {
            let context = CIContext()
            context.renderOverrides = RenderOverrides(tileWidth: 1024, tileHeight: 1024, threads: 1)
            return Render.linearFloats(recipe, recipe.extent, context: context)
        }()
        for threads in [1, 2] {
            let context = CIContext()
            context.renderOverrides = RenderOverrides(tileWidth: tile.0, tileHeight: tile.1, threads: threads)
            let pixels = Render.linearFloats(recipe, recipe.extent, context: context)
            #expect(pixels == reference, "tile \(tile) on \(threads) thread(s) differs by up to \(Render.maxDifference(pixels, reference))")
            #expect(context.lastRenderStatistics.tileWidth == tile.0)
            #expect(context.lastRenderStatistics.arenaOverflows == 0)
        }
    }

    @Test func eightBitOutputsDoNotDependOnTileWidthEither() {
        // Odd tile widths put pixels on both the vector (pairs) and scalar paths of the 8-bit store.
        let image = TestImages.patternImage(width: 101, height: 37).applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.6])
        var results: [[UInt8]] = []
        for (width, threads) in [(7, 1), (33, 2), (256, 2)] {
            let context = CIContext()
            context.renderOverrides = RenderOverrides(tileWidth: width, tileHeight: 5, threads: threads)
            results.append(Render.bytes(image, image.extent, context: context))
        }
        #expect(results[0] == results[1] && results[1] == results[2])
    }

    @Test func fusedAndUnfusedRendersAgree() {
        let image = TestImages.patternImage(width: 64, height: 48)
        let fused = image.applyingFilter("CISepiaTone").applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.7])
        // Forcing an intermediate between the two filters splits the program in two.
        let unfused = image.applyingFilter("CISepiaTone").insertingIntermediate(cache: false)
            .applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.7])
        let context = CIContext(options: [.workingFormat: CIFormat.RGBAf])
        let a = Render.linearFloats(fused, image.extent, context: context)
        #expect(context.lastRenderStatistics.intermediateBuffers == 0)
        let b = Render.linearFloats(unfused, image.extent, context: context)
        #expect(context.lastRenderStatistics.intermediateBuffers == 1)
        #expect(Render.maxDifference(a, b) < 1e-6)
    }

    @Test func halfFloatIntermediatesRoundToHalfPrecision() {
        let image = TestImages.patternImage(width: 32, height: 24)
        let viaIntermediate = image.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.3]).insertingIntermediate(cache: false)
        let context = CIContext()
        #expect(context.workingFormat == .RGBAh)
        let half = Render.linearFloats(viaIntermediate, image.extent, context: context)
        let exact = Render.linearFloats(image.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.3]), image.extent, context: context)
        let difference = Render.maxDifference(half, exact)
        #expect(difference > 0 && difference < 1e-3, "RGBAh keeps about 11 bits: difference \(difference)")
    }
}
