import Foundation
internal import CGif

/// Walks a GIF's records with giflib (never `DGifSlurp`, which allocates every frame at whatever size the file
/// claims): frame descriptors, graphics-control blocks and the NETSCAPE loop count; frames are decoded only up
/// to the one asked for, composited onto the canvas by their disposal modes. With a sampling step `s` above 1 the
/// canvas holds every `s`-th pixel of every `s`-th row (a reduced decode for thumbnails of huge screens), and the
/// frames are composited onto it the same way.
struct GIFReader {
    struct Frame {
        var left = 0, top = 0, width = 0, height = 0
        var delay = 0            // hundredths of a second
        var disposal = 0
        var transparentIndex = -1
    }

    var canvasWidth = 0, canvasHeight = 0
    var hasGlobalColorMap = false
    var loopCount: Int?
    var frames: [Frame] = []
    var usesTransparency = false
    /// The sampling step of the canvas (1: every pixel).
    var step = 1
    /// The composited canvas (RGBA, `sampledWidth × sampledHeight`) after the requested frame, when one was requested.
    var canvas: Data?
    /// The canvas size after sampling.
    var sampledWidth: Int { (canvasWidth + step - 1) / step }
    /// See `sampledWidth`.
    var sampledHeight: Int { (canvasHeight + step - 1) / step }
    /// Whether the data ended before the requested frame was complete.
    var truncated = false

    /// Reads the structure; with `composite`, also decodes frames 0…composite and keeps the canvas, sampled every
    /// `step` pixels.
    init(_ data: Data, composite target: Int? = nil, step: Int = 1, limits: ImageLimits) throws(ImageIOError) {
        let result: Result<GIFReader, ImageIOError> = data.withUnsafeBytes { raw in
            Result { () throws(ImageIOError) -> GIFReader in
                var memory = cgif_memory(data: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count, pos: 0)
                var error: Int32 = 0
                guard let gif = cgif_open_memory(&memory, &error) else {
                    throw ImageIOError(error == D_GIF_ERR_READ_FAILED ? .truncated : .corrupt,
                                       "the GIF header cannot be read (\(GIFReader.message(error)))", format: .gif)
                }
                defer { DGifCloseFile(gif, &error) }
                var reader = GIFReader()
                reader.step = max(step, 1)
                try reader.walk(gif, target: target, limits: limits)
                return reader
            }
        }
        self = try result.get()
    }

    private init() {}

    static func message(_ code: Int32) -> String { GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)" }

