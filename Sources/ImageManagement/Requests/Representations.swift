import Foundation
import PhotoLibrary

/// One stored form of a rendition's picture: a derivative or the rendition's own file.
public struct Representation: Sendable, Hashable {
    /// Where it comes from.
    public enum Source: Sendable, Hashable {
        case derivative(DerivativeKind)
        case rendition
    }

    public var source: Source
    /// The file.
    public var url: URL
    /// Its size after orientation (for derivatives, computed from the rendition's recorded size).
    public var size: PixelSize

    /// True for derivatives (small files, cheap to decode).
    public var isDerivative: Bool { if case .derivative = source { return true } else { return false } }
}

/// What is at hand for a rendition, and which representation answers a request.
///
/// The rule: the smallest stored representation that covers the request's needed size (within a pixel of
/// rounding) is the *best*; the rendition itself always qualifies. A request is *at hand* when its best is a
/// derivative. Smaller derivatives are the degraded stand-ins `.opportunistic` and `.fastFormat` may deliver.
public struct RepresentationSet: Sendable {
    /// The rendition.
    public let rendition: Rendition
    /// The rendition's size after orientation.
    public let full: PixelSize
    /// Derivatives found on disk, smallest first.
    public let derivatives: [Representation]
    /// The rendition's file.
    public let original: Representation
    /// Kinds that should exist for this rendition but are missing (so generation can be scheduled).
    public let missingKinds: [DerivativeKind]

    /// Looks up the derivatives of `rendition` (one `stat` per kind).
    public init(rendition: Rendition, full: PixelSize, fileURL: URL, store: DerivativeStore) {
        self.rendition = rendition
        self.full = full
        var found: [Representation] = []
        var missing: [DerivativeKind] = []
        for kind in DerivativeKind.allCases.sorted() {
            guard let size = kind.size(for: full) else { continue }
            if let url = store.existing(contentKey: rendition.contentKey, kind: kind) {
                found.append(Representation(source: .derivative(kind), url: url, size: size))
            } else {
                missing.append(kind)
            }
        }
        derivatives = found
        original = Representation(source: .rendition, url: fileURL, size: full)
        missingKinds = missing
    }

    /// The smallest representation covering what `spec` needs.
    public func best(for spec: ImageRequestSpec) -> Representation {
        guard spec.targetSize != nil else { return original }
        let needed = ImageGeometry.neededFullFrameSize(full: full, spec: spec)
        let tolerant = PixelSize(width: needed.width - 1, height: needed.height - 1)
        return derivatives.first { $0.size.covers(tolerant) } ?? original
    }

    /// Derivatives smaller than `best`, largest first, for degraded deliveries.
    public func degradedCandidates(below best: Representation) -> [Representation] {
        derivatives.filter { $0.size.longSide < best.size.longSide }.reversed()
    }
}
