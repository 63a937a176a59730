import Foundation
@testable import ImageIO
import _Testing_CoreGraphics
import _TestSupport

@Suite struct ShrinkOnLoadTests {
    /// TurboJPEG scales by 1/2, 1/4, 1/8 with sizes rounded up: the codec picks the smallest scale still covering
    /// the request.
    @Test func dctScaledSizes() throws {
        let jpeg = FixtureImages.jpeg(width: 803, height: 601)
        let codec = JPEGCodec()
        let header = try codec.header(of: jpeg, index: 0, limits: ImageLimits())
        let cases: [((Int, Int)?, (Int, Int))] = [
            (nil, (803, 601)), ((500, 400), (803, 601)), ((402, 301), (402, 301)), ((403, 1), (803, 601)),
            ((150, 100), (201, 151)), ((100, 75), (101, 76)), ((1, 1), (101, 76)),
        ]
        for (minimum, expected) in cases {
            let request = DecodeRequest(minimumWidth: minimum?.0, minimumHeight: minimum?.1)
            let pixels = try codec.decode(jpeg, index: 0, header: header, request: request).pixels
            #expect(pixels.width == expected.0 && pixels.height == expected.1, "minimum \(String(describing: minimum))")
        }
    }

    @Test func largeCorpusJPEGUsesTheEighthScale() throws {
        guard let url = TestMedia.url("images/large_kleiber_20mp.jpg") else { return }
        let data = try Data(contentsOf: url)
        let codec = JPEGCodec()
        let header = try codec.header(of: data, index: 0, limits: ImageLimits())
        let eighth = try codec.decode(data, index: 0, header: header, request: DecodeRequest(minimumWidth: 700, minimumHeight: 300)).pixels
        #expect(eighth.width == 754 && eighth.height == 424)
        let quarter = try codec.decode(data, index: 0, header: header, request: DecodeRequest(minimumWidth: 1000, minimumHeight: 600)).pixels
        #expect(quarter.width == 1507 && quarter.height == 848)
        // The pipeline then reaches the exact size through the scaled decode: under a decode budget of 8 MB, which
        // refuses a full decode (6028×3391×4 = 82 MB), the thumbnail is still made. (Measured by the decode budget
        // rather than the process's peak RSS, which tests running alongside raise.)
        let budget = ImageLimits(maxDecodeBytes: 8_000_000)
        let thumb = try ImageFile(data: data).decode(DecodeOptions(size: .maxPixelSize(256), limits: budget))
        #expect(thumb.pixels.width == 256 && thumb.pixels.height == 144)
        #expect(throws: ImageIOError.self) { try ImageFile(data: data).decode(DecodeOptions(limits: budget)) }
    }

    @Test func resamplingKeepsFlatColourAndAveragesDetail() throws {
        let flat = PixelBuffer(width: 97, height: 61, layout: .rgba, bitsPerComponent: 8,
                               data: Data((0..<(97 * 61)).flatMap { _ in [UInt8(200), 100, 50, 255] }))
        let small = try flat.resized(width: 13, height: 9)
        for y in 0..<9 { for x in 0..<13 { #expect(TestImages.rgb(small, x, y) == [200, 100, 50]) } }
        let big = try flat.resized(width: 300, height: 200)
        #expect(TestImages.rgb(big, 150, 100) == [200, 100, 50])
        // A one-pixel checkerboard reduced 4× becomes mid grey.
        let checker = PixelBuffer(width: 64, height: 64, layout: .gray, bitsPerComponent: 8,
                                  data: Data((0..<(64 * 64)).map { ($0 % 64 + $0 / 64) % 2 == 0 ? UInt8(0) : 255 }))
        let reduced = try checker.resized(width: 16, height: 16)
        for y in 2..<14 { for x in 2..<14 { #expect(abs(TestImages.component(reduced, x, y, 0) - 128) <= 2) } }
        // Transparent pixels do not bleed their colour into opaque ones.
        var halo = Data()
        for _ in 0..<32 { for x in 0..<32 { halo.append(contentsOf: x < 16 ? [255, 0, 0, 0] : [0, 0, 255, 255]) } }
        let blended = try PixelBuffer(width: 32, height: 32, layout: .rgba, bitsPerComponent: 8, data: halo).resized(width: 8, height: 8)
        #expect(TestImages.component(blended, 4, 4, 0) == 0 && TestImages.component(blended, 4, 4, 2) == 255)
    }

    @Test func boxShrinkAveragesExactly() {
        let pixels = PixelBuffer(width: 5, height: 3, layout: .gray, bitsPerComponent: 8, data: Data([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140]))
        let shrunk = pixels.boxShrunk(factorX: 2, factorY: 2)
        // Blocks (0,10,50,60)=30, (20,30,70,80)=50, (40,90)=65, (100,110)=105, (120,130)=125, (140)=140.
        #expect(Array(shrunk.data) == [30, 50, 65, 105, 125, 140])
    }
}
