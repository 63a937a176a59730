import CoreMedia
import Foundation

/// Finds the frame to show for a requested time within tolerances, as AVAssetImageGenerator does: the frame
/// showing at the time when the tolerances are zero, otherwise the first decoded frame from the preceding key
/// frame that lies within `[time − before, time + after]` (with infinite tolerances that is the key frame itself,
/// which costs one decode).
public enum FrameLocator {
    /// Decodes the chosen frame of `reader` (already decoding a track) and copies it out.
    public static func frame(in reader: MovieReader, at time: CMTime, toleranceBefore: CMTime = .zero,
                             toleranceAfter: CMTime = .zero) throws -> DecodedFrame {
        let exact = toleranceBefore == .zero && toleranceAfter == .zero
        let target = time.isNumeric ? max(time, .zero) : .zero
        try reader.seek(to: target, exact: exact)
        if !exact {
            let earliest = toleranceBefore.isPositiveInfinity ? CMTime.negativeInfinity : target - toleranceBefore
            while true {
                let chosen: DecodedFrame?? = try reader.withNextFrame { frame -> DecodedFrame? in
                    let end = frame.presentationTime + frame.duration
                    let showing = frame.duration > .zero ? end > target : frame.presentationTime >= target
                    guard showing || frame.presentationTime >= earliest else { return nil }
                    return DecodedFrame(pixels: Data(frame.pixels), width: frame.width, height: frame.height, bytesPerRow: frame.bytesPerRow,
                                        bitsPerComponent: frame.bitsPerComponent, presentationTime: frame.presentationTime, duration: frame.duration)
                }
                switch chosen {
                case .some(.some(let frame)): return frame
                case .some(.none): continue
                case .none: break
                }
                break
            }
            try reader.seek(to: target, exact: true)   // past the end: the last frame
        }
        guard let frame = try reader.nextFrame() else {
            throw MovieError(.codec, "\(reader.url.lastPathComponent): the movie has no decodable frame")
        }
        return frame
    }
}
