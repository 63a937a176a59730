import Foundation

/// A 64-bit FNV-1a hash builder, stable across runs (unlike `Hasher`), used for recipe digests.
package struct Digest: Sendable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    package mutating func add(_ string: String) { var s = string; s.withUTF8 { add(UnsafeRawBufferPointer($0)) } }
    package mutating func add(_ number: UInt64) { withUnsafeBytes(of: number) { add($0) } }
    package mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }
    package mutating func add(_ number: Double) { add(number.bitPattern) }
}

extension Image {
    static func digest(of node: Node, extent: CGRect) -> UInt64 {
        var d = Digest()
        switch node {
        case .bitmap(let bitmap, let space):
            d.add("bitmap"); d.add(bitmap.serial)
            d.add(space.map { ColorSpaces.shortName($0) } ?? "nil")
        case .lazy(let source): d.add("lazy"); d.add(source.identity)
        case .pixel(let kernel, _): d.add("pixel"); d.add(kernel.name); d.add(kernel.signature)
        case .area(let kernel, _): d.add("area"); d.add(kernel.name); d.add(kernel.signature)
        case .reduction(let kernel, _): d.add("reduction"); d.add(kernel.name); d.add(kernel.signature)
        case .processor(let processor, _): d.add("processor"); d.add(processor.name); d.add(processor.argumentDigest)
        case .crop(let rect, _): d.add("crop"); d.add(rect.description)
        case .clamp(let rect, _): d.add("clamp"); d.add(rect.description)
        case .colorMatch(let match, _): d.add(match.description)
            if case .toWorking(let s) = match { d.add(s.copyICCData()?.count ?? 0) }
            if case .fromWorking(let s) = match { d.add(s.copyICCData()?.count ?? 0) }
        case .sampling(let mode, _): d.add(mode == .linear ? "linear" : "nearest")
        case .intermediate(_, let cache): d.add(cache ? "intermediate+cache" : "intermediate")
        case .empty: d.add("empty")
        }
        d.add(Double(extent.minX)); d.add(Double(extent.minY)); d.add(Double(extent.width)); d.add(Double(extent.height))
        for input in Image.inputsOf(node) { d.add(input.digest) }
        return d.value
    }

    private static func inputsOf(_ node: Node) -> [Image] {
        switch node {
        case .bitmap, .lazy, .empty: []
        case .pixel(_, let inputs), .area(_, let inputs), .processor(_, let inputs): inputs
        case .crop(_, let i), .clamp(_, let i), .colorMatch(_, let i), .sampling(_, let i), .intermediate(let i, _): [i]
        case .reduction(_, let i): [i]
        }
    }
}
