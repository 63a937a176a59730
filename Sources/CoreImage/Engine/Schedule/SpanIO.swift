internal import CPixelKernels
import Foundation

/// A bitmap leaf's loads, with what they need as plain values and pointers: made once per tile, so that the
/// per-span loads copy no formats or arrays (whose reference counts, shared by every worker, cost more than the
/// conversion of a short span). Valid while `decode` (the leaf's 4 × 256 tables) and the pinned bytes are.
struct SpanLoader {
    let base: UnsafeRawPointer
    /// Where the bitmap lies (y-up), and the rectangle whose edge pixels repeat beyond it (a clamp), if any.
    let rect: PixelRect
    let clamp: PixelRect?
    let bitmapHeight: Int
    let layout: SpanLayout
    let decode: UnsafePointer<Float>
    /// The decoding tables as byte planes for `pk_ci_load_u8_prepared`, when that load applies.
    let prepared: UnsafePointer<UInt8>?

    /// `preparing` (`SpanLoader.preparedBytes` bytes) receives the byte planes when the fast 8-bit load applies.
    init(_ leaf: BitmapLeaf, decode: UnsafePointer<Float>, preparing: UnsafeMutablePointer<UInt8>? = nil) {
        let bitmap = leaf.bitmap
        (base, rect, clamp, bitmapHeight) = (leaf.base!, leaf.rect, leaf.clamp, bitmap.height)
        let layout = SpanLayout(bitmap.format, map: bitmap.format.loadMap, bytesPerRow: bitmap.bytesPerRow, bottomUp: bitmap.bottomUp)
        (self.layout, self.decode) = (layout, decode)
        let usable = layout.component == .uint8 && preparing.map { plan in
            layout.withMap { pk_ci_load_u8_prepare(layout.components, $0, decode, plan) != 0 }
        } == true
        prepared = usable ? UnsafePointer(preparing) : nil
    }

    /// Bytes of the prepared planes.
    static let preparedBytes = 1088

    /// Loads `count` pixels of row `y` from `x` on: zero outside the bitmap, edge pixels repeated when clamped.
    func load(x: Int, y: Int, count: Int, into pixels: UnsafeMutablePointer<Float>) {
        var row = y
        var area = rect
        if let clamp {
            area = clamp.intersection(rect)
            guard !area.isEmpty else { pixels.update(repeating: 0, count: count * 4); return }
            row = min(max(y, area.y), area.maxY - 1)
        }
        guard row >= area.y, row < area.maxY else { pixels.update(repeating: 0, count: count * 4); return }
        let start = max(x, area.x), end = min(x + count, area.maxX)
        if end > start {
            loadSpan(x: start, row: row, count: end - start, into: pixels + (start - x) * 4)
        }
        let leftCount = min(max(start - x, 0), count), rightStart = max(min(end - x, count), leftCount)
        if clamp != nil, end > start {
            let first = pixels + leftCount * 4, last = pixels + (rightStart - 1) * 4
            for i in 0..<leftCount { (pixels + i * 4).update(from: first, count: 4) }
            for i in rightStart..<count { (pixels + i * 4).update(from: last, count: 4) }
        } else if clamp != nil {
            // The whole span lies on one side of the clamp rectangle: repeat that edge pixel.
            let edge = x + count <= area.x ? area.x : area.maxX - 1
            loadSpan(x: edge, row: row, count: 1, into: pixels)
            for i in 1..<count { (pixels + i * 4).update(from: pixels, count: 4) }
        } else {
            if leftCount > 0 { pixels.update(repeating: 0, count: leftCount * 4) }
            if rightStart < count { (pixels + rightStart * 4).update(repeating: 0, count: (count - rightStart) * 4) }
        }
    }

    /// The stored bytes of `count` pixels of the 8-bit bitmap from (`x`, `y`) on, for the fused 8-bit pass, when
    /// the loads are prepared (`prepared`) and the span lies inside the bitmap, unclamped; nil otherwise. Prefetches
    /// as `load` does.
    func fusableSource(x: Int, y: Int, count: Int) -> UnsafePointer<UInt8>? {
        guard prepared != nil, clamp == nil, y >= rect.y, y < rect.maxY, x >= rect.x, x + count <= rect.maxX else { return nil }
        prefetchAhead(x: x, row: y, count: count)
        return UnsafePointer(source(x: x, row: y).assumingMemoryBound(to: UInt8.self))
    }

    private func source(x: Int, row: Int) -> UnsafeRawPointer {
        let stored = row - rect.y
        return base + (layout.bottomUp ? stored : bitmapHeight - 1 - stored) * layout.bytesPerRow + (x - rect.x) * layout.bytesPerPixel
    }

    /// Tiles read a span of each row in turn: fetches the span a few rows on, which the hardware prefetcher does not
    /// predict across the row stride.
    private func prefetchAhead(x: Int, row: Int, count: Int) {
        let ahead = row - rect.y + 4
        guard ahead < bitmapHeight else { return }
        pk_prefetch(base + (layout.bottomUp ? ahead : bitmapHeight - 1 - ahead) * layout.bytesPerRow + (x - rect.x) * layout.bytesPerPixel,
                    count * layout.bytesPerPixel)
    }

    private func loadSpan(x: Int, row: Int, count: Int, into pixels: UnsafeMutablePointer<Float>) {
        let source = source(x: x, row: row)
        layout.withMap { m in
            switch layout.component {
            case .uint8:
                prefetchAhead(x: x, row: row, count: count)
                pk_ci_load_u8_prepared(source.assumingMemoryBound(to: UInt8.self), layout.components, m, decode, prepared, pixels, count)
            case .uint16:
                pk_ci_load_u16(source.assumingMemoryBound(to: UInt16.self), layout.components, m, layout.bigEndian ? 1 : 0, pixels, count)
            case .float16: pk_ci_load_f16(source.assumingMemoryBound(to: UInt16.self), layout.components, m, pixels, count)
            case .float32: pk_ci_load_f32(source.assumingMemoryBound(to: Float.self), layout.components, m, pixels, count)
            }
        }
    }
}

