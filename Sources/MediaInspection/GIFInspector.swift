internal import CGif
import Foundation

/// GIF through giflib: the logical screen gives the size; image records are counted by walking the
/// record stream and skipping each frame's compressed blocks (no LZW decoding). More than one frame
/// means animated; a Graphic Control Extension with a transparent index means alpha.
enum GIFInspector {
    static func inspect(_ source: InspectionSource) throws(MediaInspectionError) -> MediaInfo {
        var memory = cgif_memory(data: source.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: source.bytes.count, pos: 0)
        var openError: Int32 = 0
        guard let gif = cgif_open_memory(&memory, &openError) else {
            throw source.error(source.bytes.count < 13 ? .truncated : .corrupt, "the GIF header is invalid: \(GIFErrorText.describe(openError))")
        }
        defer {
            var closeError: Int32 = 0
            DGifCloseFile(gif, &closeError)
        }
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        try source.checkPixelCount(width, height)

        var frames = 0
        var transparent = false
        var complete = false
        var brokenRecord = false  // the data ended or failed inside a record, not between records
        recordLoop: while frames < 100_000 {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else {
                brokenRecord = memory.pos < memory.size
                break
            }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { brokenRecord = true; break recordLoop }
                var codeSize: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { brokenRecord = true; break recordLoop }
                while block != nil {
                    guard DGifGetCodeNext(gif, &block) == GIF_OK else { brokenRecord = true; break recordLoop }
                }
                frames += 1
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var ext: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &ext) == GIF_OK else { brokenRecord = true; break recordLoop }
                if code == GRAPHICS_EXT_FUNC_CODE, let e = ext, e[0] >= 4, e[1] & 1 == 1 { transparent = true }
                while ext != nil {
                    guard DGifGetExtensionNext(gif, &ext) == GIF_OK else { brokenRecord = true; break recordLoop }
                }
            case TERMINATE_RECORD_TYPE:
                complete = true
                break recordLoop
            default:
                break recordLoop
            }
        }
        if brokenRecord {
            throw source.error(.truncated, "the GIF data ends or breaks inside frame \(frames + 1)")
        }
        guard frames > 0 else {
            throw source.error(complete ? .corrupt : .truncated, complete ? "the GIF contains no image" : "the GIF ends before its first frame is complete")
        }
        var info = MediaInfo(kind: .image, format: .gif, uniformTypeIdentifier: "com.compuserve.gif",
                             pixelWidth: width, pixelHeight: height, storedPixelWidth: width, storedPixelHeight: height,
                             frameCount: frames, hasAlpha: transparent, bitDepth: 8)
        if frames > 1 { info.traits.insert(.animated) }
        return info
    }
}
