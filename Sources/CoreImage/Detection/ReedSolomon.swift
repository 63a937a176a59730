/// Reed–Solomon decoding over GF(256) with QR Code's field (polynomial 0x11D) and generator (roots α⁰ … α^(n−1)):
/// syndromes, the error locator by Berlekamp–Massey, error positions by Chien search and values by Forney's formula.
enum ReedSolomon {
    private static let tables: (exp: [UInt8], log: [Int]) = {
        var exp = [UInt8](repeating: 0, count: 512), log = [Int](repeating: 0, count: 256)
        var x = 1
        for i in 0..<255 {
            exp[i] = UInt8(x)
            log[x] = i
            x <<= 1
            if x & 0x100 != 0 { x ^= 0x11D }
        }
        for i in 255..<512 { exp[i] = exp[i - 255] }
        return (exp, log)
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 || b == 0 ? 0 : tables.exp[tables.log[Int(a)] + tables.log[Int(b)]]
    }

    static func divide(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 ? 0 : tables.exp[(tables.log[Int(a)] + 255 - tables.log[Int(b)]) % 255]
    }

    /// α^e for any integer e.
    static func power(_ e: Int) -> UInt8 { tables.exp[((e % 255) + 255) % 255] }

    /// p(x) for coefficients lowest degree first.
    static func evaluate(_ p: [UInt8], at x: UInt8) -> UInt8 {
        p.reversed().reduce(UInt8(0)) { multiply($0, x) ^ $1 }
    }

    /// `block` (data then `eccCount` error-correction codewords, first codeword the highest power) corrected in
    /// place; `false` when it has more errors than the code can correct.
    static func correct(_ block: inout [UInt8], eccCount: Int) -> Bool {
        let n = block.count
        let syndromes = Self.syndromes(block, count: eccCount)
        guard syndromes.contains(where: { $0 != 0 }) else { return true }
        // Berlekamp–Massey: the shortest locator Λ (lowest degree first, Λ₀ = 1) generating the syndromes.
        var locator: [UInt8] = [1], previous: [UInt8] = [1]
        var length = 0, shift = 1
        var previousDiscrepancy: UInt8 = 1
        for k in 0..<eccCount {
            var discrepancy = syndromes[k]
            for i in 1...max(1, length) where i < locator.count && i <= k { discrepancy ^= multiply(locator[i], syndromes[k - i]) }
            if discrepancy == 0 { shift += 1; continue }
            let factor = divide(discrepancy, previousDiscrepancy)
            var next = locator + [UInt8](repeating: 0, count: max(0, previous.count + shift - locator.count))
            for (i, c) in previous.enumerated() { next[i + shift] ^= multiply(factor, c) }
            if 2 * length <= k {
                (previous, locator, length, previousDiscrepancy, shift) = (locator, next, k + 1 - length, discrepancy, 1)
            } else {
                locator = next
                shift += 1
            }
        }
        guard 2 * length <= eccCount else { return false }
        // Chien search: an error at exponent p (codeword n−1−p) when Λ(α^−p) = 0.
        let positions = (0..<n).filter { evaluate(locator, at: power(-$0)) == 0 }
        guard positions.count == length else { return false }
        // Forney (first root α⁰): e = X·Ω(X⁻¹)/Λ′(X⁻¹), Ω = S·Λ mod x^eccCount.
        var omega = [UInt8](repeating: 0, count: eccCount)
        for (i, s) in syndromes.enumerated() {
            for (j, l) in locator.enumerated() where i + j < eccCount { omega[i + j] ^= multiply(s, l) }
        }
        let derivative = locator.enumerated().map { $0.offset % 2 == 1 ? $0.element : 0 }.dropFirst()
        for p in positions {
            let inverse = power(-p)
            let denominator = evaluate(Array(derivative), at: inverse)
            guard denominator != 0 else { return false }
            block[n - 1 - p] ^= multiply(power(p), divide(evaluate(omega, at: inverse), denominator))
        }
        return Self.syndromes(block, count: eccCount).allSatisfy { $0 == 0 }
    }

    /// S_j = r(α^j) for j < count, where r's coefficient of x^(n−1−i) is block[i]: all zero for a codeword.
    static func syndromes(_ block: [UInt8], count: Int) -> [UInt8] {
        (0..<count).map { j in
            block.enumerated().reduce(UInt8(0)) { $0 ^ multiply($1.element, power(j * (block.count - 1 - $1.offset))) }
        }
    }
}
