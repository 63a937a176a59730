import AVFoundation
import CoreGraphics
import CoreImage
import FilterChains
import Foundation
import ImageIO
import MotionEditing
import Photos
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
    /// renders from (the RAW original when the chain develops it, else the base). A Live Photo's plan also holds
    /// its `LivePhotoChainEdit` (still and movie, always from the original pair).
    struct Plan {
        var chain: FilterChain
        var base: EditingBase
        var source: ResourceRecord
        var kind: Kind
        var live: LivePhotoChainEdit?
    }

    /// What a chain edits: a photo, every frame of a video, or a Live Photo's still and every frame of its movie.
    enum Kind { case photo, video, livePhoto }

    func plan(asset: AssetRecord, additions: [FilterChain.Filter], replace: Bool, audioVolume: Float? = nil, library: Library) throws -> Plan {
        if asset.mediaType == .image && asset.mediaSubtypes.contains(.photoLive) {
            return try livePhotoPlan(asset: asset, additions: additions, replace: replace, audioVolume: audioVolume, library: library)
        }
        guard audioVolume == nil else { throw Problem.badRequest("audioVolume applies to Live Photos") }
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
        let kind: Kind = asset.mediaType == .video ? .video : .photo
        let resources = try library.resources(assetRowID: asset.rowID)
        let stored = replace ? FilterChain(filters: []) : (resumed ?? FilterChain(filters: []))
        let chain = stored.adding(additions).pinningDevelopment(baseIsRAW: resources.baseIsRAW(isOriginal: base.basedOnOriginal),
                                                                 storedFormatVersion: storedFormatVersion)
        do { try chain.validate() } catch { throw Problem.badRequest("\(error)") }
        guard chain.development != nil else { return Plan(chain: chain, base: base, source: base.resource, kind: kind) }
        switch resources.rawDevelopmentSource(baseIsOriginal: base.basedOnOriginal) {
        case .raw(let raw) where kind == .photo: return Plan(chain: chain, base: base, source: raw, kind: kind)
        case .noRAW, .raw: throw Problem(.conflict, "change-not-supported", "This \(kind == .video ? "video" : "photo") has no RAW file to develop")
        case .notOnOriginal:
            throw Problem(.conflict, "change-not-supported", "The current edit was made by another editor, so the RAW cannot be developed under it; start again from the original (replace)")
        }
    }

    /// A Live Photo's plan: always from the original pair; the stored Live Photo chain continues unless `replace`
    /// (an edit in another format — an effect, an extension's — is replaced, and stays in the history).
    private func livePhotoPlan(asset: AssetRecord, additions: [FilterChain.Filter], replace: Bool, audioVolume: Float?, library: Library) throws -> Plan {
        var stored: LivePhotoChainEdit?
        let base = try library.editingBase(assetRowID: asset.rowID) { payload in
            if !replace { stored = LivePhotoChainEdit(formatIdentifier: payload.formatIdentifier, formatVersion: payload.formatVersion, data: payload.data) }
            return true
        }
        guard try library.resources(assetRowID: asset.rowID).contains(where: { $0.type == .pairedVideo }) else {
            throw Problem(.conflict, "change-not-supported", "This Live Photo's movie is missing")
        }
        var edit = stored ?? LivePhotoChainEdit(chain: FilterChain(filters: []))
        edit.chain = FilterChain(filters: edit.chain.filters + additions)
        if let audioVolume { edit.audioVolume = audioVolume }
        do { try edit.validate() } catch { throw Problem.badRequest("\(error)") }
        return Plan(chain: edit.chain, base: base, source: base.resource, kind: .livePhoto, live: edit)
    }

    /// A JPEG of the plan rendered on the display-size base image (a video's first frame; a Live Photo's still),
    /// its resolution-dependent parameters (radii, positions, rectangles) scaled to that size so the preview looks
    /// like the full-size render.
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
            let (base, scale) = try displayImage(url, key: plan.source.sha256, isMovie: plan.kind == .video)
            image = try plan.chain.scaled(by: scale).apply(to: CIImage(cgImage: base))
        }
        let context = CIContext(options: [.cacheIntermediates: false, .name: "photos serve preview", .renderTimeLimit: Self.previewTimeLimit])
        guard let data = context.jpegRepresentation(of: image, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!,
                                                    options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.85]) else {
            throw Problem(.unprocessableContent, "unreadable-image", "The preview could not be rendered")
        }
        return data
    }

    /// Seconds a video or Live Photo render may take before it is stopped and the edit fails.
    static let motionRenderTimeLimit: Double = 600

    /// The full-size render of a photo's plan, as a JPEG file in `directory` (the caller commits and removes it).
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

    /// The full-size render of a video's plan: every frame through the chain, as a QuickTime movie in `directory`.
    func renderMovie(_ plan: Plan, library: Library, into directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("render-\(UUID().uuidString.lowercased()).mov")
        do {
            try MovieChainRenderer.render(AVURLAsset(url: library.fileURL(for: plan.source)), through: plan.chain, to: output,
                                          timeLimit: Self.motionRenderTimeLimit)
        } catch {
            throw Problem(.unprocessableContent, "render-failed", error.description)
        }
        return output
    }

    /// The full-size render of a Live Photo's plan (still and movie, through the PhotoKit façade over the same
    /// library, as `photos live` renders it): an editing output with its files and adjustment data, which the
    /// caller commits and removes.
    func renderLivePhoto(_ plan: Plan, asset: AssetRecord, facade: PHPhotoLibrary) throws -> PHContentEditingOutput {
        guard let live = plan.live else { throw Problem(.internalServerError, "render-failed", "Not a Live Photo plan") }
        let options = PHFetchOptions()
        options.photoLibrary = facade
        options.includeHiddenAssets = true
        guard let photo = PHAsset.fetchAssets(withLocalIdentifiers: [asset.identifier], options: options).firstObject else {
            throw Problem.notFound("No asset \(asset.identifier)")
        }
        do { return try live.render(photo, timeLimit: Self.motionRenderTimeLimit) } catch {
            throw Problem(.unprocessableContent, "render-failed", (error as? PHPhotosError)?.localizedDescription ?? "\(error)")
        }
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
    private func displayImage(_ url: URL, key: String, isMovie: Bool = false) throws -> (image: CGImage, scale: Double) {
        if let cached = bases.withLock({ $0.first { $0.key == key } }) { return (cached.image, cached.scale) }
        if isMovie {
            let frame: (image: CGImage, scale: Double)
            do { frame = try MovieChainRenderer.previewFrame(of: AVURLAsset(url: url), maximumSide: Self.previewSize) } catch {
                throw Problem(.unprocessableContent, "unreadable-image", error.description)
            }
            remember(frame.image, scale: frame.scale, key: key)
            return frame
        }
        guard let source = CGImageSourceCreateWithURL(url as CFURL, nil),
              let image = CGImageSourceCreateThumbnailAtIndex(source, 0, [
                  kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceCreateThumbnailWithTransform: true,
                  kCGImageSourceThumbnailMaxPixelSize: Self.previewSize,
              ] as CFDictionary) else {
            throw Problem(.unprocessableContent, "unreadable-image", "The picture cannot be decoded for a preview")
        }
        let scale = Self.displayScale(of: image, source: source)
        remember(image, scale: scale, key: key)
        return (image, scale)
    }

    /// Keeps a display image for the next previews (the last six).
    private func remember(_ image: CGImage, scale: Double, key: String) {
        bases.withLock { list in
            list.removeAll { $0.key == key }
            list.append((key, image, scale))
            if list.count > 6 { list.removeFirst() }
        }
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
