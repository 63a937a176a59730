import Foundation

/// The callback giving the region of input `index` a general kernel reads to produce a rectangle.
public typealias CIKernelROICallback = @Sendable (_ index: Int32, _ destRect: CGRect) -> CGRect

/// Per-pixel access for custom kernels written in Swift (the Linux stand-in for the Core Image Kernel
/// Language): the destination coordinate, the sampled inputs and the other arguments of `apply`.
/// Valid only during the call.
public struct CIKernelContext {
    /// The centre of the pixel being computed (Core Image's `destCoord()`), y up.
    public let destCoord: CGPoint
    let images: UnsafeBufferPointer<SIMD4<Float>>
    let tiles: UnsafeBufferPointer<Tile>?
    let values: [Float]

    /// The premultiplied working-space colour of image argument `index` at `destCoord` (`__sample` in CIKL;
    /// in general kernels, the pixel under `destCoord`).
    public func sample(_ index: Int) -> SIMD4<Float> {
        if let tiles { return tiles[index].bilinear(Float(destCoord.x), Float(destCoord.y)) }
        return images[index]
    }

    /// Image argument `index` sampled bilinearly at `point` (general kernels only; colour kernels see one pixel).
    public func sample(_ index: Int, at point: CGPoint) -> SIMD4<Float> {
        guard let tiles else { return images[index] }
        return tiles[index].bilinear(Float(point.x), Float(point.y))
    }

    /// Numeric argument `index` (counting only non-image arguments, in order; vectors and colours contribute
    /// one value per component).
    public func value(_ index: Int) -> Float { index < values.count ? values[index] : 0 }
}

/// A custom Core Image kernel, written in the Core Image Kernel Language (`init?(source:)`,
/// `makeKernels(source:)`: compiled by this package to the engine's own lane programs, so custom kernels fuse
/// and tile like the built-ins — see Docs/CoreImage.md) or, as a Linux addition, as a Swift closure over a
/// `CIKernelContext`. A plain `CIKernel` is a general kernel: it may read any position of its image arguments
/// (declare what it reads with the ROI callback of `apply`). Kernels are immutable and thread-safe; they run on
/// render threads, concurrently. Metal kernels (`init(functionName:fromMetalLibraryData:)`) are not offered:
/// there is no Metal compiler or GPU runtime on Linux.
open class CIKernel: NSObject, @unchecked Sendable {
    /// The kernel's name (shown in `CI_PRINT_TREE`).
    public let name: String
    /// The format outputs are limited to (0: the working format): channel count and precision, e.g. `.Rh`.
    public let outputFormat: CIFormat
    let function: @Sendable (CIKernelContext) -> SIMD4<Float>

    /// A kernel running `function` for every output pixel.
    public init(name: String, outputFormat: CIFormat = CIFormat(rawValue: 0), function: @escaping @Sendable (CIKernelContext) -> SIMD4<Float>) {
        (self.name, self.outputFormat, self.function) = (name, outputFormat, function)
    }

    /// The compiled kernel-language program, for kernels made from source.
    private(set) var compiled: CompiledKernel?

    func setCompiled(_ kernel: CompiledKernel) { compiled = kernel }

    /// The kernel of `string`, Core Image Kernel Language source with one `kernel` function (helper functions may
    /// come with it; with several kernels, the first is taken). `nil`, with the compiler's message (line and
    /// column) logged to standard error, when the source does not compile or its kernel is not of this class's
    /// kind: a colour kernel (`vec4` from `__sample`s and values) for `CIColorKernel`, two `__sample`s for
    /// `CIBlendKernel`, a `vec2` warp for `CIWarpKernel`. Difference from Apple: on `CIKernel` itself the result is
    /// always a `CIKernel` (Objective-C returns a `CIColorKernel` or `CIWarpKernel` for those kinds, which Swift
    /// cannot); its `apply(extent:roiCallback:arguments:)` runs any kind — a warp takes its image as the first
    /// argument. `makeKernels(source:)` returns instances of the matching classes.
    public convenience init?(source string: String) {
        guard let kernel = Self.compileFirst(string, for: Self.self) else { return nil }
        self.init(name: kernel.name, outputFormat: kernel.outputFormat, function: { _ in .zero })
        compiled = kernel
    }

    /// Every `kernel` function of `string` as a kernel object of its kind: `CIColorKernel` (returns `vec4`, takes
    /// `__sample`s), `CIWarpKernel` (returns `vec2`) or `CIKernel` (takes `sampler`s). `nil`, with the compiler's
    /// message logged, when the source does not compile.
    open class func makeKernels(source string: String) -> [CIKernel]? {
        do {
            return try CompiledKernel.compileAll(string).map { kernel -> CIKernel in
                let made: CIKernel = switch kernel.kind {
                case .color: CIColorKernel(name: kernel.name, outputFormat: kernel.outputFormat, function: { _ in .zero })
                case .warp: CIWarpKernel(name: kernel.name, map: { $0 })
                case .general: CIKernel(name: kernel.name, outputFormat: kernel.outputFormat, function: { _ in .zero })
                }
                made.compiled = kernel
                return made
            }
        } catch {
            KernelCompileLog.report(error, in: "makeKernels(source:)")
            return nil
        }
    }

