import CoreMedia
import Foundation

/// The Live Photo effects of WWDC 2017, made from a Live Photo's movie:
/// - **Loop**: the movie without its last `k` frames (half a second, at most a third of the movie), whose first
///   `k` frames are crossfaded from those last frames, so playing it over and over has no seam (frame `i < k` is
///   `frame[N−k+i]·(1 − i/k) + frame[i]·(i/k)`).
/// - **Bounce**: the frames forward, then backward (`0 … N−1, N−2 … 1`), each shown as long as in the source.
/// - **Long exposure**: the average of every frame in linear light (sRGB decoded, averaged, encoded again), at
///   the movie's frame size, each frame shifted first to line up with the first one (translation only; Apple's
///   alignment is undocumented and aligns to the key photo), so what stood still stays sharp and what moved blurs.
///
/// Loop and Bounce movies keep the display matrix, have no audio (Apple's play silently) and are H.264 or HEVC
/// as the source. Memory: Loop holds two frames; Bounce decodes backwards in chunks of 12 frames; Long exposure
/// one float accumulator. Outputs are written under a temporary name and renamed.
public enum MovieEffects {
    /// Writes the Loop movie of `source` to `destination`; returns the number of frames.
    @discardableResult
    public static func loop(_ source: URL, to destination: URL, progress: (Double) -> Bool = { _ in true }) throws(MovieError) -> Int {
        let times = try frameTimes(source)
        let count = times.count
        guard count >= 6 else { throw MovieError(.codec, "\(source.lastPathComponent): a Loop needs at least 6 frames, the movie has \(count)") }
        let reader = try MovieReader(url: source)
        guard let track = reader.primaryVideoTrack else { throw MovieError(.noSuchTrack, "\(source.lastPathComponent): the movie has no video track") }
        let fps = track.frameRate ?? 30
        let k = max(1, min(Int((fps / 2).rounded()), count / 3))
        let tail = try MovieReader(url: source)
        try tail.startDecoding(track)
        try tail.seek(to: times[count - k])
        var index = 0
        let renderer = ExportFrameRenderer(width: track.codedWidth, height: track.codedHeight,
                                           transform: track.transform == .identity ? nil : track.transform) { input in
            defer { index += 1 }
            var pixels = Data(input.frame.pixels)
            guard index < k else { return RenderedFrame(pixels: pixels, bytesPerRow: input.frame.bytesPerRow, bitsPerComponent: 8) }
            let weight = Double(index) / Double(k)
            _ = try tail.withNextFrame { late in
                pixels.withUnsafeMutableBytes { out in
                    let a = late.pixels.bindMemory(to: UInt8.self), b = out.bindMemory(to: UInt8.self)
                    let scale = UInt32((weight * 256).rounded())
                    for i in 0..<min(a.count, b.count) {
                        b[i] = UInt8((UInt32(a[i]) * (256 - scale) + UInt32(b[i]) * scale + 128) >> 8)
                    }
                }
            }
            return RenderedFrame(pixels: pixels, bytesPerRow: input.frame.bytesPerRow, bitsPerComponent: 8)
        }
        let plan = MovieExportPlan(video: .encode(codec: track.codecName == "hevc" ? .hevc : .h264, longSide: nil, shortSide: nil, quality: 20),
                                   copiesAudio: false, container: "mov", timeRange: CMTimeRange(start: .zero, end: times[count - k]))
        try MovieExport.export(from: source, to: destination, plan: plan, renderer: renderer, progress: progress)
        return count - k
    }

