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

/// A custom Core Image kernel. Difference from Apple: kernels are Swift closures over a `CIKernelContext`
/// rather than CIKL or Metal source; `init?(source:)` and `makeKernels(source:)` therefore return `nil`.
/// A plain `CIKernel` is a general kernel: it may read any position of its image arguments (declare what it
/// reads with the ROI callback of `apply`). Kernels are immutable and thread-safe; the closure runs on render
/// threads, concurrently.
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

    /// Kernel-language source is not supported on Linux: always `nil`.
    public convenience init?(source string: String) { return nil }

    /// Kernel-language source is not supported on Linux: always `nil`.
    open class func makeKernels(source string: String) -> [CIKernel]? { nil }

    /// The kernel applied over `extent`: images among `arguments` are the sampled inputs (in order), numbers,
    /// `CIVector`s and `CIColor`s become `value(_:)`s. `nil` when an argument has another type.
    open func apply(extent: CGRect, roiCallback callback: @escaping CIKernelROICallback, arguments args: [Any]) -> CIImage? {
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

    /// The warp applied to `image` over `extent`; `callback` gives the input region read for an output rectangle.
    open func apply(extent: CGRect, roiCallback callback: @escaping CIKernelROICallback, image: CIImage, arguments args: [Any]) -> CIImage? {
        let map = self.map
        let kernel = WarpKernel(name: name, signature: "\(ObjectIdentifier(self))", sampling: image.image.samplingMode, extent: { _ in extent },
                                roi: { PixelRect(covering: callback(0, $0.cgRect)) }) { p in
            let q = map(CGPoint(x: CGFloat(p.x), y: CGFloat(p.y)))
            return SIMD2(Float(q.x), Float(q.y))
        }
        return CIImage(image: image.image.applying(area: kernel))
    }
}
