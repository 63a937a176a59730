import CoreMedia
import Foundation
import FuzzSupport
import Movies
#if canImport(Glibc)
import Glibc
#endif

/// The source every export reads: a half-second H.264 + AAC movie of 32 × 24 pixels (FFmpeg's test pattern and a
/// tone; `Fuzz/MovieExportSources/source.mp4`).
let sourceMovie = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../MovieExportSources/source.mp4").standardized
/// Where each export is written (memory-backed), removed after every input.
let exportFolder = URL(fileURLWithPath: FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
    .appendingPathComponent("photokit-fuzz-export-\(getpid())", isDirectory: true)

/// Reads numbers from the input, zero once it runs out.
struct Bytes {
    var data: Data
    var offset = 0
    mutating func byte() -> UInt8 { guard offset < data.count else { return 0 }; defer { offset += 1 }; return data[data.startIndex + offset] }
    mutating func int64() -> Int64 { (0..<8).reduce(Int64(0)) { value, _ in (value << 8) | Int64(byte()) } }
    mutating func int32() -> Int32 { Int32(truncatingIfNeeded: int64() >> 32) }
    mutating func double() -> Double { Double(bitPattern: UInt64(bitPattern: int64())) }
    /// A small size, an odd one, zero, negative or huge, as byte 0 says.
    mutating func side() -> Int? {
        switch byte() % 6 {
        case 0: nil
        case 1: Int(byte())
        case 2: Int(int32())
        case 3: Int(byte()) * 2 + 1
        case 4: 0
        default: Int(truncatingIfNeeded: int64())
        }
    }
    mutating func time() -> CMTime {
        switch byte() % 4 {
        case 0: CMTime(value: Int64(byte()), timescale: 10)
        case 1: CMTime(value: int64(), timescale: int32())
        case 2: CMTime(seconds: double(), preferredTimescale: 600)
        default: .invalid
        }
    }
    mutating func text() -> String {
        let length = Int(byte() % 24)
        return String(decoding: (0..<length).map { _ in byte() }, as: UTF8.self)
    }
}

/// The fuzz body for movie writing: the bytes choose an export plan of the source movie — copy, encode (H.264 or
/// HEVC, boxes of any size, qualities), no video; audio copied, re-encoded at a volume or under volume ramps (any
/// number, NaN and infinities included), AAC or not; faststart; a Live Photo still-image time; a container name
/// (FFmpeg's or not); a time range of any start and length; metadata keys and values — and, for encodes, a frame
/// renderer of any size whose frames may be the wrong length. `MovieExport.export` writes it to a file in memory,
/// which is then read back. A thrown error is a correct answer; anything that stops the process is a bug.
func fuzzMovieExport(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = Bytes(data: fuzzData(bytes, count))
    let codec: MovieWriter.Codec = input.byte() % 2 == 0 ? .h264 : .hevc
    let video: MovieExportPlan.Video
    switch input.byte() % 4 {
    case 0: video = .copy
    case 1: video = .none
    default: video = .encode(codec: codec, longSide: input.side(), shortSide: input.side(), quality: input.side())
    }
    let containers = ["mov", "mp4", "ipod", "matroska", "", "mov\u{0}", "image2"]
    let container = input.byte() % 8 == 7 ? input.text() : containers[Int(input.byte()) % containers.count]
    var plan = MovieExportPlan(video: video, copiesAudio: input.byte() % 4 != 0, container: container)
    let flags = input.byte()
    if flags & 1 != 0 { plan.audioVolume = input.double() }
    if flags & 2 != 0 {
        let ramps = (0..<Int(input.byte() % 4)).map { _ in
            input.byte() % 2 == 0 ? VolumeEnvelope.Ramp(start: input.double(), duration: input.double(), from: input.double(), to: input.double())
                                  : VolumeEnvelope.Ramp(volume: input.double(), at: input.double())
        }
        plan.audioEnvelopes[Int32(input.byte() % 3)] = VolumeEnvelope(ramps)
    }
    if flags & 4 != 0 { plan.audioFormat = .aac }
    plan.faststart = flags & 8 != 0
    if flags & 16 != 0 { plan.stillImageTime = input.time() }
    if flags & 32 != 0 { plan.timeRange = CMTimeRange(start: input.time(), duration: input.time()) }
    if flags & 64 != 0 { plan.metadata = (0..<Int(input.byte() % 4)).map { _ in (input.text(), input.text()) } }

    var renderer: ExportFrameRenderer?
    if flags & 128 != 0, case .encode = video {
        let width = input.side() ?? 16, height = input.side() ?? 16
        let bits = input.byte() % 2 == 0 ? 8 : 16
        let shortBy = Int(input.byte() % 3)   // 0: right length; else rows missing
        let decode = input.byte() % 2 == 0 ? nil : (width: input.side() ?? 8, height: input.side() ?? 8)
        renderer = ExportFrameRenderer(width: width, height: height, transform: nil, decodeSize: decode) { _ in
            let rowBytes = max(0, min(width, 4096)) * 4 * bits / 8
            let rows = max(0, min(height, 4096) - shortBy)
            return RenderedFrame(pixels: Data(count: rowBytes * rows), bytesPerRow: rowBytes, bitsPerComponent: bits)
        }
    }

    try? FileManager.default.createDirectory(at: exportFolder, withIntermediateDirectories: true)
    let destination = exportFolder.appendingPathComponent("export.\(container == "mp4" ? "mp4" : "mov")")
    defer { try? FileManager.default.removeItem(at: exportFolder) }
    var calls = 0
    do {
        try MovieExport.export(from: sourceMovie, to: destination, plan: plan, renderer: renderer) { _ in
            calls += 1
            return calls < 400
        }
        if let reader = try? MovieReader(url: destination) { _ = reader.tracks; _ = reader.duration }
    } catch {}
    return 0
}

@main enum MovieExportFuzzer {
    static func main() {
        guard FileManager.default.fileExists(atPath: sourceMovie.path) else {
            FileHandle.standardError.write(Data("movie-export: the source movie \(sourceMovie.path) is missing\n".utf8))
            exit(2)
        }
        runFuzzer(fuzzMovieExport)
    }
}
