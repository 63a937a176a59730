import CoreMedia

/// An audio track's volume over its own timeline (source time), the gain schedule an export applies to every
/// sample: 1 before the first ramp; within a ramp's range the volume moves linearly from its start to its end
/// volume; after a ramp its end volume holds until the next ramp starts (a ramp of zero duration is a volume set
/// from that time on). When ramps overlap, the one starting later takes over from its start. These are the rules
/// of AVFoundation's `AVAudioMixInputParameters`.
public struct VolumeEnvelope: Sendable, Hashable {
    /// One volume change: from `startVolume` at `start` linearly to `endVolume` at `start + duration` (seconds of
    /// the source track's timeline); a zero duration sets `endVolume` from `start` on.
    public struct Ramp: Sendable, Hashable {
        /// When the ramp starts, in seconds of the source track's timeline.
        public var start: Double
        /// How long it lasts, in seconds (0: a volume set at `start`).
        public var duration: Double
        /// The volume at `start`.
        public var startVolume: Double
        /// The volume at `start + duration`, held until the next ramp starts.
        public var endVolume: Double

        /// A ramp over `duration` seconds from `start`.
        public init(start: Double, duration: Double, from startVolume: Double, to endVolume: Double) {
            (self.start, self.duration, self.startVolume, self.endVolume) = (start, max(0, duration), startVolume, endVolume)
        }

        /// A volume set from `time` on.
        public init(volume: Double, at time: Double) {
            self.init(start: time, duration: 0, from: volume, to: volume)
        }
    }

    /// A stretch of the schedule with a linear gain: from `start` until the next piece's start (the last piece
    /// lasts for ever), the gain is `gain + slope × (t − start)`. The first piece starts at −∞ with gain 1.
    struct Piece: Hashable {
        var start: Double
        var gain: Double
        var slope: Double
    }

    /// The ramps, in start order (ties keep the order they were given in).
    public let ramps: [Ramp]
    /// The schedule as consecutive linear pieces (what the C sample loop evaluates).
    let pieces: [Piece]

    /// The envelope of `ramps` (any order; ramps with non-finite times or volumes are ignored).
    public init(_ ramps: [Ramp]) {
        let usable = ramps.enumerated()
            .filter { [$0.element.start, $0.element.duration, $0.element.startVolume, $0.element.endVolume].allSatisfy(\.isFinite) }
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
        self.ramps = usable
        var pieces = [Piece(start: -.infinity, gain: 1, slope: 0)]
        for (i, ramp) in usable.enumerated() {
            let next = i + 1 < usable.count ? usable[i + 1].start : Double.infinity
            if ramp.duration > 0, ramp.start < next {
                pieces.append(Piece(start: ramp.start, gain: ramp.startVolume, slope: (ramp.endVolume - ramp.startVolume) / ramp.duration))
                let end = ramp.start + ramp.duration
                if end < next { pieces.append(Piece(start: end, gain: ramp.endVolume, slope: 0)) }
            } else if ramp.start < next || i + 1 == usable.count {
                pieces.append(Piece(start: ramp.start, gain: ramp.endVolume, slope: 0))
            }
        }
        // Two pieces starting together: the later one wins.
        var merged: [Piece] = []
        for piece in pieces {
            if let last = merged.last, last.start == piece.start { merged[merged.count - 1] = piece } else { merged.append(piece) }
        }
        self.pieces = merged
    }

    /// This envelope with every volume multiplied by `factor` (also the 1 before the first ramp).
    public func scaled(by factor: Double) -> VolumeEnvelope {
        guard factor != 1 else { return self }
        return VolumeEnvelope([Ramp(volume: factor, at: -.greatestFiniteMagnitude)]
            + ramps.map { Ramp(start: $0.start, duration: $0.duration, from: $0.startVolume * factor, to: $0.endVolume * factor) })
    }

    /// A constant volume throughout.
    public init(constant volume: Double) {
        self.init([Ramp(volume: volume, at: -.greatestFiniteMagnitude)])
    }

    /// The volume at `time` seconds of the source timeline.
    public func volume(at time: Double) -> Double {
        let piece = pieces.last { $0.start <= time } ?? pieces[0]
        return piece.slope == 0 ? piece.gain : piece.gain + piece.slope * (time - piece.start)
    }

    /// Whether the volume is 1 everywhere in `start..<end` (seconds; `end` nil: to the end): then the audio can be
    /// copied unchanged.
    public func isUnity(from start: Double, to end: Double?) -> Bool {
        let end = end ?? .infinity
        guard end > start else { return true }
        for (i, piece) in pieces.enumerated() {
            let pieceEnd = i + 1 < pieces.count ? pieces[i + 1].start : .infinity
            guard pieceEnd > start, piece.start < end else { continue }
            if piece.slope != 0 {
                // A sloped piece is unity only if it is 1 on the whole overlap, which a non-zero slope never is
                // over a stretch of positive length.
                if min(pieceEnd, end) > max(piece.start, start) { return false }
            } else if piece.gain != 1 {
                return false
            }
        }
        return true
    }
}
