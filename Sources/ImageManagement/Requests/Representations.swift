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
    /// Kinds that should exist for this rendition but are missing (so generation can be scheduled).
    public let missingKinds: [DerivativeKind]
    /// The rendition's file, or how to get it (a served library's original is downloaded only when a request
    /// needs it: a thumbnail from a derivative does not).
    private let originalFile: OriginalFile

    private enum OriginalFile: Sendable {
        case at(URL)
        case fetched(@Sendable () throws(ImageManagementError) -> URL)
    }

    /// Looks up the derivatives of `rendition` (one `stat` per kind); its own file is `fileURL`.
    public init(rendition: Rendition, full: PixelSize, fileURL: URL, store: DerivativeStore) {
        self.init(rendition: rendition, full: full, originalFile: .at(fileURL), store: store)
    }

    /// The same, for a rendition whose file `file` gives when first needed (a download).
    public init(rendition: Rendition, full: PixelSize, store: DerivativeStore,
                file: @escaping @Sendable () throws(ImageManagementError) -> URL) {
        self.init(rendition: rendition, full: full, originalFile: .fetched(file), store: store)
    }

    private init(rendition: Rendition, full: PixelSize, originalFile: OriginalFile, store: DerivativeStore) {
        self.rendition = rendition
        self.full = full
        self.originalFile = originalFile
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
        missingKinds = missing
    }

    /// The rendition's own representation, its file at hand (downloaded now for a served library).
    public func original() throws(ImageManagementError) -> Representation {
        switch originalFile {
        case .at(let url): return Representation(source: .rendition, url: url, size: full)
        case .fetched(let file): return Representation(source: .rendition, url: try file(), size: full)
        }
    }

    /// The smallest derivative covering what `spec` needs, or nil when only the rendition itself does.
    public func bestDerivative(for spec: ImageRequestSpec) -> Representation? {
        guard spec.targetSize != nil else { return nil }
        let needed = ImageGeometry.neededFullFrameSize(full: full, spec: spec)
        let tolerant = PixelSize(width: needed.width - 1, height: needed.height - 1)
        return derivatives.first { $0.size.covers(tolerant) }
    }

    /// The smallest representation covering what `spec` needs, its file at hand.
    public func best(for spec: ImageRequestSpec) throws(ImageManagementError) -> Representation {
        if let derivative = bestDerivative(for: spec) { return derivative }
        return try original()
    }

    /// The degraded stand-ins for `spec`, largest first: the derivatives smaller than the best one, or every
    /// derivative when the rendition itself is needed (none when a derivative answers).
    public func degradedCandidates(for spec: ImageRequestSpec) -> [Representation] {
        if let best = bestDerivative(for: spec) { return derivatives.filter { $0.size.longSide < best.size.longSide }.reversed() }
        return derivatives.filter { $0.size.longSide < full.longSide }.reversed()
    }
}
