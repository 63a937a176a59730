import CoreGraphics
import CoreImage
import FilterChains
import Foundation
import ImageIO
import PhotoLibrary
import Synchronization

/// The built-in editor behind the web app's sliders: the same filter chains and the same resume rule as
/// `photos edit --filter` (`FilterChain.resumable`), previewed on a display-size image and committed at full
/// size through the core's content edit.
///
/// Previews decode the base image once at display size (ImageIO's shrink-on-load) and keep the last few, since
/// a moving slider asks for the same picture again and again; each account may have two renders in flight
/// (further ones are refused with 429: a client keeps only the latest request anyway).
final class FilterChainEditor: Sendable {
    /// The longer side of preview images.
    static let previewSize = 1600
    /// Seconds a preview may take before it is stopped (a slider asks again anyway).
    static let previewTimeLimit: Double = 10
    /// Seconds a full-size render may take before it is stopped and the edit fails (a 24 MP chain takes about 1 s).
    static let renderTimeLimit: Double = 30
    private let bases = Mutex<[(key: String, image: CGImage, scale: Double)]>([])
    /// Unpacked RAW sensor data of the last photos previewed (a 24 MP sensor is 48 MB), so moving a RAW slider
    /// develops again without reading and unpacking the file again.
    private let sensors = Mutex<[(key: String, sensor: RAWSensorData)]>([])
    private let inFlight = Mutex<[Int64: Int]>([:])
    let perAccountRenders = 2

    /// What an edit of `asset` with `additions` renders: the chain (stored chain + additions when resumable),
    /// the base file, its orientation, and whether the base is the original; `source` is the file the chain
    /// renders from (the RAW original when the chain develops it, else the base).
    struct Plan {
        var chain: FilterChain
        var base: EditingBase
        var source: ResourceRecord
    }

    func plan(asset: AssetRecord, additions: [FilterChain.Filter], replace: Bool, library: Library) throws -> Plan {
        let history = try library.editHistory(assetRowID: asset.rowID)
        let basedOnOriginal = history.currentEdit?.basedOnOriginal ?? true
        var resumed: FilterChain?
        var storedFormatVersion: String?
        let base = try library.editingBase(assetRowID: asset.rowID) { payload in
            if replace { return true }   // start over from the original
            resumed = FilterChain.resumable(formatIdentifier: payload.formatIdentifier, formatVersion: payload.formatVersion,
                                            data: payload.data, editBasedOnOriginal: basedOnOriginal)
            storedFormatVersion = resumed == nil ? nil : payload.formatVersion
            return resumed != nil
        }
        let resources = try library.resources(assetRowID: asset.rowID)
        let stored = replace ? FilterChain(filters: []) : (resumed ?? FilterChain(filters: []))
        let chain = stored.adding(additions).pinningDevelopment(baseIsRAW: resources.baseIsRAW(isOriginal: base.basedOnOriginal),
                                                                 storedFormatVersion: storedFormatVersion)
        do { try chain.validate() } catch { throw Problem.badRequest("\(error)") }
        guard chain.development != nil else { return Plan(chain: chain, base: base, source: base.resource) }
        switch resources.rawDevelopmentSource(baseIsOriginal: base.basedOnOriginal) {
        case .raw(let raw): return Plan(chain: chain, base: base, source: raw)
        case .noRAW: throw Problem(.conflict, "change-not-supported", "This photo has no RAW file to develop")
        case .notOnOriginal:
            throw Problem(.conflict, "change-not-supported", "The current edit was made by another editor, so the RAW cannot be developed under it; start again from the original (replace)")
        }
    }

