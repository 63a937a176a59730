import Foundation
import Testing
import ImageIO
import CoreImage
import _TestSupport

/// Each released RAW pipeline version is frozen: its development of the corpus's synthetic DNG (default and
/// draft demosaic, default tone curve, a warmer white balance and +0.5 EV) must stay what it was when the version
/// was released, to within 2/65535 per channel (floating-point differences between CPUs). The goldens are 16-bit
/// sRGB PNGs in `References/`; `PHOTOS_UPDATE_GOLDEN=1` rewrites them — only for a new version, never to make
/// a released one pass.
@Suite(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
struct RAWGoldenTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")
    /// A region with the photo's edges and smooth areas, in the native image's coordinates.
    static let region = CGRect(x: 660, y: 420, width: 96, height: 72)

    static func developments() throws -> [(name: String, image: CIImage)] {
        let url = TestMedia.url("raw/synthetic_rggb_12bit.dng")!
        var cases: [(String, CIImage)] = []
        #expect(try #require(CIRAWFilter(imageURL: url)).decoderVersion == .photoKitLinux2, "the newest version is the default")
        for (version, suffix) in [(CIRAWDecoderVersion.photoKitLinux1, "v1"), (.photoKitLinux2, "v2")] {
            for draft in [false, true] {
                let filter = try #require(CIRAWFilter(imageURL: url))
                filter.decoderVersion = version
                filter.isDraftModeEnabled = draft
                cases.append(("raw-golden-\(suffix)-\(draft ? "draft" : "default")", try #require(filter.outputImage)))
            }
            let adjusted = try #require(CIRAWFilter(imageURL: url))
            adjusted.decoderVersion = version
            adjusted.neutralTemperature = 4_800
            adjusted.neutralTint = 5
            adjusted.exposure = 0.5
            adjusted.boostShadowAmount = 1.5
            cases.append(("raw-golden-\(suffix)-adjusted", try #require(adjusted.outputImage)))
        }
        return cases
    }

    static func sixteenBit(_ data: Data) throws -> [UInt16] {
        var options = DecodeOptions(bitDepth: .sixteen)
        options.colorSpace = nil
        let pixels = try ImageFile(data: data).decode(options).pixels
        var values: [UInt16] = []
        pixels.withUnsafeBytes { raw in
            for y in 0..<pixels.height {
                for x in 0..<pixels.width * pixels.layout.componentCount {
                    values.append(raw.loadUnaligned(fromByteOffset: y * pixels.bytesPerRow + x * 2, as: UInt16.self))
                }
            }
        }
        return values
    }

    @Test func releasedPipelineVersionsRenderAsTheyDid() throws {
        let context = CIContext(options: [.cacheIntermediates: false])
        let update = ProcessInfo.processInfo.environment["PHOTOS_UPDATE_GOLDEN"] == "1"
        for (name, image) in try Self.developments() {
            let golden = Self.references.appendingPathComponent(name + ".png")
            let cropped = image.cropped(to: Self.region).transformed(by: CGAffineTransform(translationX: -Self.region.minX, y: -Self.region.minY))
            let rendered = try #require(context.pngRepresentation(of: cropped, format: .RGBA16, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!))
            if update { try rendered.write(to: golden) }
            let expected = try Self.sixteenBit(try Data(contentsOf: golden))
            let actual = try Self.sixteenBit(rendered)
            #expect(expected.count == actual.count, "\(name)")
            let worst = zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 2, "\(name): differs from the released version by up to \(worst)/65535")
        }
    }
}
