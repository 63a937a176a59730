import Foundation

/// Local rewrites of a program's instruction list (part of the fusion pass): crops made redundant by a later
/// crop of the same register go, adjacent premultiply/unpremultiply pairs cancel, adjacent colour matrices
/// fold into one, identity matrices go, and an 8-bit source load absorbs the decode curve that follows it.
enum ProgramPeephole {
    typealias Instruction = ProgramStage.Instruction

    static func run(_ instructions: inout [Instruction], leaves: [ProgramStage.Leaf]) {
        var changed = true
        while changed {
            changed = removeRedundantCrops(&instructions) || foldNeighbours(&instructions)
        }
        fuseDecodeCurves(&instructions, leaves: leaves)
    }

    private static func register(of instruction: Instruction) -> Int? {
        switch instruction {
        case .load(_, let r), .generate(_, let r), .operation(_, let r), .kernel(_, let r, _), .crop(_, let r): r
        case .copy(_, let to): to
        }
    }

    /// Whether `instruction` reads register `r` into another register.
    private static func readsElsewhere(_ instruction: Instruction, _ r: Int) -> Bool {
        switch instruction {
        case .copy(let from, let to): from == r && to != r
        case .kernel(_, _, let inputs): inputs.contains(r)
        default: false
        }
    }

    private static func removeRedundantCrops(_ instructions: inout [Instruction]) -> Bool {
        for (index, instruction) in instructions.enumerated() {
            guard case .crop(let outer, let r) = instruction else { continue }
            for later in instructions[(index + 1)...] {
                if readsElsewhere(later, r) { break }
                if case .load = later, register(of: later) == r { break }
                if case .crop(let inner, let r2) = later, r2 == r {
                    if outer.contains(inner) { instructions.remove(at: index); return true }
                    break
                }
            }
        }
        return false
    }

    private static func foldNeighbours(_ instructions: inout [Instruction]) -> Bool {
        for index in instructions.indices {
            if case .operation(.matrix(let m), _) = instructions[index], m.isIdentity {
                instructions.remove(at: index); return true
            }
            guard index + 1 < instructions.count,
                  case .operation(let a, let r) = instructions[index],
                  case .operation(let b, let r2) = instructions[index + 1], r == r2 else { continue }
            switch (a, b) {
            case (.premultiply, .unpremultiply), (.unpremultiply, .premultiply):
                instructions.removeSubrange(index...(index + 1)); return true
            case (.matrix(let first), .matrix(let second)):
                instructions.replaceSubrange(index...(index + 1), with: [.operation(.matrix(second.after(first)), register: r)])
                return true
            default:
                continue
            }
        }
        return false
    }

    /// `load(8-bit bitmap) → curve…` becomes a load through 256-entry tables: each curve is applied to the
    /// table (so consecutive curves compose, e.g. decode then encode becomes the identity table).
    private static func fuseDecodeCurves(_ instructions: inout [Instruction], leaves: [ProgramStage.Leaf]) {
        var index = 0
        while index + 1 < instructions.count {
            if case .load(let leafIndex, let r) = instructions[index],
               case .bitmap(let leaf) = leaves[leafIndex], leaf.bitmap.format.component == .uint8,
               case .operation(.curve(let curve), let r2) = instructions[index + 1], r == r2 {
                // Run the curve over the 256 table entries, laid out as pixels (R, G, B tables in channels 0…2).
                var pixels = [Float](repeating: 1, count: 256 * 4)
                for v in 0..<256 { for c in 0..<3 { pixels[v * 4 + c] = leaf.decode8[c * 256 + v] } }
                pixels.withUnsafeMutableBufferPointer { curve.apply($0.baseAddress!, count: 256) }
                for v in 0..<256 { for c in 0..<3 { leaf.decode8[c * 256 + v] = pixels[v * 4 + c] } }
                instructions.remove(at: index + 1)
                continue
            }
            index += 1
        }
    }
}
