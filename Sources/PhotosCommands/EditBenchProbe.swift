import Foundation
import CoreImage
import Photos
import PhotoLibrary
import ImageManagement

/// The measured side of `photos bench edit`, run in a fresh child process: makes a library holding the photo
/// (with its derivatives), resets the peak-RSS counter, then edits it through PhotoKit, timing each phase.
enum EditProbe {
    struct Report: Codable {
        var input = 0.0, render = 0.0, commit = 0.0, derivatives = 0.0
        var total: Double { input + render + commit + derivatives }
        var peakKB = 0, setupPeakKB = 0
        /// The running peak after each phase (input, render, commit, derivatives), to see which phase sets it.
        var phasePeaksKB: [Int] = []
        var peakWasReset = false
        /// The same photo edited again through the example extension (nil when Filtster is not built).
        var viaExtension: EditBenchExtension.Measurement?
    }

    static func run(input: URL, library url: URL) throws -> Report {
        let photos = try PHPhotoLibrary(url: url)
        var identifier = ""
        try photos.performChangesAndWait {
            let request = PHAssetCreationRequest.forAsset()
            request.addResource(with: .photo, fileURL: input, options: nil)
            identifier = request.placeholderForCreatedAsset!.localIdentifier
        }
        photos.waitForDerivatives()
        let options = PHFetchOptions()
        options.photoLibrary = photos
        guard let asset = PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: options).firstObject else {
            throw CommandError("the photo was not added to the bench library")
        }
        var report = Report()
        report.setupPeakKB = ResidentMemory.peakKB()
        report.peakWasReset = ResidentMemory.resetPeak()

        var clock = Clock()
        let editingInput = try AssetEditing.contentEditingInput(for: asset, options: PHContentEditingInputRequestOptions())
        report.input = clock.lap()
        report.phasePeaksKB.append(ResidentMemory.peakKB())
        let output = try render(editingInput)
        report.render = clock.lap()
        report.phasePeaksKB.append(ResidentMemory.peakKB())
        try photos.performChangesAndWait { PHAssetChangeRequest(for: asset).contentEditingOutput = output }
        report.commit = clock.lap()
        report.phasePeaksKB.append(ResidentMemory.peakKB())
        photos.waitForDerivatives()
        report.derivatives = clock.lap()
        report.phasePeaksKB.append(ResidentMemory.peakKB())
        report.peakKB = report.phasePeaksKB.last ?? 0

        // The measured work must have happened: the edit is current and its derivatives exist.
        let resources = try photos.library.resources(assetRowID: asset.record.rowID)
        guard let rendition = Rendition.select(from: resources, version: .current), rendition.resource.type == .fullSizePhoto else {
            throw CommandError("the edit was not committed")
        }
        let store = ImagingContext.context(for: photos.library).store
        for kind in DerivativeKind.allCases where kind.size(for: rendition.pixelSize) != nil
            && store.existing(contentKey: rendition.contentKey, kind: kind) == nil {
            throw CommandError("the edit's \(kind) derivative was not made")
        }
        report.viaExtension = try EditBenchExtension.measure(asset, in: photos)
        return report
    }

    /// The edit as an app writes it: exposure +0.5 EV, sepia, vignette, rendered full size to a JPEG at q0.9.
    static func render(_ input: PHContentEditingInput) throws -> PHContentEditingOutput {
        guard let url = input.fullSizeImageURL, let image = CIImage(contentsOf: url, options: [.applyOrientationProperty: true]) else {
            throw CommandError("cannot read the editing input's image")
        }
        let edited = image.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.5])
            .applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: 1.0])
            .applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.8, kCIInputRadiusKey: 1.5])
        let output = PHContentEditingOutput(contentEditingInput: input)
        try CIContext().writeJPEGRepresentation(of: edited, to: output.renderedContentURL,
                                                colorSpace: image.colorSpace ?? CGColorSpace(name: CGColorSpace.sRGB)!,
                                                options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.9])
        output.adjustmentData = PHAdjustmentData(formatIdentifier: "org.photokit-linux.bench", formatVersion: "1",
                                                 data: Data(#"{"exposure":0.5,"sepia":1,"vignette":[0.8,1.5]}"#.utf8))
        return output
    }

    struct Clock {
        private var last = DispatchTime.now().uptimeNanoseconds
        mutating func lap() -> Double {
            let now = DispatchTime.now().uptimeNanoseconds
            defer { last = now }
            return Double(now - last) / 1e9
        }
    }
}

/// The peer of `photos bench edit`: libvips, through its C API from one Python process (as pyvips would drive it),
/// runs the Core Image benchmark's exposure/sepia/vignette pipeline to a JPEG q90, then thumbnails the result to
/// the derivative sizes (shrink-on-load to the 1,600-px screen image, held in memory, the 256-px thumbnail from that,
/// both q88), as the library's generator does.
struct EditBenchPeer {
    /// The command, or nil when libvips or Python is missing.
    let command: [String]?

    init(scratch: URL, input: String, size: PixelSize) {
        let peers = BenchPeers(scratch: scratch, width: size.width, height: size.height)
        guard let python = peers.python, let chain = peers.vipsChain(input, scratch.appendingPathComponent("vips-edit.jpg").path)?[1] else {
            command = nil
            return
        }
        // A kind the picture is too small for is not made (size 0), as in the library.
        let screen = DerivativeKind.screen.size(for: size) ?? PixelSize(width: 0, height: 0)
        let thumbnail = DerivativeKind.thumbnail.size(for: size) ?? PixelSize(width: 0, height: 0)
        let script = peers.script("vips_edit.py", """
        import ctypes, runpy, sys
        chain, rendered, screen_out, thumb_out = sys.argv[1:5]
        sw, sh, tw, th = map(int, sys.argv[5:9])
        sys.argv = [chain, sys.argv[9], rendered]
        v = runpy.run_path(chain)["v"]          # the render: decode, exposure, sepia, vignette, JPEG Q=90
        P = ctypes.c_void_p
        def save(image, path):
            if v.vips_image_write_to_file(image, (path + "[Q=88]").encode(), None) != 0: sys.exit("save failed")
        source = None
        if sw:
            source = P()
            if v.vips_thumbnail(rendered.encode(), ctypes.byref(source), ctypes.c_int(sw), b"height", ctypes.c_int(sh), None) != 0:
                sys.exit("thumbnail failed")
            v.vips_image_copy_memory.restype = P
            source = P(v.vips_image_copy_memory(source))   # made once, read twice (like ours: 256 px from 1600 px)
            save(source, screen_out)
        if tw:
            thumb = P()
            made = (v.vips_thumbnail_image(source, ctypes.byref(thumb), ctypes.c_int(tw), b"height", ctypes.c_int(th), None) if source
                    else v.vips_thumbnail(rendered.encode(), ctypes.byref(thumb), ctypes.c_int(tw), b"height", ctypes.c_int(th), None))
            if made != 0: sys.exit("thumbnail failed")
            save(thumb, thumb_out)
        """)
        let out = { (name: String) in scratch.appendingPathComponent(name).path }
        command = [python, script, chain, out("vips-edit.jpg"), out("vips-screen.jpg"), out("vips-thumb.jpg"),
                   "\(screen.width)", "\(screen.height)", "\(thumbnail.width)", "\(thumbnail.height)", input]
    }
}
