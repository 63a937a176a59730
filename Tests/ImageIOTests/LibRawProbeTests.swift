import Foundation
import Testing
@testable import ImageIO
@testable import RAWProbe
import _TestSupport

/// ImageIO's RAW paths (header, LibRaw development, embedded preview) let LibRaw read a file only after
/// `photokit-raw-probe` read it as far in a process of its own; the sensor data for our development is unpacked
/// in the probe and handed back, so LibRaw never reads that file here (`Fuzz/Regressions/media-inspection` holds
/// files Debian's LibRaw 0.20 crashes on).
@Suite struct LibRawProbeTests {
    static let reproducers = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions/media-inspection")

    @Test func theProbeIsBuiltBesideTheTests() {
        #expect(LibRawProbe.executable != nil, "photokit-raw-probe should be beside the test executable")
    }

    @Test(arguments: ["libraw-hassy-model-strcat-overflow.raw", "libraw-null-call.raw", "libraw-parse-tiff-ifd-segv.raw"])
    func aCrashingFileIsCorruptOnEveryPath(_ name: String) throws {
        let data = try Data(contentsOf: Self.reproducers.appendingPathComponent(name))
        #expect { try ImageFile(data: data).header() } throws: { error in
            guard let error = error as? ImageIOError else { return false }
            return error.code == .corrupt && "\(error)".contains("LibRaw crashed reading this file")
        }
        #expect { try RAWSensorData.unpack(data) } throws: { error in
            "\(error)".contains("LibRaw crashed reading this file")
        }
        for step in LibRawProbe.Step.allCases {
            #expect(throws: LibRawProbe.Failure.self) { try data.withUnsafeBytes { try LibRawProbe.check($0, upTo: step) } }
        }
    }

    @Test func bytesLibRawRefusesPassTheProbeAndFailInProcessWithLibRawsReason() throws {
        // Not a RAW file at all: LibRaw refuses it with an error (exit 10 in the probe), which is not a crash.
        let bytes = Data("II*\0 not really a TIFF".utf8)
        try bytes.withUnsafeBytes { try LibRawProbe.check($0, upTo: .develop) }
        // …so LibRaw then reads it here and gives its own reason, not the probe's.
        #expect { try RAWCodec().header(of: bytes, index: 0, limits: ImageLimits()) } throws: { error in
            error is ImageIOError && !"\(error)".contains("LibRaw crashed") && "\(error)".contains("LibRaw cannot open the file")
        }
        #expect(LibRawProbe.run(try #require(LibRawProbe.executable), UnsafeRawBufferPointer(start: nil, count: 0), .open) == .passed)
    }

    /// The probe's sensor package is LibRaw's state and raw image, complete and readable as a sensor (that its
    /// developments match LibRaw in-process pixel for pixel is what the golden developments in CoreImageTests check).
    @Test(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
    func theSensorPackageIsLibRawsOwnState() throws {
        let dng = try Data(contentsOf: try #require(TestMedia.url("raw/synthetic_rggb_12bit.dng")))
        let package = try #require(try dng.withUnsafeBytes {
            try LibRawProbe.sensor($0, maxBytes: 1 << 30, stateSize: RAWSensorData.libRawStateSize)
        })
        #expect(package.openStatus == 0 && package.unpackStatus == 0)
        #expect(package.state.count == RAWSensorData.libRawStateSize)
        #expect(!package.rawImage.isEmpty)
        #expect(Set(package.colour).isSubset(of: [0, 1, 2, 3]))
        let sensor = try RAWSensorData.unpack(dng)
        #expect(sensor.mosaic.count == sensor.width * sensor.height)
        #expect(sensor.whiteLevel > sensor.blackLevels.max()!)
    }

    @Test func stepsIncludeTheOnesTheyPassThrough() {
        #expect(LibRawProbe.Step.develop.includes(.unpack))
        #expect(LibRawProbe.Step.develop.includes(.open))
        #expect(LibRawProbe.Step.thumbnail.includes(.open))
        #expect(!LibRawProbe.Step.thumbnail.includes(.unpack))
        #expect(!LibRawProbe.Step.unpack.includes(.develop))
    }
}
