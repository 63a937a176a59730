import Foundation

/// Colour-space helpers shared by the renderer and the façade.
package enum ColorSpaces {
    /// Core Image's default working space: linear light, sRGB primaries, values outside [0, 1] kept.
    package static let extendedLinearSRGB = CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!
    /// sRGB, the default output space and the space of `CIColor`s.
    package static let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!

    /// A short label for tree printing ("sRGB", "DisplayP3", "ICC 3144 bytes").
    package static func shortName(_ space: CGColorSpace) -> String {
        guard let name = space.name else { return "ICC \(space.copyICCData()?.count ?? 0) bytes" }
        return name.hasPrefix("kCGColorSpace") ? String(name.dropFirst("kCGColorSpace".count)) : name
    }

    /// Whether converting between the two spaces changes nothing.
    package static func equivalent(_ a: CGColorSpace, _ b: CGColorSpace) -> Bool {
        if a == b { return true }
        guard let ca = a.colorimetry, let cb = b.colorimetry, a.model == b.model else { return false }
        return ca.transfer == cb.transfer && zip(ca.rgbToXYZ, cb.rgbToXYZ).allSatisfy { abs($0 - $1) < 1e-6 }
    }
}

/// Builds the per-pixel operations that convert unpremultiplied pixels from one colour space to another.
///
/// Matrix-shaper spaces (every named space, most camera and display profiles) convert as
/// decode curve → 3×3 matrix (through XYZ D50) → encode curve, in float, unbounded for extended spaces;
/// LUT-based ICC profiles go through Little CMS (``LittleCMSKernel``).
package enum ColorConversion {
    /// The operations, or `nil` when one side is not matrix-shaper.
    package static func operations(from source: CGColorSpace, to destination: CGColorSpace) -> [PixelOperation]? {
        if ColorSpaces.equivalent(source, destination) { return [] }
        guard let s = source.colorimetry, let d = destination.colorimetry else { return nil }
        var operations: [PixelOperation] = []
        operations += curves(s.transfer, decode: true, label: ColorSpaces.shortName(source))
        var matrix = s.conversionMatrix(to: d)
        if destination.model == .monochrome {
            // Gray destinations take the luminance (the Y row of the source-to-XYZ matrix, relative to white).
            let y = s.rgbToXYZ[3..<6].map { $0 }
            let total = y.reduce(0, +)
            let row = y.map { $0 / total }
            matrix = row + row + row
        }
        let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        if zip(matrix, identity).contains(where: { abs($0 - $1) > 1e-7 }) {
            operations.append(.matrix(.rgb(matrix)))
        }
        operations += curves(d.transfer, decode: false, label: ColorSpaces.shortName(destination))
        return operations
    }

    private static func curves(_ transfer: [ColorTransferFunction], decode: Bool, label: String) -> [PixelOperation] {
        let make: (ColorTransferFunction, String) -> ToneCurve = { decode ? ToneCurve.toLinear($0, name: $1) : ToneCurve.fromLinear($0, name: $1) }
        let name = (decode ? "\(label)_to_linear" : "linear_to_\(label)")
        if transfer.count == 1 || Set(transfer).count == 1 {
            let curve = make(transfer[0], name)
            return curve.isIdentity ? [] : [.curve(curve)]
        }
        return transfer.enumerated().compactMap { index, function in
            let curve = make(function, name).only(channels: Int32(1 << index))
            return curve.isIdentity ? nil : .curve(curve)
        }
    }

    /// A kernel converting premultiplied pixels between two spaces (unpremultiplying around the maths).
    package static func kernel(from source: CGColorSpace, to destination: CGColorSpace) -> any PixelKernel {
        if let operations = operations(from: source, to: destination) {
            return OperationsKernel(name: "colormatch \(ColorSpaces.shortName(source)) → \(ColorSpaces.shortName(destination))",
                                    operations: operations, unpremultiplied: true)
        }
        return LittleCMSKernel(from: source, to: destination)
    }
}

/// A kernel made of primitive operations (colour conversions, colour matrices, curves).
package struct OperationsKernel: PixelKernel {
    package let name: String
    package let operations: [PixelOperation]?
    package let wantsUnpremultiplied: Bool
    package let arity = 1

    package init(name: String, operations: [PixelOperation], unpremultiplied: Bool) {
        (self.name, self.operations, self.wantsUnpremultiplied) = (name, operations, unpremultiplied)
    }

    /// Opaque when the input is and no operation can move alpha away from 1.
    package func isOpaque(inputs: [Image]) -> Bool {
        guard inputs.first?.isOpaque == true else { return false }
        return (operations ?? []).allSatisfy { operation in
            switch operation {
            case .matrix(let m): m.preservesAlpha
            case .clamp(let lo, let hi): lo.w <= 1 && hi.w >= 1
            case .curve, .premultiply, .unpremultiply: true
            }
        }
    }

    package var signature: String {
        (operations ?? []).map { operation -> String in
            switch operation {
            case .matrix(let m): "m\(m.storage)"
            case .curve(let c): "c\(c.name)\(c.channels)\(c.table[1024])\(c.table[3072])"
            case .clamp(let lo, let hi): "k\(lo)\(hi)"
            case .premultiply: "p"
            case .unpremultiply: "u"
            }
        }.joined(separator: ";")
    }
}
