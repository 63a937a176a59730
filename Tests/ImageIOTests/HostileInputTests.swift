import Foundation
@testable import ImageIO
import _Testing_CoreGraphics
import _TestSupport

@Suite struct HostileInputTests {
    /// What the core must say about each file of the corpus's `broken/` folder.
    static let expectations: [String: ImageIOError.Code?] = [
        "broken/truncated.jpg": .truncated,
        "broken/zero_bytes.jpg": .empty,
        "broken/huge_dimensions_100000x100000.png": .tooLarge,
        "broken/huge_dimensions_65500x65500.jpg": .tooLarge,
        "broken/png_disguised_as.jpg": nil,   // a valid PNG: content sniffing wins
        "broken/garbage_exif.jpg": nil,       // metadata fails soft, pixels decode
    ]

    @Test func everyBrokenCorpusFileGivesAClearError() throws {
        guard let folder = TestMedia.url("broken") else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for name in files {
            let path = "broken/" + name
            let url = folder.appendingPathComponent(name)
            let result = Result { try ImageFile(contentsOf: url).decode(DecodeOptions(size: .maxPixelSize(256))) }
            switch result {
            case .success(let image):
                let expected = Self.expectations[path]
                #expect(expected != nil && expected! == nil, "\(path) decoded but should fail")
                #expect(image.pixels.width > 0)
            case .failure(let error):
                let error = try #require(error as? ImageIOError)
                #expect(!error.message.isEmpty && error.description.count > 10, "\(path): \(error)")
                if let expected = Self.expectations[path] { #expect(error.code == expected, "\(path): \(error)") }
            }
            // The Apple-shaped API never crashes either; its status names the problem.
            let source = CGImageSourceCreateWithURL(url as CFURL, nil)
            if let source, Self.expectations[path] != .some(nil) {
                #expect(CGImageSourceGetStatus(source) != .statusComplete, "\(path)")
            }
        }
        #expect(files.count >= 6)
        // garbage_exif: no properties from the damaged EXIF, but the header and pixels are fine.
        if let url = TestMedia.url("broken/garbage_exif.jpg") {
            let props = CGImageSourceCopyPropertiesAtIndex(try #require(CGImageSourceCreateWithURL(url as CFURL, nil)), 0, nil) as? [AnyHashable: Any]
            #expect(props?[kCGImagePropertyPixelWidth] as? Int == 800)
            #expect(props?[kCGImagePropertyOrientation] == nil)
        }
    }

    @Test func truncatedJPEGIsPartialThroughImageIO() throws {
        guard let url = TestMedia.url("broken/truncated.jpg") else { return }
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetStatus(source) == .statusIncomplete)
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 800 && image.height == 541)
        let partial = try ImageFile(contentsOf: url).decode(DecodeOptions(allowPartial: true))
        #expect(partial.isPartial)
    }

