@_implementationOnly import CCairoDrawing
import Foundation
@_implementationOnly import OptionalLibraries

/// A bitmap graphics context (`CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`):
/// paths, rectangles, ellipses and arcs filled and stroked, images drawn, transforms, clipping, blend modes and
/// `makeImage()` — enough for watermarks, contact sheets and thumbnails drawn by app code. Drawing is done by cairo
/// (loaded on first use, like the codecs), anti-aliased, in Core Graphics' coordinates: the origin at the bottom
/// left, y up, the bitmap's first row at the top.
///
/// Layouts: 8 bits per component, RGB with alpha or padding first or last, premultiplied or not, either byte
/// order; or 8-bit grey without alpha. Other layouts (16-bit, float, alpha-only) give `nil`. Cairo draws in
/// premultiplied ARGB32: a buffer in that layout (`premultipliedFirst` + `byteOrder32Little`) is drawn into
/// directly; others are converted after every drawing call when the caller gave the buffer, and when `data` or
/// `makeImage()` is asked for when the context made its own.
///
/// Differences from Apple: no colour management (colours and images are taken in the context's space as given);
/// no text, shadows, gradients, patterns or PDF contexts; `plusDarker` draws as `normal`; a context is not
/// thread-safe (as Apple's). cairo missing gives `nil` and a warning naming the package to install.
public final class CGContext {
    /// The bitmap's width in pixels.
    public let width: Int
    /// The bitmap's height in pixels.
    public let height: Int
    /// Bits per component (8).
    public let bitsPerComponent: Int
    /// Bytes per row of the bitmap (computed from the width when 0 was given).
    public let bytesPerRow: Int
    /// The bitmap's colour space (drawing does not convert between spaces).
    public let colorSpace: CGColorSpace?
    /// The bitmap's alpha placement and byte order.
    public let bitmapInfo: CGBitmapInfo
    /// Bits per pixel of the bitmap.
    public var bitsPerPixel: Int { layout.bytesPerPixel * 8 }
    /// Where alpha sits in the bitmap.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo }

    private let layout: BitmapLayout
    private let surface: OpaquePointer
    private let cairo: OpaquePointer
    /// The bitmap in the caller's layout: the caller's buffer, or one this context owns.
    private let pixels: UnsafeMutableRawPointer
    private let ownsPixels: Bool
    /// Whether cairo draws into `pixels` itself (the layout is ARGB32); otherwise into its own surface, converted.
    private let direct: Bool
    private var stale = false
    private var fill = (r: 0.0, g: 0.0, b: 0.0, a: 1.0), stroke = (r: 0.0, g: 0.0, b: 0.0, a: 1.0)
    private var alpha = 1.0
    private var saved: [(fill: (r: Double, g: Double, b: Double, a: Double), stroke: (r: Double, g: Double, b: Double, a: Double), alpha: Double, quality: CGInterpolationQuality)] = []