    /// Writes the Bounce movie of `source` to `destination`; returns the number of frames.
    @discardableResult
    public static func bounce(_ source: URL, to destination: URL, progress: (Double) -> Bool = { _ in true }) throws(MovieError) -> Int {
        let times = try frameTimes(source)
        let count = times.count
        guard count >= 3 else { throw MovieError(.codec, "\(source.lastPathComponent): a Bounce needs at least 3 frames, the movie has \(count)") }
        let reader = try MovieReader(url: source)
        guard let track = reader.primaryVideoTrack else { throw MovieError(.noSuchTrack, "\(source.lastPathComponent): the movie has no video track") }
        guard !FileManager.default.fileExists(atPath: destination.path) else { throw MovieError(.unwritable, "\(destination.lastPathComponent) already exists") }
        let partial = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).partial-\(UUID().uuidString).mov")
        do {
            let writer = try MovieWriter(url: partial, container: "mov")
            defer { writer.abort() }
            let output = try writer.addVideo(.init(codec: track.codecName == "hevc" ? .hevc : .h264, width: track.codedWidth, height: track.codedHeight,
                                                   timescale: track.timescale, frameRate: track.frameRate, quality: 20,
                                                   transform: track.transform == .identity ? nil : track.transform))
            for entry in reader.metadata where entry.key.hasPrefix("com.apple.quicktime.") { try writer.setMetadata(entry.key, entry.value) }
            try writer.begin()
            let durations = zip(times.dropFirst(), times).map { ($0 - $1).convertScale(track.timescale, method: .roundHalfAwayFromZero).value }
            let last = durations.last ?? 1
            func duration(_ i: Int) -> Int64 { i < durations.count ? durations[i] : last }
            var clock: Int64 = 0
            let total = Double(2 * count - 2)
            var written = 0
            try reader.startDecoding(track)
            // Forward.
            while let done = try reader.withNextFrame({ frame throws -> Bool in
                try writer.write(frame.pixels, bytesPerRow: frame.bytesPerRow, bitsPerComponent: 8, at: clock, to: output)
                clock += duration(written)
                written += 1
                return progress(Double(written) / total)
            }) {
                guard done else { throw MovieError(.cancelled, "the Bounce was cancelled") }
                if written == count { break }
            }
            // Backward, from frame N−2 to frame 1, a chunk at a time.
            var upper = count - 1          // exclusive
            while upper > 1 {
                let lower = max(1, upper - 12)
                try reader.seek(to: times[lower])
                var chunk: [DecodedFrame] = []
                for _ in lower..<upper { if let frame = try reader.nextFrame() { chunk.append(frame) } }
                for (offset, frame) in chunk.enumerated().reversed() {
                    try frame.pixels.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws in
                        try writer.write(bytes, bytesPerRow: frame.bytesPerRow, bitsPerComponent: 8, at: clock, to: output)
                    }
                    clock += duration(lower + offset)
                    written += 1
                    guard progress(min(0.99, Double(written) / total)) else { throw MovieError(.cancelled, "the Bounce was cancelled") }
                }
                upper = lower
            }
            try writer.finish()
            try FileManager.default.moveItem(at: partial, to: destination)
            return written
        } catch let error as MovieError {
            try? FileManager.default.removeItem(at: partial)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw MovieError(.unwritable, "\(destination.lastPathComponent): \(error.localizedDescription)")
        }
    }

    /// The average of every frame of `source` in linear light, each frame first aligned to the first one
    /// (`FrameAligner`: a whole-pixel translation, the shake of a hand-held camera), as 8-bit RGBA (stored
    /// orientation), with the track it came from (for its display matrix). A pixel is the mean of the frames that
    /// reach it after their shift.
    public static func longExposure(_ source: URL, progress: (Double) -> Bool = { _ in true }) throws(MovieError) -> (frame: DecodedFrame, track: MovieTrack) {
        let reader = try MovieReader(url: source)
        guard let track = reader.primaryVideoTrack else { throw MovieError(.noSuchTrack, "\(source.lastPathComponent): the movie has no video track") }
        try reader.startDecoding(track)
        let toLinear = (0..<256).map { v -> Float in
            let c = Float(v) / 255
            return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
        }
        let (width, height) = (track.codedWidth, track.codedHeight)
        var sum = [Float](repeating: 0, count: width * height * 3)
        var covered = [UInt16](repeating: 0, count: width * height)   // frames that reached each pixel
        var reference: [FrameAligner.Plane]? = nil
        var frames = 0
        let expected = Double(max(1, track.sampleCount))
        do {
            while try reader.withNextFrame({ frame -> Void in
                guard frame.width == width, frame.height == height, frames < Int(UInt16.max) else { return }
                let bytes = frame.pixels.bindMemory(to: UInt8.self)
                // Aligned to the first frame: this frame's pixel (x + dx, y + dy) shows what the first frame's (x, y) does.
                let pyramid = FrameAligner.pyramid(FrameAligner.Plane(rgba: UnsafeBufferPointer(start: bytes.baseAddress, count: bytes.count),
                                                                       width: width, height: height, bytesPerRow: frame.bytesPerRow))
                let (dx, dy) = reference.map { FrameAligner.offset(of: pyramid, against: $0) } ?? (0, 0)
                if reference == nil { reference = pyramid }
                sum.withUnsafeMutableBufferPointer { acc in
                    covered.withUnsafeMutableBufferPointer { seen in
                        for y in max(0, -dy)..<min(height, height - dy) {
                            let row = (y + dy) * frame.bytesPerRow, out = y * width
                            for x in max(0, -dx)..<min(width, width - dx) {
                                let p = row + (x + dx) * 4
                                for c in 0..<3 { acc[(out + x) * 3 + c] += toLinear[Int(bytes[p + c])] }
                                seen[out + x] += 1
                            }
                        }
                    }
                }
                frames += 1
            }) != nil {
                guard progress(min(0.99, Double(frames) / expected)) else { throw MovieError(.cancelled, "the Long Exposure was cancelled") }
            }
        } catch let error as MovieError { throw error } catch { throw MovieError(.codec, "\(error)") }
        guard frames > 0 else { throw MovieError(.codec, "\(source.lastPathComponent): the movie has no decodable frame") }
        var pixels = Data(count: width * height * 4)
        pixels.withUnsafeMutableBytes { raw in
            let out = raw.bindMemory(to: UInt8.self)
            for i in 0..<(width * height) {
                let n = Float(max(1, covered[i]))   // the first frame reaches every pixel
                for c in 0..<3 {
                    let linear = sum[i * 3 + c] / n
                    let encoded = linear <= 0.0031308 ? linear * 12.92 : 1.055 * powf(linear, 1 / 2.4) - 0.055
                    out[i * 4 + c] = UInt8(max(0, min(255, (encoded * 255).rounded())))
                }
                out[i * 4 + 3] = 255
            }
        }
        let frame = DecodedFrame(pixels: pixels, width: width, height: height, bytesPerRow: width * 4,
                                 bitsPerComponent: 8, presentationTime: .zero, duration: reader.duration)
        return (frame, track)
    }

    /// The presentation times of every frame of the primary video track (from the packets, no decoding).
    public static func frameTimes(_ source: URL) throws(MovieError) -> [CMTime] {
        let reader = try MovieReader(url: source)
        guard let track = reader.primaryVideoTrack else { throw MovieError(.noSuchTrack, "\(source.lastPathComponent): the movie has no video track") }
        return try reader.packetTimes(of: track).map { CMTime(value: $0, timescale: track.timescale) }
    }
}