    /// A PNG whose IHDR claims 100000×100000 RGBA (40 GB) with a tiny IDAT, built here with valid CRCs.
    static func hugePNG(width: UInt32 = 100_000, height: UInt32 = 100_000) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            let length = withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init)
            return length + typed + withUnsafeBytes(of: CRC32.of(typed).bigEndian, Array.init)
        }
        let ihdr = withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", [UInt8](repeating: 0, count: 64)) + chunk("IEND", []))
    }

    @Test func hundredThousandSquaredHeaderIsRefusedWithoutAllocating() throws {
        let before = TestImages.peakRSSKB()
        for data in [Self.hugePNG(), Self.hugeGIF(), Self.hugeTIFF()] {
            let file = try ImageFile(data: data)
            #expect(throws: ImageIOError.self) { try file.decode() }
            do { _ = try file.decode() } catch {
                #expect(error.code == .tooLarge, "\(file.format): \(error)")
                #expect(error.message.contains("100000×100000") || error.message.contains("60000×60000"))
            }
            let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
            #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
            #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailFromImageAlways: true,
                                                                    kCGImageSourceThumbnailMaxPixelSize: 64] as CFDictionary) == nil)
        }
        // The limit is configurable and checked before decoding.
        let small = FixtureImages.jpeg(width: 64, height: 48)
        #expect(throws: ImageIOError.self) { try ImageFile(data: small).decode(DecodeOptions(limits: ImageLimits(maxPixelCount: 1000))) }
        #expect(TestImages.peakRSSKB() - before < 100_000, "refusing huge headers must not allocate")
    }

    static func hugeGIF() -> Data {
        // Logical screen 60000×60000 (3.6 GP), one 1×1 frame.
        Data(Array("GIF89a".utf8) + [0x60, 0xEA, 0x60, 0xEA, 0x80, 0, 0, 0, 0, 0, 255, 255, 255,
                                     0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B])
    }

    static func hugeTIFF() -> Data {
        // Little-endian TIFF, IFD0: width/height 100000, 8-bit gray, one strip of 1 byte.
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]
        let entries: [(UInt16, UInt16, UInt32)] = [(256, 4, 100_000), (257, 4, 100_000), (258, 3, 8), (259, 3, 1), (262, 3, 1),
                                                    (273, 4, 200), (277, 3, 1), (278, 4, 100_000), (279, 4, 1)]
        bytes += withUnsafeBytes(of: UInt16(entries.count).littleEndian, Array.init)
        for (tag, type, value) in entries {
            bytes += withUnsafeBytes(of: tag.littleEndian, Array.init) + withUnsafeBytes(of: type.littleEndian, Array.init)
            bytes += withUnsafeBytes(of: UInt32(1).littleEndian, Array.init)
            bytes += type == 3 ? withUnsafeBytes(of: UInt16(value).littleEndian, Array.init) + [0, 0] : withUnsafeBytes(of: value.littleEndian, Array.init)
        }
        bytes += [0, 0, 0, 0]
        bytes += [UInt8](repeating: 0, count: 200 - bytes.count) + [0]
        return Data(bytes)
    }

    @Test func truncationsAtEveryScaleNeverCrash() throws {
        let images: [(ImageFormat, Data)] = try [
            (.jpeg, FixtureImages.jpeg(width: 120, height: 80)),
            (.png, ImageWriter.encode(pixels: TestImages.gradient(width: 40, height: 30), colorSpace: CGColorSpaceCreateDeviceRGB(), as: .png)),
            (.tiff, ImageWriter.encode(pixels: TestImages.gradient(width: 40, height: 30), colorSpace: CGColorSpaceCreateDeviceRGB(), as: .tiff)),
            (.gif, Self.hugeGIF()),
            (.webp, try #require(Data(base64Encoded: WebPTests.lossy))),
        ]
        for (format, data) in images {
            for fraction in [0.02, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99] {
                let cut = data.prefix(max(1, Int(Double(data.count) * fraction)))
                let outcome = Result { try ImageFile(data: Data(cut)).decode(DecodeOptions(limits: ImageLimits(maxPixelCount: 10_000_000))) }
                if case .failure(let error) = outcome {
                    #expect(error is ImageIOError, "\(format) cut at \(fraction): \(error)")
                }
                let source = try #require(CGImageSourceCreateWithData(Data(cut) as CFData, nil))
                _ = CGImageSourceCreateImageAtIndex(source, 0, nil)
                _ = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
            }
        }
    }

    @Test func randomBytesAndDamagedMetadataNeverCrash() throws {
        var generator = SystemRandomNumberGenerator()
        let jpeg = FixtureImages.jpeg(width: 32, height: 32)
        for round in 0..<200 {
            var bytes = [UInt8](jpeg)
            // Flip bytes in the headers and the data.
            for _ in 0..<(1 + round % 8) { bytes[Int.random(in: 2..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            let source = try #require(CGImageSourceCreateWithData(Data(bytes) as CFData, nil))
            _ = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
            _ = CGImageSourceCreateImageAtIndex(source, 0, nil)
        }
        for _ in 0..<200 {
            var exif = [UInt8]("MM\0*\0\0\0\u{8}".utf8)
            exif += (0..<Int.random(in: 0..<300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = EXIFProperties.read(Data(exif))
        }
    }
}

/// CRC-32 (PNG's), for building test files.
enum CRC32 {
    static func of(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
