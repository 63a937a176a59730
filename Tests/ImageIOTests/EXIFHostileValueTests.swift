import Foundation
@testable import ImageIO
import Testing

/// A TIFF's tags are rewritten as an EXIF block when its header is read; the fuzz target `image-decode` found a
/// damaged TIFF (a Canon file, reproducer in `Fuzz/Regressions/image-decode`) whose rational tags held values far
/// beyond 32 bits, and writing them trapped converting Double to Int. They are clamped now.
@Suite struct EXIFHostileValueTests {
    @Test(arguments: [1e300, -1e300, 1e-300, -1e-300, 9.3e18, 4.3e9, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude])
    func extremeRationalsAreClampedNotTrapped(value: Double) throws {
        let exif: [String: PropertyValue] = ["ExposureTime": .double(value), "FNumber": .double(value), "ExposureBiasValue": .double(value)]
        let block = try #require(EXIFWriter.build(tiff: ["XResolution": .double(value)], exif: exif, gps: ["Altitude": .double(value)]))
        let read = EXIFProperties.read(block)
        let exposure = try #require(read.exif["ExposureTime"]?.doubleValue)
        #expect(exposure.isFinite && exposure >= 0 && exposure <= Double(UInt32.max))
        let bias = try #require(read.exif["ExposureBiasValue"]?.doubleValue)
        #expect(bias.isFinite && abs(bias) <= Double(Int32.max))
    }

    @Test func ordinaryRationalsKeepTheirValues() throws {
        let block = try #require(EXIFWriter.build(tiff: [:], exif: ["ExposureTime": .double(1.0 / 250), "FNumber": .double(2.8)], gps: [:]))
        let read = EXIFProperties.read(block)
        #expect(read.exif["ExposureTime"] == .double(0.004) && read.exif["FNumber"]?.doubleValue == 2.8)
    }
}
