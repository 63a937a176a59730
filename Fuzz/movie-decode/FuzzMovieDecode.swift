import CoreMedia
import Foundation
import FuzzSupport
import Movies
#if canImport(Glibc)
import Glibc
#endif

/// Where each input is written: memory-backed (`/dev/shm`), one file per process, rewritten every time.
let moviePath = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm/photokit-fuzz-movie-\(getpid())" : NSTemporaryDirectory() + "photokit-fuzz-movie-\(getpid())"

/// The fuzz body for movies: the bytes are a movie file (QuickTime, MPEG-4, or anything FFmpeg probes). Opened
/// through `MovieReader` from a file in memory (`/dev/shm`): tracks, metadata, the packet list, then up to four frames
/// of the first video track decoded and converted (scaled to 48×32, and at coded size when that is small), a seek
/// back into the middle, and the frame a tolerance picks. A thrown error is a correct answer; anything that stops
/// the process is a bug.
func fuzzMovieDecode(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let fd = open(moviePath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return 0 }
    var written = 0
    while written < count, let bytes {
        let n = write(fd, bytes + written, count - written)
        if n <= 0 { break }
        written += n
    }
    close(fd)
    let url = URL(fileURLWithPath: moviePath)
    guard let reader = try? MovieReader(url: url) else { return 0 }
    _ = reader.metadata
    for track in reader.tracks {
        _ = reader.metadata(of: track)
        _ = track.orientation
        _ = track.displaySize
        _ = track.transform.fitted(width: 16, height: 8)
    }
    guard let video = reader.primaryVideoTrack else { return 0 }
    _ = try? reader.packetTimes(of: video)
    let small = video.codedWidth * video.codedHeight <= 256 * 256
    do {
        try reader.startDecoding(video, size: small ? nil : (48, 32), maximumPixels: 4_000_000)
        for _ in 0..<4 { guard try reader.nextFrame() != nil else { break } }
        if reader.duration.isNumeric {
            try reader.seek(to: CMTimeMultiplyByRatio(reader.duration, multiplier: 1, divisor: 2))
            _ = try reader.nextFrame()
            _ = try FrameLocator.frame(in: reader, at: CMTime(value: 1, timescale: 10), toleranceBefore: .positiveInfinity,
                                       toleranceAfter: .positiveInfinity)
        }
    } catch {}
    return 0
}

@main enum MovieDecodeFuzzer {
    static func main() { runFuzzer(fuzzMovieDecode) }
}
