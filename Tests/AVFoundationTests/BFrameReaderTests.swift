import Foundation
import Testing
import _TestSupport
import CoreMedia
@testable import Movies

/// A movie whose first decode time is negative (H.264 with B-frames in QuickTime, as ffmpeg writes it): the reader
/// decodes every frame from the start, also after listing the packets and after seeking back to zero.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg"))
struct BFrameReaderTests {
    static func makeMovie(_ dir: TemporaryDirectory) throws -> URL {
        let url = dir.appending("bframes.mov")
        let run = try MeasuredProcess.run(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=30:duration=2",
                                                                                  "-c:v", "libx264", "-bf", "2", "-g", "30", "-pix_fmt", "yuv420p", url.path])
        #expect(run.status == 0, "\(run.stderr)")
        return url
    }

    static func decodedCount(_ reader: MovieReader) throws -> Int {
        var count = 0
        while try reader.withNextFrame({ _ in () }) != nil { count += 1 }
        return count
    }

    @Test func everyFrameFromTheStartAfterListingPackets() throws {
        let dir = TemporaryDirectory()
        let reader = try MovieReader(url: try Self.makeMovie(dir))
        let track = try #require(reader.primaryVideoTrack)
        #expect(try reader.packetTimes(of: track).count == 60)
        try reader.startDecoding(track)
        #expect(try Self.decodedCount(reader) == 60)
    }

    @Test func everyFrameAfterSeekingBackToZero() throws {
        let dir = TemporaryDirectory()
        let reader = try MovieReader(url: try Self.makeMovie(dir))
        let track = try #require(reader.primaryVideoTrack)
        try reader.startDecoding(track)
        #expect(try Self.decodedCount(reader) == 60)
        try reader.seek(to: .zero)
        #expect(try Self.decodedCount(reader) == 60)
        try reader.seek(to: CMTime(value: -1, timescale: 30))
        #expect(try Self.decodedCount(reader) == 60, "a time before the start is the start")
    }

    /// Frames decoded into a caller's buffer: the buffer handed out with a frame is the frame's memory, and one kept
    /// beyond its frame keeps its pixels while the next frames are decoded (copy on write), also in the reused buffer.
    @Test func framesDecodedIntoABufferNeverChangeAKeptFrame() throws {
        let dir = TemporaryDirectory()
        let reader = try MovieReader(url: try Self.makeMovie(dir))
        try reader.startDecoding(try #require(reader.primaryVideoTrack))
        var buffer = Data()
        let first = try #require(try reader.withNextFrame(into: &buffer) { frame, data -> (kept: Data, copy: [UInt8]) in
            #expect(data.count == frame.bytesPerRow * frame.height && [UInt8](data) == [UInt8](frame.pixels))
            return (data, [UInt8](frame.pixels))
        })
        var later: [UInt8] = []
        for _ in 0..<3 { later = try #require(try reader.withNextFrame(into: &buffer) { frame, _ in [UInt8](frame.pixels) }) }
        #expect([UInt8](first.kept) == first.copy, "the kept first frame changed")
        #expect(later != first.copy, "the test pattern moves from frame to frame")
        // Nothing kept: the same memory is decoded into again.
        let address = { (data: Data) in data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) } }
        let before = address(buffer)
        _ = try reader.withNextFrame(into: &buffer) { _, _ in () }
        #expect(address(buffer) == before)
    }
}
