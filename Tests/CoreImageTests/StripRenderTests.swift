import Foundation
import Testing
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// JPEG exports of a file that can be decoded in bands are rendered strip by strip as the encoder takes them
/// (`StripRender`): the bytes must be exactly those of a render of the whole decoded file, whatever the recipe
/// reads (neighbourhoods, a crop that skips bands, a rotation that reads every band for every strip).
@Suite struct StripRenderTests {
    static let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!

    /// A 2400 × 1800 JPEG with restart markers (this package's banded encoder, 4:4:4) of smooth shapes and noise.
    static func bandedFile(in directory: TemporaryDirectory) throws -> URL {
        let width = 2400, height = 1800
        var generator = SeededGenerator(seed: 5)
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let noise = Int(generator.next() >> 60)
                let i = (y * width + x) * 4
                bytes[i] = UInt8((x / 9 + noise) & 0xFF)
                bytes[i + 1] = UInt8((y / 7 + 2 * noise) & 0xFF)
                bytes[i + 2] = UInt8(((x + y) / 15 + noise) & 0xFF)
            }
        }
        let picture = CIImage(bitmapData: Data(bytes), bytesPerRow: width * 4, size: CGSize(width: width, height: height), format: .RGBA8, colorSpace: sRGB)
        let url = directory.appending("banded.jpg")
        try CIContext().writeJPEGRepresentation(of: picture, to: url, colorSpace: sRGB,
                                                options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.92])
        return url
    }

    /// The JPEG of `recipe` from a one-shot context, streamed or not, and the context's statistics.
    static func export(_ recipe: (CIImage) -> CIImage, from url: URL, streamed: Bool, caching: Bool = false) throws -> (jpeg: Data, statistics: RenderStatistics) {
        let image = try #require(CIImage(contentsOf: url))
        let context = CIContext(options: [.cacheIntermediates: caching])
        context.renderOverrides = RenderOverrides(streamsFromBands: streamed)
        let jpeg = try #require(context.jpegRepresentation(of: recipe(image), colorSpace: sRGB))
        return (jpeg, context.lastRenderStatistics)
    }

    static let recipes: [(name: String, make: @Sendable (CIImage) -> CIImage)] = [
        ("blur", { $0.clampedToExtent().applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 10.0]).cropped(to: $0.extent) }),
        ("colour chain", { $0.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.5]).applyingFilter("CISepiaTone")
            .applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.8]) }),
        ("unclamped blur", { $0.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 4.0]) }),
        ("rotation", { $0.oriented(.right) }),
    ]

    @Test(arguments: 0..<4) func stripExportsGiveTheWholeRendersBytes(recipe index: Int) throws {
        let directory = TemporaryDirectory()
        let url = try Self.bandedFile(in: directory)
        let (name, recipe) = Self.recipes[index]
        let streamed = try Self.export(recipe, from: url, streamed: true)
        let whole = try Self.export(recipe, from: url, streamed: false)
        #expect(streamed.jpeg == whole.jpeg, "the strip export of the \(name) differs from the whole render")
        #expect(streamed.statistics.sourceBands > 3 && streamed.statistics.decodedBands == streamed.statistics.sourceBands,
                "\(name): \(streamed.statistics.decodedBands) of \(streamed.statistics.sourceBands) bands decoded")
        #expect(whole.statistics.decodedBands == 0)
    }

    @Test func aCropDecodesOnlyTheBandsItReads() throws {
        let directory = TemporaryDirectory()
        let url = try Self.bandedFile(in: directory)
        // 1200 × 500 from the middle, blurred: too small for the banded encoder, so the writer reads the strip render
        // whole (one pass), still from the bands the crop reaches.
        let crop: (CIImage) -> CIImage = {
            $0.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 3.0]).cropped(to: CGRect(x: 300, y: 700, width: 1200, height: 500))
        }
        let streamed = try Self.export(crop, from: url, streamed: true)
        let whole = try Self.export(crop, from: url, streamed: false)
        #expect(streamed.jpeg == whole.jpeg)
        #expect(streamed.statistics.decodedBands > 0 && streamed.statistics.decodedBands < streamed.statistics.sourceBands / 2)
    }

    @Test func cachingContextsAndOtherFormatsDecodeTheFileWhole() throws {
        let directory = TemporaryDirectory()
        let url = try Self.bandedFile(in: directory)
        let caching = try Self.export(Self.recipes[0].make, from: url, streamed: true, caching: true)
        #expect(caching.statistics.decodedBands == 0)
        let image = try #require(CIImage(contentsOf: url))
        let context = CIContext(options: [.cacheIntermediates: false])
        _ = try #require(context.pngRepresentation(of: image, format: .RGBA8, colorSpace: Self.sRGB))
        #expect(context.lastRenderStatistics.decodedBands == 0)
        // The streamed export and the cached one agree.
        #expect(try Self.export(Self.recipes[0].make, from: url, streamed: true).jpeg == caching.jpeg)
    }

    @Test func aDamagedBandFallsBackToTheWholeRender() throws {
        let directory = TemporaryDirectory()
        var jpeg = try Data(contentsOf: try Self.bandedFile(in: directory))
        // A restart interval in the middle loses 500 bytes: its band's decode runs into the next restart marker
        // early, which libjpeg reports as a warning (the marker count, and so the banding, is unchanged).
        let restarts = (1..<(jpeg.count - 1)).filter { jpeg[$0 - 1] == 0xFF && (0xD0...0xD7).contains(jpeg[$0]) }.map { $0 - 1 }
        #expect(restarts.count > 10)
        let start = restarts[restarts.count / 2] + 2
        #expect(restarts[restarts.count / 2 + 1] - start > 2000)
        jpeg.removeSubrange((start + 1000)..<(start + 1500))
        let url = directory.appending("damaged.jpg")
        try jpeg.write(to: url)
        let recipe = Self.recipes[0].make
        let image = try #require(CIImage(contentsOf: url))
        let streamedContext = CIContext(options: [.cacheIntermediates: false])
        let wholeContext = CIContext(options: [.cacheIntermediates: false])
        wholeContext.renderOverrides = RenderOverrides(streamsFromBands: false)
        let streamed = streamedContext.jpegRepresentation(of: recipe(image), colorSpace: Self.sRGB)
        let whole = wholeContext.jpegRepresentation(of: recipe(try #require(CIImage(contentsOf: url))), colorSpace: Self.sRGB)
        // Whatever the whole render makes of the damage (an error, or the rows libjpeg recovers), the export is that.
        #expect(streamed == whole)
        #expect(streamedContext.lastRenderStatistics.decodedBands == 0, "the strip render cannot have finished")
        // The error is the whole decode's (libjpeg's warning), not the band decoder's: the whole render ran.
        let error = "\(streamedContext.lastRenderError.map { "\($0)" } ?? "")"
        #expect(streamed != nil || (error.contains("incomplete") && !error.contains("of rows")), "\(error)")
    }

    @Test func aCancelledStripExportFailsWithTheCancellationAndWritesNothing() throws {
        let directory = TemporaryDirectory()
        let url = try Self.bandedFile(in: directory)
        let cancellation = CIRenderCancellation()
        cancellation.cancel()
        let context = CIContext(options: [.cacheIntermediates: false, .renderCancellation: cancellation])
        let image = try #require(CIImage(contentsOf: url))
        #expect(throws: (any Error).self) {
            try context.writeJPEGRepresentation(of: Self.recipes[0].make(image), to: directory.appending("out.jpg"), colorSpace: Self.sRGB)
        }
        #expect("\(context.lastRenderError.map { "\($0)" } ?? "")".contains("cancelled"))
        #expect(!FileManager.default.fileExists(atPath: directory.appending("out.jpg").path))
    }
}