    private mutating func walk(_ gif: UnsafeMutablePointer<GifFileType>, target: Int?, limits: ImageLimits) throws(ImageIOError) {
        canvasWidth = Int(gif.pointee.SWidth)
        canvasHeight = Int(gif.pointee.SHeight)
        try limits.check(canvasWidth, canvasHeight, format: .gif)
        hasGlobalColorMap = gif.pointee.SColorMap != nil
        if target != nil { canvas = Data(count: sampledWidth * sampledHeight * 4) }
        var pending = Frame()
        var previous: Data?
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else {
                // A file cut short after at least one frame still has those frames.
                if frames.isEmpty || (target != nil && frames.count <= target!) { truncated = true }
                if frames.isEmpty { throw ImageIOError(.truncated, "the GIF ends before its first frame", format: .gif) }
                return
            }
            switch type {
            case EXTENSION_RECORD_TYPE:
                try readExtension(gif, into: &pending)
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else {
                    truncated = true
                    if frames.isEmpty { throw ImageIOError(.truncated, "the GIF ends inside a frame header", format: .gif) }
                    return
                }
                let desc = gif.pointee.Image
                var frame = pending
                frame.left = Int(desc.Left); frame.top = Int(desc.Top)
                frame.width = Int(desc.Width); frame.height = Int(desc.Height)
                pending = Frame()
                try limits.check(max(frame.width, 1), max(frame.height, 1), format: .gif)
                let index = frames.count
                frames.append(frame)
                if let target, index <= target {
                    if frame.disposal == 3 { previous = canvas }
                    if !decodeFrame(gif, frame: frame) { truncated = true; return }
                    if index < target { dispose(frame, previous: previous) }
                } else if !skipImageData(gif) {
                    return
                }
            case TERMINATE_RECORD_TYPE:
                return
            default:
                return
            }
        }
    }

    private mutating func readExtension(_ gif: UnsafeMutablePointer<GifFileType>, into frame: inout Frame) throws(ImageIOError) {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return }
        var first = true
        var isNetscape = false
        while let current = block {
            let length = Int(current[0])
            if code == GRAPHICS_EXT_FUNC_CODE, first {
                var gcb = GraphicsControlBlock()
                if DGifExtensionToGCB(length, current + 1, &gcb) == GIF_OK {
                    frame.delay = Int(gcb.DelayTime)
                    frame.disposal = Int(gcb.DisposalMode)
                    frame.transparentIndex = Int(gcb.TransparentColor)
                    if gcb.TransparentColor >= 0 { usesTransparency = true }
                }
            } else if code == APPLICATION_EXT_FUNC_CODE {
                if first { isNetscape = length >= 11 && String(decoding: UnsafeBufferPointer(start: current + 1, count: 11), as: UTF8.self) == "NETSCAPE2.0" }
                else if isNetscape, length >= 3, current[1] == 1 { loopCount = Int(current[2]) | Int(current[3]) << 8 }
            }
            first = false
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return }
        }
    }

    private func skipImageData(_ gif: UnsafeMutablePointer<GifFileType>) -> Bool {
        var size: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(gif, &size, &block) == GIF_OK else { return false }
        var guardCount = 0
        while block != nil {
            guardCount += 1
            guard guardCount < 50_000_000, DGifGetCodeNext(gif, &block) == GIF_OK else { return false }
        }
        return true
    }

    /// Decodes one frame onto the canvas (transparent pixels leave the canvas as it is). False when the data ends.
    private mutating func decodeFrame(_ gif: UnsafeMutablePointer<GifFileType>, frame: Frame) -> Bool {
        guard let map = gif.pointee.Image.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            return skipImageData(gif)
        }
        let count = Int(map.pointee.ColorCount)
        var line = [GifPixelType](repeating: 0, count: max(frame.width, 1))
        let interlaced = gif.pointee.Image.Interlace
        let rows: [Int] = interlaced
            ? Array(stride(from: 0, to: frame.height, by: 8)) + Array(stride(from: 4, to: frame.height, by: 8))
              + Array(stride(from: 2, to: frame.height, by: 4)) + Array(stride(from: 1, to: frame.height, by: 2))
            : Array(0..<frame.height)
        let columns = sampled(from: frame.left, to: frame.left + frame.width, limit: canvasWidth)
        let rowBytes = sampledWidth * 4
        for row in rows {
            guard DGifGetLine(gif, &line, Int32(frame.width)) == GIF_OK else { return false }
            let y = frame.top + row
            guard y >= 0, y < canvasHeight, y % step == 0 else { continue }
            canvas!.withUnsafeMutableBytes { raw in
                let out = raw.bindMemory(to: UInt8.self).baseAddress! + (y / step) * rowBytes
                for cx in columns {
                    let index = Int(line[cx - frame.left])
                    guard index != frame.transparentIndex, index < count else { continue }
                    let color = colors[index], at = (cx / step) * 4
                    out[at] = color.Red; out[at + 1] = color.Green; out[at + 2] = color.Blue; out[at + 3] = 255
                }
            }
        }
        return true
    }

    private mutating func dispose(_ frame: Frame, previous: Data?) {
        switch frame.disposal {
        case 2:
            let columns = Array(sampled(from: frame.left, to: frame.left + frame.width, limit: canvasWidth))
            guard let first = columns.first else { return }
            let rowBytes = sampledWidth * 4
            let rows = sampled(from: frame.top, to: frame.top + frame.height, limit: canvasHeight)
            canvas!.withUnsafeMutableBytes { raw in
                for y in rows {
                    let start = (y / step) * rowBytes + (first / step) * 4
                    raw.baseAddress!.advanced(by: start).initializeMemory(as: UInt8.self, repeating: 0, count: columns.count * 4)
                }
            }
        case 3:
            if let previous { canvas = previous }
        default: break
        }
    }

    /// The canvas coordinates in `start..<end` (clipped to `0..<limit`) that the sampled canvas keeps.
    private func sampled(from start: Int, to end: Int, limit: Int) -> StrideTo<Int> {
        let low = max(start, 0), high = min(end, limit)
        return stride(from: (low + step - 1) / step * step, to: max(high, low), by: step)
    }
}
