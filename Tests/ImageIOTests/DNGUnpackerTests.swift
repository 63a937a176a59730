import Foundation
import Testing
@testable import ImageIO
import _TestSupport

/// DNGs stored uncompressed or as lossless JPEG are unpacked by `DNGUnpacker` (on every core) instead of
/// LibRaw: the sensor data must be exactly LibRaw's — values, levels, pattern, matrices — and the values written.
@Suite struct DNGUnpackerTests {
    /// A deterministic mosaic of `bits`-bit values with smooth areas, edges and noise.
    static func values(width: Int, height: Int, bits: Int, seed: UInt64) -> [UInt16] {
        var random = SeededGenerator(seed: seed)
        let top = (1 << bits) - 1
        return (0..<(width * height)).map { i in
            let x = i % width, y = i / width
            let smooth = (x * 7 + y * 3) % (top + 1)
            return UInt16(i % 5 == 0 ? Int.random(in: 0...top, using: &random) : smooth)
        }
    }

    /// The stored image as `DNGUnpacker` decodes it by itself (no LibRaw), or nil when it leaves the stream to
    /// LibRaw.
    func unpackedHere(_ data: Data, curve: [UInt16]? = nil) throws -> [UInt16]? {
        let layout = try #require(DNGRawLayout.find(in: data))
        let table = curve ?? []
        let image: DNGUnpacker.Image? = try data.withUnsafeBytes { bytes in
            try table.withUnsafeBufferPointer { entries in
                try DNGUnpacker.unpack(bytes, layout: layout, curve: curve == nil ? nil : entries.baseAddress, format: .dng)
            }
        }
        return image.map { Array(UnsafeBufferPointer<UInt16>(start: $0.values, count: $0.count)) }
    }

