import Foundation
@testable import ImageIO
import _Testing_CoreGraphics

@Suite struct EXIFTests {
    @Test func writerAndReaderAgreeOnEveryKind() throws {
        let tiff: [String: PropertyValue] = ["Make": .string("Maker"), "Orientation": .int(3), "XResolution": .double(300), "ResolutionUnit": .int(2)]
        let exif: [String: PropertyValue] = [
            "ExposureTime": .double(1.0 / 250), "FNumber": .double(2.8), "ISOSpeedRatings": .array([.int(400)]), "ExifVersion": .array([.int(2), .int(3), .int(2)]),
            "ExposureBiasValue": .double(-0.7), "UserComment": .string("Héllo"), "SceneType": .int(1), "LensSpecification": .array([.double(24), .double(70), .double(2.8), .double(4)]),
            "SubjectArea": .array([.int(10), .int(20), .int(30), .int(40)]), "FlashPixVersion": .array([.int(1), .int(0)]),
        ]
        let gps: [String: PropertyValue] = ["Latitude": .double(48.858333), "LatitudeRef": .string("N"), "Longitude": .double(2.294444),
                                            "LongitudeRef": .string("E"), "Altitude": .double(35.5), "AltitudeRef": .int(0),
                                            "TimeStamp": .string("12:34:56.00"), "DateStamp": .string("2024:02:29"), "GPSVersion": .array([.int(2), .int(2), .int(0), .int(0)])]
        let block = try #require(EXIFWriter.build(tiff: tiff, exif: exif, gps: gps))
        let read = EXIFProperties.read(block)
        #expect(read.tiff["Make"] == .string("Maker") && read.tiff["Orientation"] == .int(3) && read.tiff["XResolution"] == .double(300))
        #expect(read.exif["ExposureTime"] == .double(0.004) && read.exif["FNumber"]?.doubleValue == 2.8)
        #expect(read.exif["ISOSpeedRatings"] == .int(400) && read.exif["ExifVersion"] == .array([.int(2), .int(3), .int(2)]))
        #expect(abs((read.exif["ExposureBiasValue"]?.doubleValue ?? 0) + 0.7) < 1e-4)
        #expect(read.exif["UserComment"] == .string("Héllo") && read.exif["SceneType"] == .int(1))
        #expect(read.exif["FlashPixVersion"] == .array([.int(1), .int(0)]))
        #expect(read.exif["SubjectArea"] == .array([.int(10), .int(20), .int(30), .int(40)]))
        #expect(abs((read.gps["Latitude"]?.doubleValue ?? 0) - 48.858333) < 1e-5 && read.gps["LongitudeRef"] == .string("E"))
        #expect(read.gps["TimeStamp"] == .string("12:34:56.00") && read.gps["DateStamp"] == .string("2024:02:29"))
        #expect(read.gps["GPSVersion"] == .array([.int(2), .int(2), .int(0), .int(0)]))
        #expect(EXIFOrientation.read(block) == .down)
    }

    @Test func patcherChangesOnlyWhatItMust() throws {
        let block = try #require(EXIFWriter.build(tiff: ["Orientation": .int(6), "Model": .string("M")],
                                                  exif: ["PixelXDimension": .int(4000), "PixelYDimension": .int(3000)],
                                                  gps: ["Latitude": .double(1), "LatitudeRef": .string("N")]))
        let patched = EXIFPatcher.normalised(block, width: 300, height: 400)
        #expect(patched.count == block.count)
        let read = EXIFProperties.read(patched)
        #expect(read.tiff["Orientation"] == .int(1) && read.tiff["Model"] == .string("M"))
        #expect(read.exif["PixelXDimension"] == .int(300) && read.exif["PixelYDimension"] == .int(400))
        #expect(read.gps["Latitude"] != nil)
        let noGPS = EXIFProperties.read(EXIFPatcher.normalised(block, width: 300, height: 400, removeGPS: true))
        #expect(noGPS.gps.isEmpty && noGPS.tiff["Model"] == .string("M") && noGPS.exif["PixelXDimension"] == .int(300))
    }

    @Test func loopsAndHugeCountsAreCut() {
        // IFD0 at 8 whose next-IFD pointer loops back to itself, and whose ExifIFD pointer points at IFD0 too.
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 2, 0]
        bytes += [0x12, 0x01, 3, 0, 1, 0, 0, 0, 77, 0, 0, 0]          // Orientation 77 (invalid)
        bytes += [0x69, 0x87, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0]           // ExifIFD → IFD0
        bytes += [8, 0, 0, 0]                                          // next IFD → IFD0
        let read = EXIFProperties.read(Data(bytes))
        #expect(read.tiff["Orientation"] == .int(77))
        #expect(read.exif.isEmpty)
        #expect(EXIFOrientation.read(Data(bytes)) == nil)
        // 65535 entries claimed in a few bytes: refused.
        let huge: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0xFF, 0xFF, 0, 0]
        #expect(EXIFProperties.read(Data(huge)).tiff.isEmpty)
    }

    @Test func iptcRecordsBecomeAppleKeys() {
        func dataset(_ number: UInt8, _ text: String) -> [UInt8] { [0x1C, 2, number, 0, UInt8(text.utf8.count)] + Array(text.utf8) }
        let records = dataset(25, "beach") + dataset(25, "sunset") + dataset(80, "Ann") + dataset(120, "A caption") + dataset(101, "France")
        let read = IPTCReader.read(Data(records))
        #expect(read["Keywords"] == .array([.string("beach"), .string("sunset")]))
        #expect(read["Byline"] == .array([.string("Ann")]))
        #expect(read["Caption/Abstract"] == .string("A caption") && read["Country/PrimaryLocationName"] == .string("France"))
    }
}