    /// The first kernel of `source` if it compiles and suits `type`; logs and returns `nil` otherwise.
    static func compileFirst(_ source: String, for type: CIKernel.Type) -> CompiledKernel? {
        let kernel: CompiledKernel
        do {
            kernel = try CompiledKernel.compileAll(source)[0]
        } catch {
            KernelCompileLog.report(error, in: "init(source:)")
            return nil
        }
        let problem: String? = switch type {
        case is CIBlendKernel.Type where !kernel.isBlend: "a blend kernel takes exactly two __sample parameters"
        case is CIWarpKernel.Type where kernel.kind != .warp: "a warp kernel returns vec2"
        case is CIColorKernel.Type where kernel.kind != .color && !(type is CIBlendKernel.Type):
            "a color kernel takes __sample parameters (not sampler)"
        default: nil
        }
        if let problem {
            KernelCompileLog.report(KernelCompileError("'\(kernel.name)' does not fit \(type): \(problem)", at: KernelSourceLocation(line: 1, column: 1)),
                                    in: "init(source:)")
            return nil
        }
        return kernel
    }

    /// The kernel applied over `extent`. For kernel-language kernels the arguments match the kernel's parameters
    /// in order (images for `sampler`/`__sample`, numbers, `CIVector`s, `CIColor`s for `__color`); a mismatch
    /// logs which argument and returns `nil`. For closure kernels, images among `arguments` are the sampled inputs
    /// (in order), numbers, `CIVector`s and `CIColor`s become `value(_:)`s.
    open func apply(extent: CGRect, roiCallback callback: @escaping CIKernelROICallback, arguments args: [Any]) -> CIImage? {
        if let compiled { return compiled.applyGeneral(extent: extent, roi: callback, arguments: args) }
        guard let (images, values) = KernelArguments.split(args) else { return nil }
        let kernel = GeneralKernel(name: name, format: outputFormat.pixelFormat, extent: extent, roi: callback, values: values,
                                   arity: images.count, function: function)
        guard let first = images.first else {
            return CIImage(image: Image(.area(kernel, []), extent: extent, isOpaque: false))
        }
        return CIImage(image: first.applying(area: kernel, Array(images.dropFirst())))
    }
}

/// A kernel computing each pixel from the same pixel of its image arguments; the renderer fuses it with
/// neighbouring per-pixel work (no intermediate buffer).
open class CIColorKernel: CIKernel, @unchecked Sendable {
    /// The kernel applied over `extent` to `arguments` (images sampled at the same pixel, then values).
    open func apply(extent: CGRect, arguments args: [Any]) -> CIImage? {
        if let compiled { return compiled.applyColor(extent: extent, arguments: args) }
        guard let (images, values) = KernelArguments.split(args) else { return nil }
        let function = self.function, format = outputFormat.pixelFormat
        let kernel = ClosureKernel(name: name, signature: "\(ObjectIdentifier(self)) \(values)", arity: images.count,
                                   extent: { _ in extent }, opaque: { _ in false }) { samples, position in
            let context = CIKernelContext(destCoord: CGPoint(x: CGFloat(position.x), y: CGFloat(position.y)), images: samples, tiles: nil, values: values)
            return KernelArguments.limit(function(context), to: format)
        }
        guard let first = images.first else { return CIImage(image: .generating(kernel)) }
        return CIImage(image: first.applying(kernel, Array(images.dropFirst())))
    }
}

/// A kernel that maps each output position to the position its single image argument is sampled at
/// (bilinearly; nearest after `samplingNearest()`).
open class CIWarpKernel: CIKernel, @unchecked Sendable {
    let map: @Sendable (CGPoint) -> CGPoint

    /// A warp with the given position map (output pixel centre → input position).
    public init(name: String, map: @escaping @Sendable (CGPoint) -> CGPoint) {
        self.map = map
        super.init(name: name, function: { _ in .zero })
    }

    /// The kernel of `string` (Core Image Kernel Language source whose first kernel returns `vec2`), or `nil`
    /// with the compiler's message logged; see `CIKernel.init?(source:)`.
    public convenience init?(source string: String) {
        guard let kernel = CIKernel.compileFirst(string, for: CIWarpKernel.self) else { return nil }
        self.init(name: kernel.name, map: { $0 })
        setCompiled(kernel)
    }

    /// The warp applied to `image` over `extent`; `callback` gives the input region read for an output rectangle.
    /// A kernel-language warp takes its other parameters from `arguments`, in order.
    open func apply(extent: CGRect, roiCallback callback: @escaping CIKernelROICallback, image: CIImage, arguments args: [Any]) -> CIImage? {
        if let compiled { return compiled.applyWarp(extent: extent, roi: callback, image: image, arguments: args) }
        let map = self.map
        let kernel = WarpKernel(name: name, signature: "\(ObjectIdentifier(self))", sampling: image.image.samplingMode, extent: { _ in extent },
                                roi: { PixelRect(covering: callback(0, $0.cgRect)) }) { p in
            let q = map(CGPoint(x: CGFloat(p.x), y: CGFloat(p.y)))
            return SIMD2(Float(q.x), Float(q.y))
        }
        return CIImage(image: image.image.applying(area: kernel))
    }
}
