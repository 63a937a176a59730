import Foundation

/// The rule that puts faces into people.
///
/// Each person keeps the mean of its faces' descriptors (its centroid). A new face joins the person whose centroid
/// is nearest, when that distance is below `threshold`; otherwise it starts a new person. Two faces of one photo
/// never join the same person (the more confident face chooses first). A person's identifier never changes, so
/// people named in projects and memories stay named as the library grows; deleting photos does not move centroids
/// (a person only grows more certain of what it was).
///
/// dlib's descriptors put two photos of one person closer than 0.6 (its documented pair threshold); a centroid is
/// nearer to its members than they are to each other, so the centroid threshold is a little tighter.
public enum PersonMatching {
    /// Largest centroid distance at which a face joins a person.
    public static let threshold: Float = 0.55

    /// A person as matching sees it.
    public struct Candidate: Sendable {
        public var rowID: Int64
        public var centroid: [Float]
        public var weight: Int
        /// A value with the given fields.
        public init(rowID: Int64, centroid: [Float], weight: Int) { (self.rowID, self.centroid, self.weight) = (rowID, centroid, weight) }
    }

    /// For each descriptor (in the order given: most confident first), the index in `people` it joins, or nil for a
    /// new person. Never gives two descriptors the same person.
    public static func assign(_ descriptors: [[Float]], to people: [Candidate]) -> [Int?] {
        var taken = Set<Int>()
        return descriptors.map { descriptor in
            var best: (index: Int, distance: Float)?
            for (index, person) in people.enumerated() where !taken.contains(index) {
                let d = distance(descriptor, person.centroid)
                if d < threshold, d < (best?.distance ?? .infinity) { best = (index, d) }
            }
            if let best { taken.insert(best.index) }
            return best?.index
        }
    }

    /// The centroid after adding one descriptor to a person of `weight` faces.
    public static func centroid(_ centroid: [Float], weight: Int, adding descriptor: [Float]) -> [Float] {
        let w = Float(weight)
        return zip(centroid, descriptor).map { ($0 * w + $1) / (w + 1) }
    }

    /// Euclidean distance (descriptors of different lengths are infinitely far apart).
    public static func distance(_ a: [Float], _ b: [Float]) -> Float {
        guard a.count == b.count else { return .infinity }
        var sum: Float = 0
        for i in a.indices { let d = a[i] - b[i]; sum += d * d }
        return sum.squareRoot()
    }

    /// Descriptor bytes as stored (little-endian float32).
    public static func bytes(_ descriptor: [Float]) -> Data {
        var data = Data(capacity: descriptor.count * 4)
        for value in descriptor { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    /// A descriptor from stored bytes; nil unless a whole number of floats.
    public static func descriptor(_ data: Data) -> [Float]? {
        guard data.count % 4 == 0 else { return nil }
        return stride(from: 0, to: data.count, by: 4).map { offset in
            var bits: UInt32 = 0
            for k in 0..<4 { bits |= UInt32(data[data.startIndex + offset + k]) << (8 * k) }
            return Float(bitPattern: bits)
        }
    }
}