    /// A JPEG of the plan rendered on the display-size base image, its resolution-dependent parameters (radii,
    /// positions, rectangles) scaled to that size so the preview looks like the full-size render.
    func preview(_ plan: Plan, library: Library) throws -> Data {
        let url = library.fileURL(for: plan.source)
        let image: CIImage
        if plan.chain.development != nil {
            // Developed at display size each time: the development's own settings are what the sliders move.
            let longSide = max(plan.source.pixelWidth, plan.source.pixelHeight)
            let scale = longSide > 0 ? min(1, Double(Self.previewSize) / Double(longSide)) : 1
            let filter = CIRAWFilter(sensor: try sensor(plan.source, library: library))
            image = try plan.chain.scaled(by: scale).apply(to: plan.chain.developed(filter, scale: scale, name: plan.source.originalFilename))
        } else {
            let (base, scale) = try displayImage(url, key: plan.source.sha256)
            image = try plan.chain.scaled(by: scale).apply(to: CIImage(cgImage: base))
        }
        let context = CIContext(options: [.cacheIntermediates: false, .name: "photos serve preview", .renderTimeLimit: Self.previewTimeLimit])
        guard let data = context.jpegRepresentation(of: image, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!,
                                                    options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.85]) else {
            throw Problem(.unprocessableContent, "unreadable-image", "The preview could not be rendered")
        }
        return data
    }

    /// The full-size render of the plan, as a JPEG file in `directory` (the caller commits and removes it).
    func render(_ plan: Plan, library: Library, into directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("render-\(UUID().uuidString.lowercased()).jpg")
        do {
            _ = try plan.chain.renderJPEG(imageAt: library.fileURL(for: plan.source), orientation: Int32(plan.base.orientation), to: output,
                                          timeLimit: Self.renderTimeLimit)
        } catch {
            try? FileManager.default.removeItem(at: output)
            throw Problem(.unprocessableContent, "render-failed", "\(error)")
        }
        return output
    }

    /// What the editor needs to show a photo's RAW controls: the RAW original's upright size and its as-shot
    /// white balance (the sliders' starting point), or nil when the photo has no RAW or it cannot be developed.
    func rawInfo(_ asset: AssetRecord, library: Library) -> RAWInfoJSON? {
        guard asset.mediaType == .image, let raw = try? library.resources(assetRowID: asset.rowID).rawOriginal,
              let sensor = try? sensor(raw, library: library) else { return nil }
        let filter = CIRAWFilter(sensor: sensor)
        return RAWInfoJSON(pixelWidth: raw.pixelWidth, pixelHeight: raw.pixelHeight, neutralTemperature: Double(filter.neutralTemperature),
                           neutralTint: Double(filter.neutralTint), decoderVersion: filter.decoderVersion.rawValue)
    }

    /// The unpacked sensor data of a RAW resource (kept for the last two).
    private func sensor(_ resource: ResourceRecord, library: Library) throws -> RAWSensorData {
        if let cached = sensors.withLock({ $0.first { $0.key == resource.sha256 } }) { return cached.sensor }
        let url = library.fileURL(for: resource)
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else {
            throw Problem(.unprocessableContent, "unreadable-image", "The RAW file cannot be read")
        }
        let sensor: RAWSensorData
        do { sensor = try RAWSensorData.unpack(data) } catch {
            throw Problem(.unprocessableContent, "unreadable-image", "The RAW file cannot be developed: \(error)")
        }
        sensors.withLock { list in
            list.removeAll { $0.key == resource.sha256 }
            list.append((resource.sha256, sensor))
            if list.count > 2 { list.removeFirst() }
        }
        return sensor
    }

    /// Runs `work` if the account has a render slot free, else 429.
    func withRenderSlot<T>(account: Int64, _ work: () async throws -> T) async throws -> T {
        let admitted = inFlight.withLock { counts -> Bool in
            guard counts[account, default: 0] < perAccountRenders else { return false }
            counts[account, default: 0] += 1
            return true
        }
        guard admitted else {
            var problem = Problem(.tooManyRequests, "too-many-renders", "At most \(perAccountRenders) renders at a time per account")
            problem.headers[.retryAfter] = "1"
            throw problem
        }
        defer { inFlight.withLock { $0[account, default: 1] -= 1 } }
        return try await work()
    }

    /// The base image decoded upright at display size (cached by content), and its size relative to the full
    /// upright image.
    private func displayImage(_ url: URL, key: String) throws -> (image: CGImage, scale: Double) {
        if let cached = bases.withLock({ $0.first { $0.key == key } }) { return (cached.image, cached.scale) }
        guard let source = CGImageSourceCreateWithURL(url as CFURL, nil),
              let image = CGImageSourceCreateThumbnailAtIndex(source, 0, [
                  kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceCreateThumbnailWithTransform: true,
                  kCGImageSourceThumbnailMaxPixelSize: Self.previewSize,
              ] as CFDictionary) else {
            throw Problem(.unprocessableContent, "unreadable-image", "The picture cannot be decoded for a preview")
        }
        let scale = Self.displayScale(of: image, source: source)
        bases.withLock { list in
            list.removeAll { $0.key == key }
            list.append((key, image, scale))
            if list.count > 6 { list.removeFirst() }
        }
        return (image, scale)
    }

    /// The display image's width over the full image's upright width (1 when the file does not say its size).
    private static func displayScale(of image: CGImage, source: CGImageSource) -> Double {
        guard let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
              let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.doubleValue,
              let height = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.doubleValue, width > 0, height > 0 else { return 1 }
        let orientation = (properties[kCGImagePropertyOrientation] as? NSNumber)?.intValue ?? 1
        let uprightWidth = (5...8).contains(orientation) ? height : width
        return min(1, Double(image.width) / uprightWidth)
    }
}
