import Foundation

extension FilterCatalog {
    /// CIRandomGenerator: an infinite image whose four components are independent, uniformly distributed numbers
    /// in [0, 1), a pure function of the pixel's position (see ``RandomKernel``), stored as working-space values.
    /// Apple's generator is also deterministic but its numbers differ; only the distribution is the contract.
    static let randomGenerator = FilterDefinition(
        name: "CIRandomGenerator", display: "Random Generator",
        categories: [kCategory.generator, kCategory.video, kCategory.stillImage],
        summary: "Generates an image of infinite extent whose pixel values are made up of four independent, uniformly-distributed random numbers in the 0 to 1 range.",
        parameters: [], mac: "10.4", iOS: "6"
    ) { _ in .generating(RandomKernel()) }
}

/// Uniform noise from a hash of the integer pixel position: for component c of pixel (x, y),
/// `h = fmix32(x·0x8DA6B343 ⊕ y·0xD8163841 ⊕ c·0xCB1AB31F)` in wrapping 32-bit arithmetic (x, y as two's
/// complement), MurmurHash3's finaliser `fmix32`, and the value is `(h >> 8) / 2²⁴` (exact in a float). The
/// same formula in numpy (`References/reference.py`) gives identical values.
struct RandomKernel: PixelKernel {
    let name = "random"
    let signature = ""
    let arity = 0

    func extent(of inputs: [Image]) -> CGRect { .infinite }
    func isOpaque(inputs: [Image]) -> Bool { false }

    @inline(__always) static func value(_ x: Int, _ y: Int, _ c: UInt32) -> Float {
        var h = UInt32(truncatingIfNeeded: x) &* 0x8DA6_B343 ^ UInt32(truncatingIfNeeded: y) &* 0xD816_3841 ^ c &* 0xCB1A_B31F
        h ^= h >> 16; h &*= 0x85EB_CA6B
        h ^= h >> 13; h &*= 0xC2B2_AE35
        h ^= h >> 16
        return Float(h >> 8) * (1 / 16_777_216)
    }

    func apply(_ span: PixelSpan) {
        for i in 0..<span.count {
            let p = span.pixels + i * 4, x = span.x + i
            for c in 0..<4 { p[c] = Self.value(x, span.y, UInt32(c)) }
        }
    }
}