    /// Unpacks `data` both ways and checks they agree; when `expected` is given, that `DNGUnpacker` decodes the
    /// stream itself (LibRaw does not stand in) to exactly those values.
    func expectSameAsLibRaw(_ data: Data, expected: [UInt16]?, curve: [UInt16]? = nil, _ comment: Comment) throws {
        #expect(DNGRawLayout.find(in: data) != nil, "not unpacked here: \(comment)")
        if let expected { #expect(try unpackedHere(data, curve: curve) == expected, "decoded without LibRaw: \(comment)") }
        let ours = try RAWSensorData.unpack(data, limits: ImageLimits(), unpacker: .automatic)
        let libRaw = try RAWSensorData.unpack(data, limits: ImageLimits(), unpacker: .libRaw)
        #expect(ours.width == libRaw.width && ours.height == libRaw.height, comment)
        #expect(ours.pattern == libRaw.pattern && ours.blackLevels == libRaw.blackLevels && ours.whiteLevel == libRaw.whiteLevel, comment)
        #expect(ours.cameraToLinearSRGB == libRaw.cameraToLinearSRGB && ours.xyzToCamera == libRaw.xyzToCamera, comment)
        #expect(ours.asShotMultipliers == libRaw.asShotMultipliers && ours.orientation == libRaw.orientation, comment)
        var mismatches = 0
        for row in 0..<ours.height {
            for column in 0..<ours.width where ours.mosaic[row, column] != libRaw.mosaic[row, column] { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(mismatches) values differ from LibRaw's: \(comment)")
        if let expected {
            var wrong = 0
            for row in 0..<ours.height { for column in 0..<ours.width where ours.mosaic[row, column] != expected[row * ours.width + column] { wrong += 1 } }
            #expect(wrong == 0, "\(wrong) values differ from those written: \(comment)")
        }
    }

    @Test(arguments: [8, 10, 12, 14, 16])
    func uncompressedStripsMatchLibRaw(bits: Int) throws {
        // Odd widths leave bits over at the end of each row; several strips; both byte orders for 16 bits.
        for (width, height, rowsPerStrip, bigEndian) in [(38, 26, nil, false), (37, 24, 5, false), (64, 40, 16, true)] as [(Int, Int, Int?, Bool)] {
            let values = Self.values(width: width, height: height, bits: bits, seed: UInt64(bits * 100 + width))
            let dng = TestDNGWriter(width: width, height: height, bits: bits, rowsPerStrip: rowsPerStrip, bigEndian: bigEndian).write(values)
            try expectSameAsLibRaw(dng, expected: values, "\(bits) bits, \(width)×\(height), strips of \(rowsPerStrip ?? height), \(bigEndian ? "big" : "little") endian")
        }
    }

    @Test func aLinearizationTableMapsEveryValueAsLibRawDoes() throws {
        let values = Self.values(width: 40, height: 30, bits: 10, seed: 7)
        let table = (0..<1024).map { UInt16(min(65535, $0 * $0 / 16 + 3)) }
        let dng = TestDNGWriter(width: 40, height: 30, bits: 10, linearization: table).write(values)
        // LibRaw's curve: the table, then its last entry for every larger value.
        let curve = (0..<65536).map { table[min($0, table.count - 1)] }
        try expectSameAsLibRaw(dng, expected: values.map { table[Int($0)] }, curve: curve, "linearized 10-bit")
    }

    @Test func uncompressedTilesFollowTheirOffsets() throws {
        // LibRaw 0.20 reads an uncompressed DNG's tiles as one run of bytes; they are read where they are.
        let values = Self.values(width: 50, height: 36, bits: 12, seed: 11)
        let dng = TestDNGWriter(width: 50, height: 36, bits: 12, tile: (16, 16)).write(values)
        let sensor = try RAWSensorData.unpack(dng, limits: ImageLimits(), unpacker: .automatic)
        var wrong = 0
        for row in 0..<36 { for column in 0..<50 where sensor.mosaic[row, column] != values[row * 50 + column] { wrong += 1 } }
        #expect(wrong == 0)
    }

    @Test(arguments: 1...7)
    func losslessJPEGTilesMatchLibRaw(predictor: Int) throws {
        for (bits, components, tile) in [(12, 2, (24, 16)), (14, 1, (16, 12)), (16, 2, (32, 8))] {
            let values = Self.values(width: 60, height: 30, bits: bits, seed: UInt64(predictor * 1000 + bits))
            let dng = TestDNGWriter(width: 60, height: 30, bits: bits, storage: .losslessJPEG(predictor: predictor, components: components, restartRows: 0),
                                    tile: tile).write(values)
            try expectSameAsLibRaw(dng, expected: values, "predictor \(predictor), \(bits) bits, \(components) components, tiles \(tile)")
        }
    }

    @Test func losslessJPEGWithRestartMarkersMatchesLibRaw() throws {
        let values = Self.values(width: 48, height: 40, bits: 12, seed: 5)
        let dng = TestDNGWriter(width: 48, height: 40, bits: 12, storage: .losslessJPEG(predictor: 1, components: 2, restartRows: 3),
                                tile: (48, 40)).write(values)
        try expectSameAsLibRaw(dng, expected: values, "restart every 3 rows")
    }

    @Test func aTruncatedStripIsAnErrorNamingIt() throws {
        let values = Self.values(width: 64, height: 64, bits: 12, seed: 3)
        let dng = TestDNGWriter(width: 64, height: 64, bits: 12, rowsPerStrip: 16).write(values)
        #expect(DNGRawLayout.find(in: dng) != nil)
        do {
            _ = try RAWSensorData.unpack(dng.prefix(dng.count - 100), limits: ImageLimits(), unpacker: .automatic)
            Issue.record("a truncated DNG unpacked")
        } catch {
            #expect([.truncated, .corrupt].contains(error.code), "\(error)")
        }
    }

    @Test func damagedLosslessJPEGIsAnErrorNotGarbage() throws {
        let values = Self.values(width: 48, height: 32, bits: 12, seed: 9)
        var dng = TestDNGWriter(width: 48, height: 32, bits: 12, storage: .losslessJPEG(predictor: 1, components: 2, restartRows: 0),
                                tile: (48, 32)).write(values)
        // Cut the coded data short by overwriting its second half with an end-of-image marker and zeros.
        let layout = try #require(DNGRawLayout.find(in: dng))
        let piece = layout.pieces[0]
        let cut = piece.offset + piece.byteCount / 2
        dng.replaceSubrange(cut..<(piece.offset + piece.byteCount), with: [0xFF, 0xD9] + [UInt8](repeating: 0, count: piece.offset + piece.byteCount - cut - 2))
        #expect(throws: ImageIOError.self) { _ = try RAWSensorData.unpack(dng, limits: ImageLimits(), unpacker: .automatic) }
    }

    @Test func corpusDNGsUnpackAsLibRawDoes() throws {
        guard let raws = TestMedia.url("raw") else { print(TestMedia.skipMessage); return }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: raws.path))?.filter { $0.lowercased().hasSuffix(".dng") }.sorted() ?? []
        var decodedHere: [String] = []
        for name in files {
            let data = try Data(contentsOf: raws.appendingPathComponent(name))
            guard DNGRawLayout.find(in: data) != nil else { continue }
            try expectSameAsLibRaw(data, expected: nil, "\(name)")
            if try unpackedHere(data) != nil { decodedHere.append(name) }
        }
        // The Blackmagic DNG's "lossless JPEG" tiles are DCT-coded (a lossy variant): left to LibRaw.
        #expect(decodedHere.contains("synthetic_rggb_12bit.dng") && decodedHere.contains("canon550d_magiclantern_colorchart.dng")
                && !decodedHere.contains("blackmagic_pocket4k_12bit.dng"), "\(decodedHere)")
    }
}
