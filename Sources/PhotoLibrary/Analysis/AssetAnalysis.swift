import Foundation

/// What the analysis of one photo found, as the core stores it. Rectangles are fractions of the upright picture
/// (x right, y **down**, origin at the top-left corner); the façades turn them into their own conventions.
public struct AssetAnalysis: Sendable, Equatable {
    /// Overall quality, 0…1, from the three measures below (see the analyser for how they combine).
    public var quality: Double
    /// How sharp the picture is, 0 (blurred) … 1 (crisp).
    public var sharpness: Double
    /// How well exposed, 0 (black, white or mostly clipped) … 1.
    public var exposure: Double
    /// How noisy, 0 (clean) … 1 (very noisy).
    public var noise: Double
    /// A 64-bit perceptual hash: near-identical pictures differ in few bits.
    public var perceptualHash: UInt64
    /// The most salient region of a picture without faces, or nil.
    public var salientRegion: NormalizedRect?
    /// Faces, most confident first.
    public var faces: [AnalysedFace]

    /// A value with the given fields.
    public init(quality: Double, sharpness: Double, exposure: Double, noise: Double, perceptualHash: UInt64,
                salientRegion: NormalizedRect?, faces: [AnalysedFace]) {
        (self.quality, self.sharpness, self.exposure, self.noise) = (quality, sharpness, exposure, noise)
        (self.perceptualHash, self.salientRegion, self.faces) = (perceptualHash, salientRegion, faces)
    }
}

/// A rectangle as fractions of a picture's width and height, origin top-left, y down.
public struct NormalizedRect: Sendable, Equatable, Hashable, Codable {
    public var x: Double, y: Double, width: Double, height: Double
    /// A value with the given fields.
    public init(x: Double, y: Double, width: Double, height: Double) { (self.x, self.y, self.width, self.height) = (x, y, width, height) }

    /// The part of the rectangle inside the unit square.
    public var clampedToUnit: NormalizedRect {
        let x0 = min(1, max(0, x)), y0 = min(1, max(0, y))
        let x1 = min(1, max(0, x + width)), y1 = min(1, max(0, y + height))
        return NormalizedRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// One face found in a photo.
public struct AnalysedFace: Sendable, Equatable {
    /// Where the face is.
    public var rect: NormalizedRect
    /// The detector's confidence (dlib's HOG score; above 0 is a detection, 1 and more is clear).
    public var confidence: Double
    /// How usable the face is, 0…1 (confidence, size and sharpness of the face region).
    public var quality: Double
    /// The face's 128-number descriptor, or nil when no recognition model was available.
    public var descriptor: [Float]?
    /// The person the face was grouped into (set by the library when recorded; ignored when recording).
    public var personIdentifier: String?

    /// A value with the given fields.
    public init(rect: NormalizedRect, confidence: Double, quality: Double, descriptor: [Float]?, personIdentifier: String? = nil) {
        (self.rect, self.confidence, self.quality, self.descriptor, self.personIdentifier) = (rect, confidence, quality, descriptor, personIdentifier)
    }
}

/// A person: faces grouped by their descriptors, with an identifier that stays the same as photos come and go.
public struct Person: Sendable, Equatable {
    /// Stable identifier (a UUID string).
    public var identifier: String
    /// Faces of this person in photos that are not in the trash.
    public var faceCount: Int
    /// The asset with this person's best face (highest face quality), if any.
    public var keyAssetRowID: Int64?
}

/// An asset that needs analysing: never analysed, analysed by an older analyser, or edited or reverted since.
public struct AnalysisCandidate: Sendable, Equatable {
    public var assetRowID: Int64
    /// The asset's edit mark now (recorded with the result, so a result for a version that changed meanwhile is refused).
    public var editMark: Int64
}

/// How far the analysis of a library has come.
public struct AnalysisSummary: Sendable, Equatable {
    /// Photos (not in the trash) in the library.
    public var photos: Int
    /// Of those, analysed in their current version (including failures).
    public var analysed: Int
    /// Of those analysed, the ones whose pixels could not be read.
    public var failed: Int
    /// Faces found, and faces grouped into a person.
    public var faces: Int, facesWithPerson: Int
    /// People with at least one face.
    public var people: Int

    /// A value with the given fields.
    public init(photos: Int, analysed: Int, failed: Int, faces: Int, facesWithPerson: Int, people: Int) {
        (self.photos, self.analysed, self.failed, self.faces, self.facesWithPerson, self.people) = (photos, analysed, failed, faces, facesWithPerson, people)
    }
}
