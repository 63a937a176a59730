import Foundation
import Testing
@testable import ImageIO
import _Testing_CoreGraphics
import _TestSupport

/// Images taken in strips: JPEGs decoded band by band (`JPEGStripDecoder`) give the whole decode's bytes, and an
/// image whose provider makes its rows on request is written by the JPEG encoder strip by strip, to the bytes of
/// the whole image's encode, without ever being read whole.
@Suite struct StripCodingTests {
    /// The banded encoder's file (restart markers every band) of the noisy picture, at 4:4:4, 4:2:2, 4:2:0 or gray.
    static func bandedJPEG(subsampling: Int) throws -> (jpeg: Data, pixels: PixelBuffer) {
        var pixels = RestartBandTests.picture()
        if subsampling == 0 { pixels = Self.gray(pixels) }
        var options = EncodeOptions(quality: 0.92)
        options.chromaSubsampling = [444: .s444, 422: .s422, 420: .s420][subsampling]
        let jpeg = try ImageWriter.encode(pixels: pixels, colorSpace: subsampling == 0 ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB(),
                                          as: .jpeg, options: options)
        return (jpeg, pixels)
    }

    /// The green channel as a gray image.
    static func gray(_ pixels: PixelBuffer) -> PixelBuffer {
        var bytes = Data(count: pixels.width * pixels.height)
        pixels.withUnsafeBytes { raw in
            for i in 0..<(pixels.width * pixels.height) { bytes[i] = raw[i * 4 + 1] }
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, layout: .gray, bitsPerComponent: 8, data: bytes)
    }

    @Test(arguments: [444, 422, 0]) func bandsDecodeToTheWholeDecodesBytes(subsampling: Int) throws {
        let (jpeg, _) = try Self.bandedJPEG(subsampling: subsampling)
        let file = try ImageFile(data: jpeg)
        let header = try file.header()
        let whole = try file.decode(header: header, options: DecodeOptions(applyOrientation: false)).pixels
        let decoder = try #require(file.bandDecoder(header: header))
        let starts = decoder.bandStarts
        #expect(starts.first == 0 && starts.last == 1800 && starts.count > 3)
        #expect(decoder.layout == whole.layout)
        // Uneven batches: one band, then three at once, then the rest.
        var rows = Data(count: whole.bytesPerRow * 1800)
        try rows.withUnsafeMutableBytes { raw in
            let bandCount = starts.count - 1
            for batch in [0..<1, 1..<4, 4..<bandCount] {
                try decoder.decode(bands: batch, into: raw.baseAddress! + starts[batch.lowerBound] * whole.bytesPerRow, bytesPerRow: whole.bytesPerRow)
            }
        }
        #expect(rows == whole.data, "the bands differ from the whole decode at \(subsampling)")
    }

    @Test func filesThatCannotBeBandedHaveNoBandDecoder() throws {
        // Chroma subsampled vertically (fancy upsampling reads across band edges), no restart markers, progressive, PNG.
        let vertical = try Self.bandedJPEG(subsampling: 420).jpeg
        #expect(try JPEGMarkers(vertical).restartInterval > 0)
        let png = try ImageWriter.encode(pixels: RestartBandTests.picture(), colorSpace: CGColorSpaceCreateDeviceRGB(), as: .png)
        for data in [vertical, FixtureImages.jpeg(width: 1999, height: 1003, subsampling: 444),
                     FixtureImages.jpeg(width: 1999, height: 1003, subsampling: 444, progressive: true), png] {
            let file = try ImageFile(data: data)
            #expect(file.bandDecoder(header: try file.header()) == nil)
        }
    }

