import Foundation

/// EXIF + Apple MakerNote + XMP of a still image, merged into a `MediaInfo`.
struct StillMetadata {
    var exif: ExifMetadata?
    var makerNote: AppleMakerNote?
    var xmp: XMPPacket?

    init(exif: ExifMetadata?, xmp: XMPPacket?) {
        self.exif = exif
        self.xmp = xmp
        self.makerNote = exif?.makerNote.flatMap(AppleMakerNote.init)
    }

    /// Fills orientation, dates, location, camera, identifiers and metadata-based traits.
    /// `applyOrientation` is false for formats whose stored size already is the display size (HEIF).
    func apply(to info: inout MediaInfo, applyOrientation: Bool = true) {
        if let o = exif?.orientation { info.orientation = o }
        info.creationDate = exif?.creationDate ?? xmpDate
        info.location = exif?.location
        info.cameraMake = exif?.make
        info.cameraModel = exif?.model
        info.lensModel = exif?.lensModel
        info.contentIdentifier = makerNote?.mediaGroupUUID
        info.burstIdentifier = makerNote?.burstUUID ?? xmp?.value(XMPPacket.gCamera, "BurstID")
        if applyOrientation {
            let swap = info.orientation >= 5
            info.pixelWidth = swap ? info.storedPixelHeight : info.storedPixelWidth
            info.pixelHeight = swap ? info.storedPixelWidth : info.storedPixelHeight
        }
        info.traits.formUnion(SubtypeRules.stillTraits(self, info: info))
    }

    private var xmpDate: Date? {
        guard let xmp else { return nil }
        return DateParsing.iso8601(xmp.value(XMPPacket.exif, "DateTimeOriginal"))
            ?? DateParsing.iso8601(xmp.value(XMPPacket.photoshop, "DateCreated"))
            ?? DateParsing.iso8601(xmp.value(XMPPacket.xmp, "CreateDate"))
    }
}

/// The evidence behind each `Traits` flag.
///
/// Stills:
/// - panorama: EXIF CustomRendered = 6 (Apple "Panorama"), or XMP `GPano:ProjectionType` present, or a camera
///   still (JPEG/HEIF/RAW with a camera make) at least 2:1 whose long side is ≥ 4000 pixels.
/// - hdr: Apple MakerNote HDRImageType = 3, EXIF CustomRendered 2 or 3 (Apple "HDR") or 7 ("Portrait HDR"),
///   a HEIF `urn:com:apple:photo:2020:aux:hdrgainmap` auxiliary image, or an XMP HDR gain-map namespace.
/// - screenshot: EXIF or XMP `exif:UserComment` equal to "Screenshot" (what macOS/iOS write).
/// - depthEffect: XMP `GDepth:Format`/`GDepth:Mime`, a HEIF depth auxiliary image, EXIF CustomRendered 7/8,
///   or Apple MakerNote ImageCaptureType 2 (Portrait).
/// - burst: a burst identifier (Apple MakerNote BurstUUID or XMP `GCamera:BurstID`).
/// - frontCamera: the EXIF LensModel contains "front" (e.g. "iPhone 8 front camera 2.87mm f/2.2").
/// - livePhotoComponent: a content identifier (MakerNote MediaGroupUUID); whether a movie pairs with it
///   is decided by the importer.
/// - raw: DNG or camera RAW. animated: more than one GIF/WebP frame.
///
/// Movies:
/// - highFrameRate: average frame rate ≥ 100 fps, or a recorded capture rate (`com.android.capture.fps`) ≥ 100.
/// - timelapse: a recorded capture rate below 90% of the playback rate, or a capture-mode value mentioning time-lapse.
/// - screenRecording: a software/description/title/comment value mentioning "screen recording".
/// - frontCamera: `com.apple.quicktime.camera.lens_model` contains "front".
/// - livePhotoComponent: `com.apple.quicktime.content.identifier` present.
enum SubtypeRules {
    static func stillTraits(_ m: StillMetadata, info: MediaInfo) -> Traits {
        var t: Traits = []
        let rendered = m.exif?.customRendered
        if rendered == 6 || m.xmp?.value(XMPPacket.gPano, "ProjectionType") != nil {
            t.insert(.panorama)
        }
        let long = max(info.pixelWidth, info.pixelHeight), short = min(info.pixelWidth, info.pixelHeight)
        if short > 0, long >= 2 * short, long >= 4000, m.exif?.make != nil,
           [.jpeg, .heif, .dng, .cameraRAW].contains(info.format) {
            t.insert(.panorama)
        }
        if m.makerNote?.hdrImageType == 3 || rendered == 2 || rendered == 3 || rendered == 7
            || m.xmp?.declares(XMPPacket.hdrGainMap) == true || m.xmp?.declares(XMPPacket.appleHDRGainMap) == true {
            t.insert(.hdr)
        }
        let comment = m.exif?.userComment ?? m.xmp?.value(XMPPacket.exif, "UserComment")
        if comment?.caseInsensitiveCompare("Screenshot") == .orderedSame
            || m.xmp?.value(XMPPacket.exif, "UserComment")?.caseInsensitiveCompare("Screenshot") == .orderedSame {
            t.insert(.screenshot)
        }
        if m.xmp?.value(XMPPacket.gDepth, "Format") != nil || m.xmp?.value(XMPPacket.gDepth, "Mime") != nil
            || rendered == 7 || rendered == 8 || m.makerNote?.imageCaptureType == 2 {
            t.insert(.depthEffect)
        }
        if info.burstIdentifier != nil { t.insert(.burst) }
        if info.lensModel?.range(of: "front", options: .caseInsensitive) != nil { t.insert(.frontCamera) }
        if info.contentIdentifier != nil { t.insert(.livePhotoComponent) }
        return t
    }
}
