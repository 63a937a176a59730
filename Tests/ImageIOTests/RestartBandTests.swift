import Foundation
@testable import ImageIO
import _Testing_CoreGraphics
import _TestSupport

@Suite struct RestartBandTests {
    /// A noisy 2400×1800 picture: big enough for the banded encoder.
    static func picture() -> PixelBuffer {
        var state: UInt32 = 12345
        var bytes = Data(count: 2400 * 1800 * 4)
        bytes.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) in
            for i in 0..<(2400 * 1800) {
                state = state &* 1_664_525 &+ 1_013_904_223
                let x = i % 2400, y = i / 2400
                raw[4 * i] = UInt8((x / 10 + Int(state >> 28)) & 0xFF)
                raw[4 * i + 1] = UInt8((y / 8 + Int(state >> 29)) & 0xFF)
                raw[4 * i + 2] = UInt8(((x + y) / 20) & 0xFF)
                raw[4 * i + 3] = 255
            }
        }
        return PixelBuffer(width: 2400, height: 1800, layout: .rgbx, bitsPerComponent: 8, data: bytes)
    }

    @Test func bandedEncodingWritesValidRestartIntervals() throws {
        let pixels = Self.picture()
        let jpeg = try ImageWriter.encode(pixels: pixels, colorSpace: CGColorSpaceCreateDeviceRGB(), as: .jpeg, options: EncodeOptions(quality: 0.85))
        let markers = try JPEGMarkers(jpeg)
        #expect(markers.restartInterval > 0 && markers.width == 2400 && markers.height == 1800)
        // A serial libjpeg-turbo decode checks every restart marker's number; any mistake would be an error.
        let serial = JPEGCodec(parallelBands: false)
        let header = try serial.header(of: jpeg, index: 0, limits: ImageLimits())
        let full = try serial.decode(jpeg, index: 0, header: header, request: DecodeRequest())
        #expect(TestImages.psnr(full.pixels, pixels) > 30)
        #expect(JPEGRestartBands(jpeg, markers: markers, bands: 2)?.bands.count == 2)
    }

    @Test(arguments: [(300, 225), (600, 450), (2400, 1800)]) func bandedDecodingEqualsSerialDecoding(minimumWidth: Int, minimumHeight: Int) throws {
        let jpeg = try ImageWriter.encode(pixels: Self.picture(), colorSpace: CGColorSpaceCreateDeviceRGB(), as: .jpeg)
        try Self.compare(jpeg, request: DecodeRequest(minimumWidth: minimumWidth, minimumHeight: minimumHeight))
        // A real iPhone JPEG restarts every MCU row.
        if let url = TestMedia.url("images/real_iphone6_hdr.jpg") {
            try Self.compare(try Data(contentsOf: url), request: DecodeRequest(minimumWidth: minimumWidth / 2, minimumHeight: minimumHeight / 2))
        }
    }

    static func compare(_ jpeg: Data, request: DecodeRequest) throws {
        let parallel = JPEGCodec(), serial = JPEGCodec(parallelBands: false)
        let header = try parallel.header(of: jpeg, index: 0, limits: ImageLimits())
        let a = try parallel.decode(jpeg, index: 0, header: header, request: request).pixels
        let b = try serial.decode(jpeg, index: 0, header: header, request: request).pixels
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.data == b.data, "banded and serial decodes differ at \(a.width)×\(a.height)")
    }

    @Test(arguments: [420, 422, 440, 444, 0])
    func twoPartDecodingOfFilesWithoutRestartsEqualsSerialDecoding(subsampling: Int) throws {
        // Over 2 MP, odd sizes (the split is at a 16-row boundary; the last MCU row is partial).
        let jpeg = FixtureImages.jpeg(width: 1999, height: 1003, seed: subsampling, quality: 92, subsampling: subsampling)
        let markers = try JPEGMarkers(jpeg)
        #expect(JPEGRestartBands.restartMarkers(jpeg, from: markers.scanStart)?.0.isEmpty == true, "the fixture should have no restart markers")
        try Self.compare(jpeg, request: DecodeRequest())
        // The split itself took place (not a fallback), and gave the serial decode's bytes.
        let bytesPerPixel = subsampling == 0 ? 1 : 4
        var parts = [UInt8](repeating: 0, count: 1999 * 1003 * bytesPerPixel)
        let split = parts.withUnsafeMutableBytes { JPEGCodec.decodeInTwoParts(jpeg, into: $0, width: 1999, height: 1003, bytesPerPixel: bytesPerPixel) }
        #expect(split)
        let serial = JPEGCodec(parallelBands: false)
        let reference = try serial.decode(jpeg, index: 0, header: try serial.header(of: jpeg, index: 0, limits: ImageLimits()), request: DecodeRequest())
        #expect(Data(parts) == reference.pixels.data)
        // Progressive files are not split; they decode as before.
        let progressive = FixtureImages.jpeg(width: 1999, height: 1003, seed: 1, subsampling: subsampling, progressive: true)
        #expect(!parts.withUnsafeMutableBytes { JPEGCodec.decodeInTwoParts(progressive, into: $0, width: 1999, height: 1003, bytesPerPixel: bytesPerPixel) })
        try Self.compare(progressive, request: DecodeRequest())
    }

    @Test func aTruncatedFileWithoutRestartsFailsAsASerialDecodeDoes() throws {
        let jpeg = FixtureImages.jpeg(width: 2048, height: 1536, seed: 3, quality: 90)
        let cut = jpeg.prefix(jpeg.count * 2 / 3)
        let parallel = JPEGCodec(), serial = JPEGCodec(parallelBands: false)
        let header = try parallel.header(of: cut, index: 0, limits: ImageLimits())
        let a = Result { try parallel.decode(cut, index: 0, header: header, request: DecodeRequest()) }
        let b = Result { try serial.decode(cut, index: 0, header: header, request: DecodeRequest()) }
        switch (a, b) {
        case (.failure(let x), .failure(let y)): #expect((x as? ImageIOError)?.code == (y as? ImageIOError)?.code)
        default: Issue.record("a truncated JPEG should fail both ways without allowPartial")
        }
        var partial = DecodeRequest()
        partial.allowPartial = true
        let c = try parallel.decode(cut, index: 0, header: header, request: partial), d = try serial.decode(cut, index: 0, header: header, request: partial)
        #expect(c.isPartial && d.isPartial && c.pixels.data == d.pixels.data)
    }

    @Test func damagedRestartDataFallsBackToSerialErrors() throws {
        var jpeg = [UInt8](try ImageWriter.encode(pixels: Self.picture(), colorSpace: CGColorSpaceCreateDeviceRGB(), as: .jpeg))
        let markers = try JPEGMarkers(Data(jpeg))
        let (restarts, _) = try #require(JPEGRestartBands.restartMarkers(Data(jpeg), from: markers.scanStart))
        jpeg[restarts[3] + 1] = 0xD5   // wrong restart number
        let file = try ImageFile(data: Data(jpeg))
        let result = Result { try file.decode(DecodeOptions(size: .maxPixelSize(300))) }
        if case .failure(let error) = result { #expect((error as? ImageIOError)?.code == .corrupt || (error as? ImageIOError)?.code == .truncated) }
        #expect(CGImageSourceCreateImageAtIndex(try #require(CGImageSourceCreateWithData(Data(jpeg) as CFData, nil)), 0, nil) != nil)
    }
}
