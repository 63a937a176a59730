import Foundation
import Testing
import ImageIO
import CoreImage
import _TestSupport

/// `CIRAWFilter` develops the corpus DNGs with this package's pipeline; pixels are checked against LibRaw's own
/// development at equal settings and against the properties a development must have.
@Suite(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
struct RAWFilterTests {
    static let bayerFiles = ["raw/synthetic_rggb_12bit.dng", "raw/canon550d_magiclantern_colorchart.dng", "raw/blackmagic_pocket4k_12bit.dng"]

    @Test(arguments: bayerFiles)
    func sensorDataUnpacksWithItsLevelsAndPattern(_ path: String) throws {
        let sensor = try RAWSensorData.unpack(try Data(contentsOf: TestMedia.url(path)!))
        #expect(sensor.mosaic.count == sensor.width * sensor.height)
        #expect(sensor.pattern.sorted() == [0, 1, 1, 2])
        #expect(sensor.whiteLevel > sensor.blackLevels.max()!)
        #expect(sensor.asShotMultipliers.y == 1 && sensor.asShotMultipliers.x > 0 && sensor.asShotMultipliers.z > 0)
    }

    /// A filter set for a linear development comparable with LibRaw's (no tone curve, no exposure).
    static func linearFilter(_ path: String, draft: Bool) throws -> CIRAWFilter {
        let filter = try #require(CIRAWFilter(imageURL: TestMedia.url(path)!), "\(path) opens")
        filter.boostAmount = 0
        filter.baselineExposure = 0
        filter.isDraftModeEnabled = draft
        return filter
    }

    @Test(.enabled(if: RAWReference.dcrawEmu != nil, Comment(rawValue: RAWReference.missingMessage)), arguments: bayerFiles)
    func draftModeMatchesLibRawsBilinearDevelopment(_ path: String) throws {
        let filter = try Self.linearFilter(path, draft: true)
        let output = try #require(filter.outputImage)
        let reference = try RAWReference.develop(TestMedia.url(path)!, quality: 0)
        #expect(Int(output.extent.width) == reference.width && Int(output.extent.height) == reference.height, "\(output.extent) vs \(reference.width)×\(reference.height)")
        let ours = RAWReference.linearRGB(output)
        let psnr = RAWReference.psnr(ours, reference.rgb, width: reference.width, height: reference.height)
        print("RAW \(path) draft vs LibRaw bilinear: PSNR \(String(format: "%.1f", psnr)) dB")
        #expect(psnr >= 60, "PSNR \(psnr) dB")
    }

    @Test(.enabled(if: RAWReference.dcrawEmu != nil, Comment(rawValue: RAWReference.missingMessage)), arguments: bayerFiles)
    func defaultDemosaicMatchesLibRawsAHDDevelopment(_ path: String) throws {
        let filter = try Self.linearFilter(path, draft: false)
        let output = try #require(filter.outputImage)
        let reference = try RAWReference.develop(TestMedia.url(path)!, quality: 3)
        let ours = RAWReference.linearRGB(output)
        let psnr = RAWReference.psnr(ours, reference.rgb, width: reference.width, height: reference.height)
        print("RAW \(path) default vs LibRaw AHD: PSNR \(String(format: "%.1f", psnr)) dB")
        #expect(psnr >= 40, "PSNR \(psnr) dB")
    }
}
