import Foundation
import ImageIO
import _Testing_CoreGraphics

/// WebP files made once with Pillow 9.4 (libwebp 1.2.4) and embedded here, so reading is checked on files we did not write:
/// `still` 24×16 lossless RGBA (x·10, y·15, 200; alpha 255 left, 128 right), `animated` three 20×10 lossless frames
/// red/green/blue at 100/200/300 ms looping twice, `lossy` 64×48 solid (30, 120, 220) at quality 90.
@Suite struct WebPTests {
    static let still = "UklGRj4AAABXRUJQVlA4TDEAAAAvF8ADEAmAIAb8D5uI6H9qARCE/20TEf1PgUzaJg7m3/DYuXMUBnkCJ4CkVWkDWP8JAA=="
    static let animated = "UklGRrQAAABXRUJQVlA4WAoAAAACAAAAEwAACQAAQU5JTQYAAAAAAAAAAgBBTk1GKAAAAAAAAAAAABMAAAkAAGQAAAJWUDhMDwAAAC8TQAIABxD9j/4HIqL/AQBBTk1GKAAAAAAAAAAAABMAAAkAAMgAAABWUDhMDwAAAC8TQAIAB9D/iP4HIqL/AQBBTk1GKAAAAAAAAAAAABMAAAkAACwBAABWUDhMDwAAAC8TQAIABxDR//4HIqL/AQA="
    static let lossy = "UklGRlAAAABXRUJQVlA4IEQAAACwAwCdASpAADAAPjEYi0QiIaERVAAgAwSzgDsAfgAAFRpjHD4MwAD+7ylH//4E78Cd+BO/8Cd//+6evaevaev5KAAAAA=="

    @Test func losslessStillIsExact() throws {
        let file = try ImageFile(data: try #require(Data(base64Encoded: Self.still)))
        #expect(file.format == .webp)
        let image = try file.decode(DecodeOptions(colorSpace: nil))
        #expect(image.pixels.width == 24 && image.pixels.height == 16 && image.pixels.layout == .rgba)
        #expect(TestImages.rgb(image.pixels, 5, 7) == [50, 105, 200])
        #expect(TestImages.component(image.pixels, 2, 2, 3) == 255 && TestImages.component(image.pixels, 20, 2, 3) == 128)
    }

    @Test func animationFramesAndDelays() throws {
        let data = try #require(Data(base64Encoded: Self.animated))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetCount(source) == 3)
        let colors = [[255, 0, 0], [0, 255, 0], [0, 0, 255]]
        for index in 0..<3 {
            let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [AnyHashable: Any])
            let webp = try #require(props[kCGImagePropertyWebPDictionary] as? [AnyHashable: Any])
            #expect(webp[kCGImagePropertyWebPDelayTime] as? Double == Double(index + 1) / 10)
            #expect(webp[kCGImagePropertyWebPLoopCount] as? Int == 2)
            let frame = try ImageFile(data: data).decode(DecodeOptions(index: index, colorSpace: nil))
            #expect(TestImages.rgb(frame.pixels, 10, 5) == colors[index])
        }
    }

    @Test func lossyStillScalesOnLoad() throws {
        let file = try ImageFile(data: try #require(Data(base64Encoded: Self.lossy)))
        let full = try file.decode(DecodeOptions(colorSpace: nil))
        #expect(full.pixels.width == 64 && full.pixels.height == 48)
        #expect(zip(TestImages.rgb(full.pixels, 30, 20), [30, 120, 220]).allSatisfy { abs($0 - $1) <= 4 })
        let small = try file.decode(DecodeOptions(size: .maxPixelSize(16)))
        #expect(small.pixels.width == 16 && small.pixels.height == 12)
    }
}