    /// A bitmap context over `data` (`nil`: the context allocates and clears one), or `nil` for a layout it
    /// cannot draw into, a `bytesPerRow` too small for `width`, or when cairo cannot be loaded.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard width > 0, height > 0, width < 1 << 15, height < 1 << 15,
              let layout = BitmapLayout(bitsPerComponent: bitsPerComponent, space: space, bitmapInfo: info),
              layout.bytesPerPixel == 4 || layout.bytes == [.gray],
              OptionalLibrary.cairo.loadOrWarn() else { return nil }
        let rowBytes = bytesPerRow == 0 ? width * layout.bytesPerPixel : bytesPerRow
        guard rowBytes >= width * layout.bytesPerPixel else { return nil }
        let direct = layout.isNativeARGB32 && rowBytes % 4 == 0
        let pixels = data ?? UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
        if data == nil { pixels.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height) }
        let surface = direct
            ? cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(rowBytes))
            : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface) else {
            if data == nil { pixels.deallocate() }
            return nil
        }
        (self.width, self.height, self.bitsPerComponent, self.bytesPerRow) = (width, height, bitsPerComponent, rowBytes)
        (self.colorSpace, self.bitmapInfo, self.layout) = (space, info, layout)
        (self.surface, self.cairo, self.pixels, self.ownsPixels, self.direct) = (surface, cairo, pixels, data == nil, direct)
        if !direct, data != nil {
            // The caller's pixels are the starting picture.
            cairo_surface_flush(surface)
            layout.importRows(pixels, sourceStride: rowBytes, into: cairo_image_surface_get_data(surface), destinationStride: Int(cairo_image_surface_get_stride(surface)),
                              width: width, height: height)
            cairo_surface_mark_dirty(surface)
        }
        // Core Graphics' space: origin bottom left, y up.
        cairo_translate(cairo, 0, Double(height))
        cairo_scale(cairo, 1, -1)
        cairo_set_line_width(cairo, 1)
        cairo_set_miter_limit(cairo, 10)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
        if ownsPixels { pixels.deallocate() }
    }

    /// The bitmap, in the context's layout (up to date with everything drawn).
    public var data: UnsafeMutableRawPointer? {
        synchronize()
        return pixels
    }

    /// An image of the bitmap as it is now (a copy: later drawing does not change it).
    public func makeImage() -> CGImage? {
        synchronize()
        let bytes = Data(bytes: pixels, count: bytesPerRow * height)
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
                       space: colorSpace!, bitmapInfo: bitmapInfo, provider: CGDataProvider(data: bytes), decode: nil,
                       shouldInterpolate: true, intent: .defaultIntent)
    }

    /// Finishes pending drawing (cairo draws at once; this converts the bitmap when it is not cairo's layout).
    public func flush() { synchronize() }

    // MARK: Graphics state

    /// Pushes the graphics state (transform, clip, colours, line settings, alpha, blend mode).
    public func saveGState() {
        cairo_save(cairo)
        saved.append((fill, stroke, alpha, interpolationQuality))
    }

    /// Pops the state `saveGState()` pushed (nothing when none was pushed).
    public func restoreGState() {
        guard let state = saved.popLast() else { return }
        cairo_restore(cairo)
        (fill, stroke, alpha, interpolationQuality) = (state.fill, state.stroke, state.alpha, state.quality)
    }

    /// The current transform from user space to the bitmap's pixels (y up, origin bottom left).
    public var ctm: CGAffineTransform {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        // Undo the flip to Core Graphics' device space.
        return CGAffineTransform(a: matrix.xx, b: -matrix.yx, c: matrix.xy, d: -matrix.yy, tx: matrix.x0, ty: Double(height) - matrix.y0)
    }

    /// Moves the origin of user space by (x, y).
    public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(cairo, Double(x), Double(y)) }
    /// Scales user space by x and y.
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(cairo, Double(x), Double(y)) }
    /// Rotates user space by `angle` radians (counterclockwise, y up).
    public func rotate(by angle: CGFloat) { cairo_rotate(cairo, Double(angle)) }
    /// Applies `transform` to user space (after the current transform).
    public func concatenate(_ transform: CGAffineTransform) {
        var matrix = cairo_matrix_t(xx: Double(transform.a), yx: Double(transform.b), xy: Double(transform.c), yy: Double(transform.d),
                                    x0: Double(transform.tx), y0: Double(transform.ty))
        cairo_transform(cairo, &matrix)
    }

    /// The colour fills use (grey, RGB; components as given, no colour conversion).
    public func setFillColor(_ color: CGColor) { fill = Self.rgba(color) }
    /// The colour strokes use.
    public func setStrokeColor(_ color: CGColor) { stroke = Self.rgba(color) }
    /// The fill colour from RGB components, 0…1.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { fill = (Double(red), Double(green), Double(blue), Double(alpha)) }
    /// The stroke colour from RGB components, 0…1.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { stroke = (Double(red), Double(green), Double(blue), Double(alpha)) }
    /// The fill colour from a grey level, 0…1.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { fill = (Double(gray), Double(gray), Double(gray), Double(alpha)) }
    /// The stroke colour from a grey level, 0…1.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { stroke = (Double(gray), Double(gray), Double(gray), Double(alpha)) }
    /// The alpha every drawing is multiplied by, 0…1.
    public func setAlpha(_ alpha: CGFloat) { self.alpha = min(max(Double(alpha), 0), 1) }
    /// The width of strokes in user-space units (default 1).
    public func setLineWidth(_ width: CGFloat) { cairo_set_line_width(cairo, Double(width)) }
    /// How stroke ends are drawn (default butt).
    public func setLineCap(_ cap: CGLineCap) { cairo_set_line_cap(cairo, cairo_line_cap_t(UInt32(cap.rawValue))) }
    /// How stroke joins are drawn (default miter).
    public func setLineJoin(_ join: CGLineJoin) { cairo_set_line_join(cairo, cairo_line_join_t(UInt32(join.rawValue))) }
    /// The longest miter join, relative to the line width (default 10).
    public func setMiterLimit(_ limit: CGFloat) { cairo_set_miter_limit(cairo, Double(limit)) }
    /// Dashes for strokes: `lengths` on and off alternately, starting `phase` into the pattern; empty for solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let dashes = lengths.map(Double.init)
        cairo_set_dash(cairo, dashes, Int32(dashes.count), Double(phase))
    }
    /// Whether edges are anti-aliased (default true).
    public func setShouldAntialias(_ antialias: Bool) { cairo_set_antialias(cairo, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE) }
    /// How later drawing combines with the bitmap (default normal).
    public func setBlendMode(_ mode: CGBlendMode) { cairo_set_operator(cairo, Self.operator(mode)) }
    /// How images are resampled when drawn scaled.
    public var interpolationQuality: CGInterpolationQuality = .default

    // MARK: Paths

    /// Discards the current path.
    public func beginPath() { cairo_new_path(cairo) }
    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { cairo_move_to(cairo, Double(point.x), Double(point.y)) }
    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint) { cairo_line_to(cairo, Double(point.x), Double(point.y)) }
    /// Adds a polyline through `points` (a new subpath at the first).
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }
    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        cairo_curve_to(cairo, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y), Double(end.x), Double(end.y))
    }
    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        var x = 0.0, y = 0.0
        cairo_get_current_point(cairo, &x, &y)
        let c = (x: Double(control.x), y: Double(control.y)), e = (x: Double(end.x), y: Double(end.y))
        cairo_curve_to(cairo, x + 2 / 3 * (c.x - x), y + 2 / 3 * (c.y - y), e.x + 2 / 3 * (c.x - e.x), e.y + 2 / 3 * (c.y - e.y), e.x, e.y)
    }
    /// Adds a closed rectangle as a subpath.
    public func addRect(_ rect: CGRect) {
        let r = rect.standardized
        cairo_rectangle(cairo, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
    }
    /// Adds each rectangle as a subpath.
    public func addRects(_ rects: [CGRect]) { rects.forEach(addRect) }
    /// Adds the ellipse inscribed in `rect` as a closed subpath.
    public func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        cairo_save(cairo)
        cairo_translate(cairo, Double(r.midX), Double(r.midY))
        cairo_scale(cairo, Double(r.width / 2), Double(r.height / 2))
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * .pi)
        cairo_close_path(cairo)
        cairo_restore(cairo)
    }
    /// An arc around `center` from `startAngle` to `endAngle` (radians, from +x towards +y), clockwise or not as
    /// seen in Core Graphics' y-up space; a line joins the current point to its start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let arc = clockwise ? cairo_arc_negative : cairo_arc
        arc(cairo, Double(center.x), Double(center.y), Double(radius), Double(startAngle), Double(endAngle))
    }
    /// Closes the current subpath with a line to its start.
    public func closePath() { cairo_close_path(cairo) }
    /// Whether the current path is empty.
    public var isPathEmpty: Bool { cairo_has_current_point(cairo) == 0 }
    /// The smallest rectangle holding the current path (`.null` when it is empty).
    public var boundingBoxOfPath: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_path_extents(cairo, &x1, &y1, &x2, &y2)
        return isPathEmpty ? .null : CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    // MARK: Painting

    /// Fills the current path and clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        source(fill)
        cairo_fill(cairo)
        drew()
    }

    /// Strokes the current path with the line settings and clears it.
    public func strokePath() {
        source(stroke)
        cairo_stroke(cairo)
        drew()
    }

    /// Fills and/or strokes the current path, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let fills = mode != .stroke, strokes = mode == .stroke || mode == .fillStroke || mode == .eoFillStroke
        if fills {
            cairo_set_fill_rule(cairo, mode == .eoFill || mode == .eoFillStroke ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            source(fill)
            strokes ? cairo_fill_preserve(cairo) : cairo_fill(cairo)
        }
        if strokes {
            source(stroke)
            cairo_stroke(cairo)
        }
        drew()
    }

    /// Fills `rect` with the fill colour (the current path is cleared).
    public func fill(_ rect: CGRect) { beginPath(); addRect(rect); fillPath() }
    /// Fills `rect` with the fill colour (the current path is cleared).
    public func fill(_ rects: [CGRect]) { beginPath(); addRects(rects); fillPath() }
    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); fillPath() }
    /// Strokes the outline of `rect` with the line settings.
    public func stroke(_ rect: CGRect) { beginPath(); addRect(rect); strokePath() }
    /// Strokes the outline of `rect` with the line width `width` (the context's line width is kept).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        cairo_save(cairo)
        setLineWidth(width)
        stroke(rect)
        cairo_restore(cairo)
    }
    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); strokePath() }
    /// Strokes the segments between consecutive pairs of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        for pair in stride(from: 0, to: points.count - 1, by: 2) { move(to: points[pair]); addLine(to: points[pair + 1]) }
        strokePath()
    }
    /// Makes `rect` fully transparent (black for a bitmap without alpha).
    public func clear(_ rect: CGRect) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_new_path(cairo)
        addRect(rect)
        cairo_fill(cairo)
        cairo_restore(cairo)
        drew()
    }

    // MARK: Clipping

    /// Intersects the clip with the current path (which is cleared).
    public func clip(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cairo)
    }
    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { beginPath(); addRect(rect); clip() }
    /// Intersects the clip with `rect`.
    public func clip(to rects: [CGRect]) { beginPath(); addRects(rects); clip() }
    /// Removes the clip (the whole bitmap is drawable again).
    public func resetClip() { cairo_reset_clip(cairo) }

    // MARK: Images

    /// Draws `image` upright, scaled to fill `rect` (its first row at the top of the rectangle), with the alpha,
    /// blend mode, clip and interpolation quality; or, `byTiling`, repeated at its size from `rect`'s origin over
    /// the clip. An image whose layout cannot be read draws nothing.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard let picture = image.argb32Surface() else { return }
        defer { cairo_surface_destroy(picture) }
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        cairo_save(cairo)
        // Image rows run top-down: flip inside the rectangle.
        cairo_translate(cairo, Double(r.minX), Double(r.maxY))
        cairo_scale(cairo, Double(r.width) / Double(image.width), -Double(r.height) / Double(image.height))
        cairo_set_source_surface(cairo, picture, 0, 0)
        let pattern = cairo_get_source(cairo)
        cairo_pattern_set_filter(pattern, Self.filter(interpolationQuality))
        cairo_pattern_set_extend(pattern, byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        if !byTiling {
            cairo_rectangle(cairo, 0, 0, Double(image.width), Double(image.height))
            cairo_clip(cairo)
        }
        cairo_paint_with_alpha(cairo, alpha)
        cairo_restore(cairo)
        drew()
    }

    // MARK: Private

    private func source(_ colour: (r: Double, g: Double, b: Double, a: Double)) {
        cairo_set_source_rgba(cairo, colour.r, colour.g, colour.b, colour.a * alpha)
    }

    /// After a drawing call: the caller's buffer is brought up to date at once; the context's own, when asked for.
    private func drew() {
        guard !direct else { return }
        stale = true
        if !ownsPixels { synchronize() }
    }

    private func synchronize() {
        cairo_surface_flush(surface)
        guard !direct, stale else { return }
        layout.exportRows(cairo_image_surface_get_data(surface), sourceStride: Int(cairo_image_surface_get_stride(surface)),
                          into: pixels, destinationStride: bytesPerRow, width: width, height: height)
        stale = false
    }

    private static func rgba(_ color: CGColor) -> (r: Double, g: Double, b: Double, a: Double) {
        let c = (color.components ?? [0, 1]).map(Double.init)
        switch c.count {
        case 2: return (c[0], c[0], c[0], c[1])
        case 4: return (c[0], c[1], c[2], c[3])
        case 3: return (c[0], c[1], c[2], 1)
        default: return (c.first ?? 0, c.first ?? 0, c.first ?? 0, 1)
        }
    }

    private static func filter(_ quality: CGInterpolationQuality) -> cairo_filter_t {
        switch quality {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_FAST
        case .high: CAIRO_FILTER_BEST
        case .default, .medium: CAIRO_FILTER_GOOD
        }
    }

    private static func `operator`(_ mode: CGBlendMode) -> cairo_operator_t {
        switch mode {
        case .normal, .plusDarker: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}
