internal import CPixelKernels
import Foundation
import Synchronization

/// A tone curve on R, G and B, tabulated over [0, 1] (4097 points, linearly interpolated; error < 2·10⁻⁵ for
/// the colour-space curves). Values outside [0, 1] either clamp or, for extended-range curves, mirror below 0
/// and use the exact parametric formula above 1. Built once per render, shared read-only by all threads.
package struct ToneCurve: Sendable, Hashable {
    package let name: String
    package let table: [Float]
    /// ICC parametric parameters (g, a, b, c, d, e, f) for the exact evaluation above 1.
    package let parameters: [Float]
    package let extended: Bool
    /// Whether `parameters` describe the inverse of the tabulated curve (encoding rather than decoding).
    package let inverse: Bool
    /// The curve at v / 255 for v in 0…255 (decoding 8-bit sources in the load).
    package let decode8: [Float]
    /// round(255 · curve(i / 65535)) for i in 0…65535 (encoding 8-bit destinations in the store), then three bytes
    /// of padding (the vector store reads four bytes at each entry). Made on first use: only a curve fused into an
    /// 8-bit store needs it (a colour space's decoding curve, made for every render, never does).
    package var encode8: [UInt8] { encoding.value.table }
    /// Whether 8-bit stores may compute `encode8` instead of reading it (`pk_ci_store_srgb_matches`: the sRGB
    /// encoding, reproduced at every one of its 65 536 entries on this CPU).
    package var encode8IsComputedSRGB: Bool { encoding.value.isComputedSRGB }
    /// round(255 · curve(0)) == 0, without making `encode8`.
    package let encodesZeroAsZero: Bool
    private let encoding: LazyEncodeTable
    /// Whether the curve maps every value to itself.
    package let isIdentity: Bool
    /// The channels it applies to (bit 0 R, 1 G, 2 B).
    package var channels: Int32 = 7

    package static let tableSize = 4097

    /// A curve from a function on [0, 1]; `parametric` (when given) evaluates it exactly beyond 1.
    package init(name: String, extended: Bool = false, parametric: (parameters: [Double], inverse: Bool)? = nil,
                 isIdentity: Bool = false, _ f: @escaping @Sendable (Double) -> Double) {
        self.name = name
        self.extended = extended && parametric != nil
        self.parameters = (parametric?.parameters ?? [1, 1, 0, 0, 0, 0, 0]).map(Float.init)
        self.inverse = parametric?.inverse ?? false
        self.isIdentity = isIdentity
        table = (0..<Self.tableSize).map { Float(f(Double($0) / Double(Self.tableSize - 1))) }
        decode8 = (0..<256).map { Float(f(Double($0) / 255)) }
        encodesZeroAsZero = Self.level(f, 0) == 0
        let checksSRGB = parametric?.inverse == true
        encoding = LazyEncodeTable {
            let table = (0..<65536).map { Self.level(f, $0) } + [0, 0, 0]
            // Only the encoding curves of colour spaces are checked (cheap beside making the table, but pointless
            // for a filter's curve).
            return (table, checksSRGB && table.withUnsafeBufferPointer { pk_ci_store_srgb_matches($0.baseAddress) != 0 })
        }
    }

    /// round(255 · f(index / 65535)), clamped to 0…255.
    private static func level(_ f: (Double) -> Double, _ index: Int) -> UInt8 {
        UInt8(max(0, min(255, (f(Double(index) / 65535) * 255).rounded())))
    }

    /// Decoding with a colour space's transfer function (encoded → linear). Cached per function.
    package static func toLinear(_ transfer: ColorTransferFunction, name: String) -> ToneCurve {
        cached(transfer, decode: true, name: name) {
            ToneCurve(name: name, extended: transfer.extendedRange, parametric: transfer.samples.isEmpty ? (transfer.parametersArray, false) : nil,
                      isIdentity: transfer.isLinear) { transfer.toLinear($0) }
        }
    }

    /// Encoding with a colour space's transfer function (linear → encoded). Cached per function.
    package static func fromLinear(_ transfer: ColorTransferFunction, name: String) -> ToneCurve {
        cached(transfer, decode: false, name: name) {
            ToneCurve(name: name, extended: transfer.extendedRange, parametric: transfer.samples.isEmpty ? (transfer.parametersArray, true) : nil,
                      isIdentity: transfer.isLinear) { transfer.fromLinear($0) }
        }
    }

    private struct CacheKey: Hashable { var transfer: ColorTransferFunction; var decode: Bool; var name: String }
    nonisolated(unsafe) private static var cache: [CacheKey: ToneCurve] = [:]
    private static let cacheLock = NSLock()

    private static func cached(_ transfer: ColorTransferFunction, decode: Bool, name: String, make: () -> ToneCurve) -> ToneCurve {
        let key = CacheKey(transfer: transfer, decode: decode, name: name)
        cacheLock.lock()
        if let curve = cache[key] { cacheLock.unlock(); return curve }
        cacheLock.unlock()
        let curve = make()
        cacheLock.lock(); cache[key] = curve; cacheLock.unlock()
        return curve
    }

    package func apply(_ pixels: UnsafeMutablePointer<Float>, count: Int) {
        withArguments { $0.apply(pixels, count: count) }
    }

    package static func == (a: ToneCurve, b: ToneCurve) -> Bool { a.name == b.name && a.channels == b.channels && a.table == b.table }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A curve's 8-bit encoding table, made once on first use by whichever thread asks first.
private final class LazyEncodeTable: Sendable {
    private let state: Mutex<(table: [UInt8], isComputedSRGB: Bool)?>
    private let make: @Sendable () -> (table: [UInt8], isComputedSRGB: Bool)

    init(_ make: @escaping @Sendable () -> (table: [UInt8], isComputedSRGB: Bool)) {
        self.make = make
        state = Mutex(nil)
    }

    var value: (table: [UInt8], isComputedSRGB: Bool) {
        state.withLock { cached in
            if let cached { return cached }
            let made = make()
            cached = made
            return made
        }
    }
}

extension ToneCurve {
    /// The same curve restricted to some channels.
    package func only(channels mask: Int32) -> ToneCurve { var copy = self; copy.channels = mask; return copy }
}

extension ColorTransferFunction {
    /// g, a, b, c, d, e, f.
    package var parametersArray: [Double] { [g, a, b, c, d, e, f] }
}
