import Foundation

/// Where a DNG stores its Bayer mosaic, for the storage this module unpacks itself (``DNGUnpacker``): one
/// full-resolution colour-filter-array image, one sample per photosite, uncompressed (8 to 16 bits) or lossless
/// JPEG, in strips or tiles. Read from the file's TIFF structure, bounds-checked; `nil` for anything else (then
/// LibRaw unpacks the file as before).
struct DNGRawLayout: Equatable {
    enum Compression: Equatable { case uncompressed, losslessJPEG }

    /// One strip or tile: the photosites it covers (`rows` × `columns` from `row`, `column`; tiles at the right and
    /// bottom edges reach past the image, as TIFF pads them) and its bytes in the file.
    struct Piece: Equatable {
        var row: Int, column: Int, rows: Int, columns: Int
        var offset: Int, byteCount: Int
    }

    var compression: Compression
    var width: Int
    var height: Int
    /// Bits per stored sample (for lossless JPEG, the frame header's precision is what counts).
    var bitsPerSample: Int
    /// The file's byte order (16-bit uncompressed samples are stored in it).
    var bigEndian: Bool
    var pieces: [Piece]

    /// The pieces' bytes per row of uncompressed samples.
    func rowBytes(columns: Int) -> Int { (columns * bitsPerSample + 7) / 8 }

    private enum Tag {
        static let newSubfileType: UInt16 = 0x00FE, imageWidth: UInt16 = 0x0100, imageLength: UInt16 = 0x0101
        static let bitsPerSample: UInt16 = 0x0102, compression: UInt16 = 0x0103, photometric: UInt16 = 0x0106
        static let fillOrder: UInt16 = 0x010A, stripOffsets: UInt16 = 0x0111, samplesPerPixel: UInt16 = 0x0115
        static let rowsPerStrip: UInt16 = 0x0116, stripByteCounts: UInt16 = 0x0117, planar: UInt16 = 0x011C
        static let predictor: UInt16 = 0x013D, tileWidth: UInt16 = 0x0142, tileLength: UInt16 = 0x0143
        static let tileOffsets: UInt16 = 0x0144, tileByteCounts: UInt16 = 0x0145, subIFDs: UInt16 = 0x014A
        static let sampleFormat: UInt16 = 0x0153, dngVersion: UInt16 = 0xC612, maskedAreas: UInt16 = 0xC68E
    }
    private static let colourFilterArray = 32803

    /// The layout of `data`'s mosaic, when `data` is a DNG whose one full-resolution CFA image is stored in a
    /// way ``DNGUnpacker`` reads; `nil` otherwise (several candidate images, masked areas LibRaw measures black
    /// from, floating-point or multi-sample data, other compressions, pieces that do not tile the image).
    static func find(in data: Data) -> DNGRawLayout? {
        guard let tiff = TIFFStructure(data), let first = tiff.firstIFDOffset, let ifd0 = tiff.directory(at: first),
              ifd0.entries.contains(where: { $0.tag == Tag.dngVersion }) else { return nil }
        // IFD0, the IFDs chained after it and their SubIFDs (one level, as DNG writers use them), each once.
        var visited = Set<Int>(), directories: [[TIFFStructure.Entry]] = []
        var chain: Int? = first
        while let offset = chain, offset > 0, visited.insert(offset).inserted, directories.count < 64,
              let directory = tiff.directory(at: offset) {
            directories.append(directory.entries)
            let subs = directory.entries.first { $0.tag == Tag.subIFDs }.map { tiff.integers($0, limit: 64) } ?? []
            for sub in subs where sub > 0 && visited.insert(sub).inserted {
                if let entries = tiff.directory(at: sub)?.entries { directories.append(entries) }
            }
            chain = directory.next
        }
        func value(_ entries: [TIFFStructure.Entry], _ tag: UInt16) -> Int? {
            entries.first { $0.tag == tag }.flatMap { tiff.integers($0, limit: 1).first }
        }
        let candidates = directories.indices.filter {
            value(directories[$0], Tag.photometric) == colourFilterArray && (value(directories[$0], Tag.newSubfileType) ?? 0) == 0
        }
        guard candidates.count == 1, let raw = candidates.first.map({ directories[$0] }) else { return nil }
        return layout(raw, tiff: tiff, value: { value(raw, $0) })
    }

    private static func layout(_ raw: [TIFFStructure.Entry], tiff: TIFFStructure, value: (UInt16) -> Int?) -> DNGRawLayout? {
        let compression: Compression
        switch value(Tag.compression) ?? 1 {
        case 1: compression = .uncompressed
        case 7: compression = .losslessJPEG
        default: return nil
        }
        guard let width = value(Tag.imageWidth), let height = value(Tag.imageLength), width > 0, height > 0,
              width <= 65535, height <= 65535,
              (value(Tag.samplesPerPixel) ?? 1) == 1, (value(Tag.planar) ?? 1) == 1, (value(Tag.sampleFormat) ?? 1) == 1,
              (value(Tag.fillOrder) ?? 1) == 1, (value(Tag.predictor) ?? 1) == 1,
              !raw.contains(where: { $0.tag == Tag.maskedAreas }) else { return nil }
        let bits = raw.first { $0.tag == Tag.bitsPerSample }.map { tiff.integers($0, limit: 4) } ?? [1]
        guard bits.count == 1, let bitsPerSample = bits.first, (1...16).contains(bitsPerSample) else { return nil }
        if compression == .uncompressed, bitsPerSample < 8 { return nil }
        func list(_ tag: UInt16, limit: Int) -> [Int] { raw.first { $0.tag == tag }.map { tiff.integers($0, limit: limit) } ?? [] }

        var pieces: [Piece] = []
        if let tileWidth = value(Tag.tileWidth), let tileLength = value(Tag.tileLength) {
            guard tileWidth > 0, tileLength > 0, tileWidth <= 65535, tileLength <= 65535 else { return nil }
            let across = (width + tileWidth - 1) / tileWidth, down = (height + tileLength - 1) / tileLength
            guard across * down <= 1 << 16 else { return nil }
            let offsets = list(Tag.tileOffsets, limit: across * down + 1), counts = list(Tag.tileByteCounts, limit: across * down + 1)
            guard offsets.count == across * down, counts.count == across * down else { return nil }
            for index in 0..<(across * down) {
                pieces.append(Piece(row: index / across * tileLength, column: index % across * tileWidth, rows: tileLength,
                                    columns: tileWidth, offset: offsets[index], byteCount: counts[index]))
            }
        } else {
            let rowsPerStrip = min(value(Tag.rowsPerStrip) ?? height, height)
            guard rowsPerStrip > 0 else { return nil }
            let strips = (height + rowsPerStrip - 1) / rowsPerStrip
            guard strips <= 1 << 16 else { return nil }
            let offsets = list(Tag.stripOffsets, limit: strips + 1), counts = list(Tag.stripByteCounts, limit: strips + 1)
            guard offsets.count == strips, counts.count == strips else { return nil }
            for index in 0..<strips {
                let row = index * rowsPerStrip
                pieces.append(Piece(row: row, column: 0, rows: min(rowsPerStrip, height - row), columns: width,
                                    offset: offsets[index], byteCount: counts[index]))
            }
        }
        return DNGRawLayout(compression: compression, width: width, height: height, bitsPerSample: bitsPerSample,
                            bigEndian: tiff.bigEndian, pieces: pieces)
    }
}
