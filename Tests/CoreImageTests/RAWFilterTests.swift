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

    /// A filter set for a linear development comparable with LibRaw's (no tone curve, no exposure; highlights
    /// clipped and no gamut mapping, as LibRaw's default development).
    static func linearFilter(_ path: String, draft: Bool) throws -> CIRAWFilter {
        let filter = try #require(CIRAWFilter(imageURL: TestMedia.url(path)!), "\(path) opens")
        filter.boostAmount = 0
        filter.isHighlightRecoveryEnabled = false
        filter.isGamutMappingEnabled = false
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

    static let synthetic = "raw/synthetic_rggb_12bit.dng"

    /// Mean linear RGB of the whole output.
    static func meanRGB(_ image: CIImage) -> SIMD3<Double> {
        let rgb = RAWReference.linearRGB(image)
        var sum = SIMD3<Double>(repeating: 0)
        for i in stride(from: 0, to: rgb.count, by: 3) { sum += SIMD3(Double(rgb[i]), Double(rgb[i + 1]), Double(rgb[i + 2])) }
        return sum / Double(rgb.count / 3)
    }

    @Test func plusOneEVDoublesLinearValues() throws {
        let filter = try Self.linearFilter(Self.synthetic, draft: true)
        filter.scaleFactor = 0.25
        let base = RAWReference.linearRGB(try #require(filter.outputImage))
        filter.exposure = 1
        let brighter = RAWReference.linearRGB(try #require(filter.outputImage))
        var ratios: [Double] = []
        for i in 0..<base.count where base[i] > 0.02 { ratios.append(Double(brighter[i] / base[i])) }
        #expect(ratios.count > 1_000)
        #expect(ratios.allSatisfy { abs($0 - 2) < 0.02 }, "ratios \(ratios.min()!)…\(ratios.max()!)")
    }

    @Test func aWarmerNeutralTemperatureRaisesRedOverBlue() throws {
        let filter = try Self.linearFilter(Self.synthetic, draft: true)
        filter.scaleFactor = 0.125
        filter.neutralTint = 0
        var previous = 0.0
        for temperature: Float in [2_800, 3_500, 4_500, 5_500, 6_500, 8_000, 10_000] {
            filter.neutralTemperature = temperature
            #expect(abs(filter.neutralTemperature - temperature) < temperature * 0.002, "\(filter.neutralTemperature) for \(temperature)")
            let mean = Self.meanRGB(try #require(filter.outputImage))
            let ratio = mean.x / mean.z
            #expect(ratio > previous, "R/B \(ratio) at \(temperature) K after \(previous)")
            previous = ratio
        }
    }

    @Test func temperatureTintAndChromaticityRoundTrip() throws {
        let filter = try #require(CIRAWFilter(imageURL: TestMedia.url(Self.synthetic)!))
        let asShot = filter.neutralChromaticity
        let (temperature, tint) = (filter.neutralTemperature, filter.neutralTint)
        #expect(temperature > 2_000 && temperature < 12_000 && abs(tint) < 150, "as shot: \(temperature) K, tint \(tint)")
        filter.neutralTemperature = 3_000
        filter.neutralTint = 40
        #expect(abs(filter.neutralTemperature - 3_000) < 6 && abs(filter.neutralTint - 40) < 0.5)
        filter.neutralTemperature = temperature
        filter.neutralTint = tint
        #expect(abs(filter.neutralChromaticity.x - asShot.x) < 1e-4 && abs(filter.neutralChromaticity.y - asShot.y) < 1e-4)
        filter.neutralChromaticity = CGPoint(x: 0.3457, y: 0.3585)   // D50
        // D50 and D65 lie a little on the green side of the locus (Duv ≈ +0.003): about 5,000 and 6,500 K, tint ≈ +10.
        #expect(abs(filter.neutralTemperature - 5_003) < 15 && abs(filter.neutralTint - 10) < 2, "D50: \(filter.neutralTemperature) K, tint \(filter.neutralTint)")
        filter.neutralChromaticity = CGPoint(x: 0.3127, y: 0.3290)
        #expect(abs(filter.neutralTemperature - 6_504) < 20 && abs(filter.neutralTint - 10) < 2, "D65: \(filter.neutralTemperature) K, tint \(filter.neutralTint)")
    }

    /// CIELAB (D65 white) of a linear sRGB colour.
    static func lab(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let x = 0.4124 * rgb.x + 0.3576 * rgb.y + 0.1805 * rgb.z
        let y = 0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z
        let z = 0.0193 * rgb.x + 0.1192 * rgb.y + 0.9505 * rgb.z
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883))
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    @Test func aNeutralLocationOnAGreyPatchMakesItNeutral() throws {
        let filter = try #require(CIRAWFilter(imageURL: TestMedia.url("raw/canon550d_magiclantern_colorchart.dng")!))
        filter.boostAmount = 0
        // The colour checker's third neutral patch (bottom row), 920 px from the left, 930 px from the top.
        let size = filter.nativeSize
        let patch = CGPoint(x: 920, y: size.height - 930)
        func patchLab() throws -> SIMD3<Double> {
            let output = try #require(filter.outputImage)
            let region = output.cropped(to: CGRect(x: patch.x - 10, y: patch.y - 10, width: 20, height: 20))
            return Self.lab(Self.meanRGB(region))
        }
        let asShot = try patchLab()
        filter.neutralLocation = patch
        let neutral = try patchLab()
        #expect(abs(neutral.y) <= 2 && abs(neutral.z) <= 2, "a* \(neutral.y), b* \(neutral.z) (as shot: \(asShot))")
        #expect(abs(asShot.y) + abs(asShot.z) > abs(neutral.y) + abs(neutral.z))
        #expect(filter.neutralLocation == patch)
    }

    @Test func theLinearSpaceFilterComesBeforeTheToneCurve() throws {
        let viaFilter = try #require(CIRAWFilter(imageURL: TestMedia.url(Self.synthetic)!))
        viaFilter.scaleFactor = 0.25
        viaFilter.linearSpaceFilter = CIFilter(name: "CIExposureAdjust", parameters: [kCIInputEVKey: 1])
        let viaExposure = try #require(CIRAWFilter(imageURL: TestMedia.url(Self.synthetic)!))
        viaExposure.scaleFactor = 0.25
        viaExposure.exposure = 1
        let a = RAWReference.linearRGB(try #require(viaFilter.outputImage))
        let b = RAWReference.linearRGB(try #require(viaExposure.outputImage))
        let plain = try #require(CIRAWFilter(imageURL: TestMedia.url(Self.synthetic)!))
        plain.scaleFactor = 0.25
        let c = RAWReference.linearRGB(try #require(plain.outputImage))
        #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-4 })
        #expect(zip(a, c).contains { abs($0 - $1) > 0.05 })
    }

    @Test func scaleFactorsResizeAndHalfSizeIsCheap() throws {
        let filter = try #require(CIRAWFilter(imageURL: TestMedia.url(Self.synthetic)!))
        let native = filter.nativeSize
        #expect(try #require(filter.outputImage).extent.size == native)
        filter.scaleFactor = 0.5
        #expect(try #require(filter.outputImage).extent.size == CGSize(width: native.width / 2, height: native.height / 2))
        filter.scaleFactor = 0.3
        let scaled = try #require(filter.outputImage).extent
        #expect(abs(scaled.width - native.width * 0.3) <= 1 && abs(scaled.height - native.height * 0.3) <= 1, "\(scaled)")
        filter.scaleFactor = 0
        #expect(filter.outputImage == nil)
    }

    @Test func orientationAndSizeFollowTheFile() throws {
        for record in TestMedia.manifest where (record["subtypes"] as? [String])?.contains("raw") == true {
            let path = try #require(record["path"] as? String)
            let filter = try #require(CIRAWFilter(imageURL: TestMedia.url(path)!), "\(path)")
            #expect(Int(filter.orientation.rawValue) == record["orientation"] as? Int, "\(path)")
            let output = try #require(filter.outputImage)
            #expect(output.extent.origin == .zero && output.extent.width > 0)
            filter.orientation = .right
            #expect(try #require(filter.outputImage).extent.size == CGSize(width: filter.nativeSize.height, height: filter.nativeSize.width))
        }
    }

    /// The WWDC 2016 flow: `CIFilter(imageURL:options:)`, RAW keys through `setValue(_:forKey:)`.
    @Test func theLegacyKeyInterfaceDrivesTheSameDevelopment() throws {
        let url = TestMedia.url(Self.synthetic)!
        let rawFilter = CIFilter(imageURL: url, options: [.scaleFactor: 0.25])!
        rawFilter.setValue(0.5, forKey: kCIInputEVKey)
        rawFilter.setValue(4_500, forKey: kCIInputNeutralTemperatureKey)
        rawFilter.setValue(CIFilter(name: "CIExposureAdjust", parameters: [kCIInputEVKey: 0.25]), forKey: kCIInputLinearSpaceFilter)
        let nativeSize = rawFilter.value(forKey: kCIOutputNativeSizeKey) as! CIVector
        #expect((rawFilter.value(forKey: kCIInputEVKey) as? NSNumber)?.floatValue == 0.5)
        #expect(abs(((rawFilter.value(forKey: kCIInputNeutralTemperatureKey) as? NSNumber)?.floatValue ?? 0) - 4_500) < 10)
        let image = try #require(rawFilter.outputImage)

        let modern = try #require(CIRAWFilter(imageURL: url))
        modern.scaleFactor = 0.25
        modern.exposure = 0.5
        modern.neutralTemperature = 4_500
        modern.linearSpaceFilter = CIFilter(name: "CIExposureAdjust", parameters: [kCIInputEVKey: 0.25])
        #expect(nativeSize.x == modern.nativeSize.width && nativeSize.y == modern.nativeSize.height)
        let a = RAWReference.linearRGB(image), b = RAWReference.linearRGB(try #require(modern.outputImage))
        #expect(a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-5 })
    }

    @Test func badInputAndUnknownVersionsGiveNoFilterOrNoImage() throws {
        let jpeg = FixtureImages.jpeg(width: 64, height: 48)
        #expect(CIRAWFilter(imageData: jpeg, identifierHint: "public.jpeg") == nil)
        #expect(throws: ImageIOError.self) { try RAWSensorData.unpack(jpeg) }
        let dng = try Data(contentsOf: TestMedia.url(Self.synthetic)!)
        let truncated = dng.prefix(dng.count * 2 / 5)
        #expect(CIRAWFilter(imageData: truncated, identifierHint: nil) == nil)
        do {
            _ = try RAWSensorData.unpack(truncated)
            Issue.record("a truncated DNG unpacked")
        } catch {
            #expect([.truncated, .corrupt].contains(error.code), "\(error)")
        }
        let filter = try #require(CIRAWFilter(imageData: dng, identifierHint: "dng"))
        filter.decoderVersion = .version8
        #expect(filter.outputImage == nil)
        filter.decoderVersion = filter.supportedDecoderVersions[0]
        #expect(filter.outputImage != nil)
    }

    @Test func aRAWFileOpenedAsACIImageIsTheDefaultDevelopment() throws {
        let url = TestMedia.url(Self.synthetic)!
        let image = try #require(CIImage(contentsOf: url))
        let filter = try #require(CIRAWFilter(imageURL: url))
        let developed = try #require(filter.outputImage)
        #expect(image.extent == developed.extent)
        let region = CGRect(x: 600, y: 400, width: 64, height: 48)
        let a = Render.linearFloats(image, region), b = Render.linearFloats(developed, region)
        #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-5 })
        #expect(image.properties["{TIFF}"] != nil || image.properties["PixelWidth"] != nil)
    }

    @Test func colourNoiseReductionSmoothsChromaAndKeepsLuminance() throws {
        let url = TestMedia.url("raw/canon550d_magiclantern_colorchart.dng")!
        func develop(_ amount: Float) throws -> [Float] {
            let filter = try #require(CIRAWFilter(imageURL: url))
            filter.boostAmount = 0
            filter.scaleFactor = 0.5
            filter.colorNoiseReductionAmount = amount
            #expect(filter.isColorNoiseReductionSupported)
            return Render.linearFloats(try #require(filter.outputImage), CGRect(x: 100, y: 100, width: 160, height: 120))
        }
        let before = try develop(0), after = try develop(1)
        func luma(_ p: [Float], _ i: Int) -> Float { 0.2125 * p[i] + 0.7154 * p[i + 1] + 0.0721 * p[i + 2] }
        /// Mean absolute difference of chroma between horizontal neighbours: speckle noise, not the chart's patches.
        func chromaDeviation(_ p: [Float]) -> Double {
            var total = 0.0, count = 0
            for i in stride(from: 0, to: p.count - 4, by: 4) where (i / 4) % 160 != 159 {
                for c in [0, 2] { total += Double(abs((p[i + c] - luma(p, i)) - (p[i + 4 + c] - luma(p, i + 4)))); count += 1 }
            }
            return total / Double(count)
        }
        #expect(stride(from: 0, to: before.count, by: 4).allSatisfy { abs(luma(before, $0) - luma(after, $0)) < 1e-4 }, "luminance is kept")
        let (noisy, smoothed) = (chromaDeviation(before), chromaDeviation(after))
        #expect(smoothed < noisy * 0.5, "chroma speckle \(noisy) → \(smoothed)")
    }

    @Test func sharpeningRaisesLocalContrastAndZeroChangesNothing() throws {
        let url = TestMedia.url(Self.synthetic)!
        let region = CGRect(x: 200, y: 150, width: 128, height: 96)
        func develop(_ amount: Float) throws -> [Float] {
            let filter = try #require(CIRAWFilter(imageURL: url))
            #expect(filter.isSharpnessSupported && filter.sharpnessAmount == 0)
            filter.sharpnessAmount = amount
            return Render.linearFloats(try #require(filter.outputImage), region)
        }
        /// Mean absolute difference between horizontal neighbours' green.
        func localContrast(_ p: [Float]) -> Double {
            var total = 0.0
            for i in stride(from: 1, to: p.count - 4, by: 4) { total += Double(abs(p[i] - p[i + 4])) }
            return total / Double(p.count / 4)
        }
        let plain = try develop(0), sharpened = try develop(1)
        #expect(plain == (try develop(0)))
        #expect(localContrast(sharpened) > localContrast(plain) * 1.1, "\(localContrast(plain)) → \(localContrast(sharpened))")
    }
}
