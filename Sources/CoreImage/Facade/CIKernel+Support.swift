import Foundation

/// Argument handling shared by the custom kernel classes.
enum KernelArguments {
    /// Images (in order) and the flattened numeric values, or `nil` for an unsupported argument type.
    static func split(_ arguments: [Any]) -> ([Image], [Float])? {
        var images: [Image] = [], values: [Float] = []
        for argument in arguments {
            switch argument {
            case let image as CIImage: images.append(image.image)
            case let vector as CIVector: values += vector.doubles.map(Float.init)
            case let color as CIColor: values += color.components.map { Float($0) }
            case let point as CGPoint: values += [Float(point.x), Float(point.y)]
            default:
                guard let number = FilterValues.number(argument) else { return nil }
                values.append(Float(number))
            }
        }
        return (images, values)
    }

    /// A kernel output limited to a format's channels and precision (its output-format attribute).
    static func limit(_ value: SIMD4<Float>, to format: PixelFormat?) -> SIMD4<Float> {
        guard let format else { return value }
        var v = value
        let channels = format.channels
        if !channels.contains(.alpha) { v.w = 1 }
        if !channels.contains(.green) && !channels.contains(.luminance) { v.y = 0 }
        if !channels.contains(.blue) && !channels.contains(.luminance) { v.z = 0 }
        if format.isAlphaOnly { v = SIMD4(0, 0, 0, v.w) }
        switch format.component {
        case .float16: v = SIMD4(Float(Float16(v.x)), Float(Float16(v.y)), Float(Float16(v.z)), Float(Float16(v.w)))
        case .uint8: v = ((v.clamped(lowerBound: .zero, upperBound: .one) * 255).rounded(.toNearestOrEven)) / 255
        case .uint16: v = ((v.clamped(lowerBound: .zero, upperBound: .one) * 65535).rounded(.toNearestOrEven)) / 65535
        case .float32: break
        }
        return v
    }
}

/// A general kernel over whole tiles (the engine side of `CIKernel`).
struct GeneralKernel: AreaKernel {
    let name: String
    let format: PixelFormat?
    let extent: CGRect
    let roi: CIKernelROICallback
    let values: [Float]
    let arity: Int
    let function: @Sendable (CIKernelContext) -> SIMD4<Float>
    var signature: String { "\(values)" }

    func extent(of inputs: [Image]) -> CGRect { extent }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        PixelRect(covering: roi(Int32(input), rect.cgRect))
    }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let empty = UnsafeBufferPointer<SIMD4<Float>>(start: nil, count: 0)
        for y in output.rect.y..<output.rect.maxY {
            for x in output.rect.x..<output.rect.maxX {
                let context = CIKernelContext(destCoord: CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5), images: empty, tiles: inputs, values: values)
                let v = KernelArguments.limit(function(context), to: format)
                let p = output.pointer(x, y)
                p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
            }
        }
    }
}

/// A two-image blend kernel: `apply(foreground:background:)` (Core Image's `CIBlendKernel`). The built-in
/// statics use the same maths as the compositing filters.
open class CIBlendKernel: CIColorKernel, @unchecked Sendable {
    let mode: BlendKernel.Mode?

    init(mode: BlendKernel.Mode) {
        self.mode = mode
        super.init(name: mode.rawValue, function: { _ in .zero })
    }

    /// A custom blend: `function` sees the foreground as sample 0 and the background as sample 1.
    public override init(name: String, outputFormat: CIFormat = CIFormat(rawValue: 0), function: @escaping @Sendable (CIKernelContext) -> SIMD4<Float>) {
        mode = nil
        super.init(name: name, outputFormat: outputFormat, function: function)
    }

    /// `foreground` blended over `background` (extent: the union).
    open func apply(foreground: CIImage, background: CIImage) -> CIImage? {
        if let mode { return CIImage(image: foreground.image.applying(BlendKernel(mode: mode), [background.image])) }
        return apply(extent: foreground.extent.union(background.extent), arguments: [foreground, background])
    }

    /// Like `apply(foreground:background:)`; the blend happens in the working space regardless of `colorSpace`.
    open func apply(foreground: CIImage, background: CIImage, colorSpace: CGColorSpace) -> CIImage? {
        apply(foreground: foreground, background: background)
    }

    /// The `sourceOver` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let sourceOver = CIBlendKernel(mode: .sourceOver)
    /// The `sourceAtop` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let sourceAtop = CIBlendKernel(mode: .sourceAtop)
    /// The `sourceIn` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let sourceIn = CIBlendKernel(mode: .sourceIn)
    /// The `sourceOut` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let sourceOut = CIBlendKernel(mode: .sourceOut)
    /// The `addition` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let componentAdd = CIBlendKernel(mode: .addition)
    /// The `multiplyCompositing` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let componentMultiply = CIBlendKernel(mode: .multiplyCompositing)
    /// The `minimum` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let componentMin = CIBlendKernel(mode: .minimum)
    /// The `maximum` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let componentMax = CIBlendKernel(mode: .maximum)
    /// The `multiply` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let multiply = CIBlendKernel(mode: .multiply)
    /// The `screen` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let screen = CIBlendKernel(mode: .screen)
    /// The `overlay` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let overlay = CIBlendKernel(mode: .overlay)
    /// The `darken` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let darken = CIBlendKernel(mode: .darken)
    /// The `lighten` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let lighten = CIBlendKernel(mode: .lighten)
    /// The `colorDodge` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let colorDodge = CIBlendKernel(mode: .colorDodge)
    /// The `colorBurn` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let colorBurn = CIBlendKernel(mode: .colorBurn)
    /// The `hardLight` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let hardLight = CIBlendKernel(mode: .hardLight)
    /// The `softLight` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let softLight = CIBlendKernel(mode: .softLight)
    /// The `difference` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let difference = CIBlendKernel(mode: .difference)
    /// The `exclusion` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let exclusion = CIBlendKernel(mode: .exclusion)
    /// The `subtract` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let subtract = CIBlendKernel(mode: .subtract)
    /// The `divide` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let divide = CIBlendKernel(mode: .divide)
    /// The `linearBurn` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let linearBurn = CIBlendKernel(mode: .linearBurn)
    /// The `linearDodge` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let linearDodge = CIBlendKernel(mode: .linearDodge)
    /// The `pinLight` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let pinLight = CIBlendKernel(mode: .pinLight)
    /// The `hue` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let hue = CIBlendKernel(mode: .hue)
    /// The `saturation` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let saturation = CIBlendKernel(mode: .saturation)
    /// The `color` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let color = CIBlendKernel(mode: .color)
    /// The `luminosity` blend, the same maths as the compositing filters (see `BlendKernel`).
    public static let luminosity = CIBlendKernel(mode: .luminosity)
}