    @Test func aDamagedBandIsAnError() throws {
        var jpeg = try Self.bandedJPEG(subsampling: 444).jpeg
        let markers = try JPEGMarkers(jpeg)
        let (restarts, _) = try #require(JPEGRestartBands.restartMarkers(jpeg, from: markers.scanStart))
        // The third restart interval loses 500 bytes: its decode runs into the next marker early, which libjpeg
        // reports as a warning; the markers, and so the bands, are unchanged.
        let start = restarts[1] + 2
        #expect(restarts[2] - start > 2000)
        jpeg.removeSubrange((start + 1000)..<(start + 1500))
        let file = try ImageFile(data: jpeg)
        let decoder = try #require(file.bandDecoder(header: try file.header()))
        let starts = decoder.bandStarts
        var rows = Data(count: 2400 * 4 * 1800)
        try rows.withUnsafeMutableBytes { raw in
            // The bands before it decode; the damaged one is an error naming its rows.
            try decoder.decode(bands: 0..<2, into: raw.baseAddress!, bytesPerRow: 2400 * 4)
            #expect(throws: ImageIOError.self) {
                try decoder.decode(bands: 2..<3, into: raw.baseAddress! + starts[2] * 2400 * 4, bytesPerRow: 2400 * 4)
            }
        }
    }

    /// Rows of a buffer handed out on request, recording the passes and the largest request.
    final class CountingRows: CGDataProviderRowSource, @unchecked Sendable {
        let pixels: PixelBuffer
        let failAt: Int?
        private let lock = NSLock()
        private var counts = (passes: 0, largestRead: 0)
        var passes: Int { lock.withLock { counts.passes } }
        var largestRead: Int { lock.withLock { counts.largestRead } }
        var rowCount: Int { pixels.height }
        var bytesPerRow: Int { pixels.bytesPerRow }
        init(_ pixels: PixelBuffer, failAt: Int? = nil) { (self.pixels, self.failAt) = (pixels, failAt) }
        func makeReader() throws -> any CGDataProviderRowReader { lock.withLock { counts.passes += 1 }; return Reader(self) }
        func noteRead(_ count: Int) { lock.withLock { counts.largestRead = max(counts.largestRead, count) } }

        final class Reader: CGDataProviderRowReader {
            let source: CountingRows
            var next = 0
            init(_ source: CountingRows) { self.source = source }
            func read(_ count: Int, into destination: UnsafeMutableRawPointer, bytesPerRow: Int) throws {
                if let fail = source.failAt, next + count > fail { throw ImageIOError(.corrupt, "rows from \(fail) cannot be made") }
                source.noteRead(count)
                source.pixels.withUnsafeBytes { raw in
                    for row in 0..<count {
                        (destination + row * bytesPerRow).copyMemory(from: raw.baseAddress! + (next + row) * source.bytesPerRow, byteCount: source.bytesPerRow)
                    }
                }
                next += count
            }
        }
    }

    static func write(_ provider: CGDataProvider, _ pixels: PixelBuffer, gray: Bool, properties: [String: Any]) -> Data? {
        let space = gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
        let image = CGImage(width: pixels.width, height: pixels.height, bitsPerComponent: 8, bitsPerPixel: gray ? 8 : 32,
                            bytesPerRow: pixels.bytesPerRow, space: space,
                            bitmapInfo: CGBitmapInfo(alphaInfo: gray ? .none : .noneSkipLast), provider: provider,
                            decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
        let output = NSMutableData()
        let destination = CGImageDestinationCreateWithData(output, "public.jpeg", 1, nil)!
        CGImageDestinationAddImage(destination, image, properties as NSDictionary)
        return CGImageDestinationFinalize(destination) ? Data(bytes: output.bytes, count: output.length) : nil
    }

    @Test(arguments: [444, 420, 0]) func aStreamedImageIsWrittenInStripsToTheWholeImagesBytes(subsampling: Int) throws {
        var pixels = RestartBandTests.picture()
        if subsampling == 0 { pixels = Self.gray(pixels) }
        let quality = subsampling == 420 ? 0.8 : 0.92
        let properties: [String: Any] = [kCGImageDestinationLossyCompressionQuality: quality]
        let whole = try #require(Self.write(CGDataProvider(data: pixels.data), pixels, gray: subsampling == 0, properties: properties))
        let rows = CountingRows(pixels)
        let provider = CGDataProvider(rows: rows)
        let streamed = try #require(Self.write(provider, pixels, gray: subsampling == 0, properties: properties))
        #expect(streamed == whole)
        // One pass, a few bands at a time, and the provider never read whole.
        #expect(rows.passes == 1)
        #expect(rows.largestRead > 0 && rows.largestRead <= 640, "strips of about 480 rows, not \(rows.largestRead)")
    }

    @Test func aStreamedImageIsReadWholeWhereTheWriterNeedsIt() throws {
        let pixels = RestartBandTests.picture()
        let properties: [String: Any] = [kCGImageDestinationLossyCompressionQuality: 0.9, kCGImageDestinationImageMaxPixelSize: 800]
        let whole = try #require(Self.write(CGDataProvider(data: pixels.data), pixels, gray: false, properties: properties))
        let rows = CountingRows(pixels)
        let provider = CGDataProvider(rows: rows)
        #expect(Self.write(provider, pixels, gray: false, properties: properties) == whole)
        #expect(rows.largestRead == 1800)
        // The provider keeps what it read: asking for its bytes again makes no second pass.
        #expect(provider.data == pixels.data)
        #expect(rows.passes == 1)
    }

    @Test func rowsThatCannotBeMadeFailTheWrite() throws {
        let pixels = RestartBandTests.picture()
        let rows = CountingRows(pixels, failAt: 900)
        #expect(Self.write(CGDataProvider(rows: rows), pixels, gray: false, properties: [:]) == nil)
        // A provider whose rows cannot be made has no bytes either.
        #expect(CGDataProvider(rows: CountingRows(pixels, failAt: 10)).data == nil)
    }
}