/// A pixel layout in memory as plain values (rows, pixel size, component type, the channel map the C kernels take).
struct SpanLayout {
    let bytesPerRow: Int
    let bytesPerPixel: Int
    let bottomUp: Bool
    let component: PixelFormat.Component
    let components: Int32
    let map: (Int8, Int8, Int8, Int8)
    let bigEndian: Bool

    init(_ format: PixelFormat, map: (Int8, Int8, Int8, Int8), bytesPerRow: Int, bottomUp: Bool) {
        (self.bytesPerRow, bytesPerPixel, self.bottomUp) = (bytesPerRow, format.bytesPerPixel, bottomUp)
        (component, components, self.map, bigEndian) = (format.component, Int32(format.componentCount), map, format.bigEndian)
    }

    /// Calls `body` with the channel map as four bytes.
    func withMap<R>(_ body: (UnsafePointer<Int8>) -> R) -> R {
        var map = map
        return withUnsafeBytes(of: &map) { body($0.baseAddress!.assumingMemoryBound(to: Int8.self)) }
    }
}

/// A destination's stores, with what they need as plain values and pointers (see `SpanLoader`). Valid while the
/// destination's encode curve tables are.
struct SpanStorer {
    let destination: UnsafeMutableRawPointer
    let bounds: PixelRect
    let layout: SpanLayout
    /// The encode curve's 65536-entry byte table and the curve itself (8-bit with a curve only).
    let lut: UnsafePointer<UInt8>?
    let curve: CurveArguments?
    /// Whether `lut` is the sRGB encoding the store can compute (`ToneCurve.encode8IsComputedSRGB`).
    let computesSRGB: Bool
    let encodesPremultiplied: Bool
    let fusesEightBitPasses: Bool

    /// Calls `body` with the stores of `destination`.
    static func with<R>(_ destination: Destination, _ body: (SpanStorer) -> R) -> R {
        guard let curve = destination.encodeCurve else {
            return body(SpanStorer(destination, curve: nil, lut: nil, arguments: nil))
        }
        return curve.encode8.withUnsafeBufferPointer { lut in
            curve.withArguments { body(SpanStorer(destination, curve: curve, lut: lut.baseAddress, arguments: $0)) }
        }
    }

    private init(_ d: Destination, curve: ToneCurve?, lut: UnsafePointer<UInt8>?, arguments: CurveArguments?) {
        (destination, bounds) = (d.base, d.bounds)
        layout = SpanLayout(d.format, map: d.format.storeMap, bytesPerRow: d.bytesPerRow, bottomUp: d.bottomUp)
        (self.lut, self.curve, encodesPremultiplied, fusesEightBitPasses) = (lut, arguments, d.encodesPremultiplied, d.fusesEightBitPasses)
        computesSRGB = curve?.encode8IsComputedSRGB ?? false
    }

    /// How the fused 8-bit pass stores alpha here (`PK_FUSED_ALPHA_…`), or nil when it cannot store here: only
    /// 8-bit RGBA or RGBX through the computed sRGB encoding, where the render allows the pass.
    var fusedAlphaMode: Int32? {
        guard fusesEightBitPasses, layout.component == .uint8, lut != nil, computesSRGB, layout.components == 4,
              layout.map.0 == 0, layout.map.1 == 1, layout.map.2 == 2, layout.map.3 == 3 || layout.map.3 == -1 else { return nil }
        if encodesPremultiplied { return Int32(PK_FUSED_ALPHA_OPAQUE_ONLY) }
        return Int32(layout.map.3 == -1 ? PK_FUSED_ALPHA_PADDED : PK_FUSED_ALPHA_STORED)
    }

    /// Where pixel (`x`, `y`) of the destination is stored.
    func target(x: Int, y: Int) -> UnsafeMutableRawPointer {
        let row = layout.bottomUp ? y - bounds.y : bounds.maxY - 1 - y
        return destination + row * layout.bytesPerRow + (x - bounds.x) * layout.bytesPerPixel
    }

    /// Stores `count` working pixels at (`x`, `y`) of the destination, converting to its format.
    func store(_ pixels: UnsafeMutablePointer<Float>, x: Int, y: Int, count: Int) {
        let target = target(x: x, y: y)
        let components = layout.components
        layout.withMap { m in
            switch layout.component {
            case .uint8:
                if let lut, let curve, encodesPremultiplied {
                    pk_ci_store_u8_encode_premultiplied(pixels, target.assumingMemoryBound(to: UInt8.self), lut, computesSRGB ? 1 : 0, curve.table, curve.size,
                                                        curve.parameters, curve.extended, curve.inverse, count)
                } else {
                    pk_ci_store_u8(pixels, target.assumingMemoryBound(to: UInt8.self), components, m, lut, computesSRGB ? 1 : 0, count)
                }
            case .uint16:
                pk_ci_store_u16(pixels, target.assumingMemoryBound(to: UInt16.self), components, m, layout.bigEndian ? 1 : 0, count)
            case .float16:
                pk_ci_store_f16(pixels, target.assumingMemoryBound(to: UInt16.self), components, m, count)
            case .float32:
                pk_ci_store_f32(pixels, target.assumingMemoryBound(to: Float.self), components, m, count)
            }
        }
    }
}
