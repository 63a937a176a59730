import Foundation

/// A view of one input of a `CIImageProcessorKernel` during `process(with:arguments:output:)`.
///
/// Difference from Apple: memory rows run bottom-up — row 0 at `baseAddress` is `region.minY` — matching Core
/// Image's y-up coordinates; there are no Metal textures, pixel buffers or surfaces.
public protocol CIImageProcessorInput {
    /// The rectangle of the input these pixels cover (the region of interest asked for, rounded out).
    var region: CGRect { get }
    /// Bytes from one row to the next.
    var bytesPerRow: Int { get }
    /// The pixel format (the kernel's `formatForInput(at:)`, or the context's working format for 0).
    var format: CIFormat { get }
    /// The first pixel (bottom-left of `region`).
    var baseAddress: UnsafeRawPointer { get }
    /// A digest of the input's recipe: equal digests mean equal pixels.
    var digest: UInt64 { get }
    /// Which tile of the kernel's `roiTileArray(forInput:arguments:outputRect:)` this call reads (0 for a
    /// kernel that does not tile its inputs).
    var roiTileIndex: Int { get }
    /// How many tiles the region of interest has (1 for a kernel that does not tile its inputs).
    var roiTileCount: Int { get }
}

/// A view of the output of a `CIImageProcessorKernel` during `process(with:arguments:output:)` (rows bottom-up).
public protocol CIImageProcessorOutput {
    /// The rectangle to compute.
    var region: CGRect { get }
    /// Bytes from one row to the next.
    var bytesPerRow: Int { get }
    /// The pixel format (the kernel's `outputFormat`, or the working format for 0).
    var format: CIFormat { get }
    /// The first pixel (bottom-left of `region`), zero-filled on entry.
    var baseAddress: UnsafeMutableRawPointer { get }
    /// A digest of the output's recipe.
    var digest: UInt64 { get }
}

/// Runs your own CPU code as a node of a Core Image graph (Apple: CPU or Metal; here CPU).
///
/// Subclass it and override the class members; call `apply(withExtent:inputs:arguments:)` to make the node.
/// The node always gets its own buffers (it never fuses): each input is rendered over the region your
/// `roi(forInput:arguments:outputRect:)` asks for, in the format `formatForInput(at:)` names, and your
/// `process(with:arguments:output:)` fills the output region. Outputs are cached by digest (inputs, class and
/// arguments) when the context caches intermediates, so change `arguments` whenever the result would change.
/// `process` may run on a render thread.
open class CIImageProcessorKernel: NSObject {
    /// Override: compute `output.region` from the inputs.
    open class func process(with inputs: [CIImageProcessorInput]?, arguments: [String: Any]?, output: CIImageProcessorOutput) throws {}

    /// Override: the region of input `input` needed to compute `outputRect` (default: `outputRect`).
    open class func roi(forInput input: Int32, arguments: [String: Any]?, outputRect: CGRect) -> CGRect { outputRect }

    /// Override (iOS 17): the tiles of input `input` needed for `outputRect`, each a `CIVector(cgRect:)`; they may
    /// overlap and together cover what is needed. `process(with:arguments:output:)` then runs once per tile, in
    /// order, on the same output (zero-filled before the first tile only), each input's `region` being its tile
    /// and `roiTileIndex`/`roiTileCount` saying which; every input must give the same number of tiles (else the
    /// render fails). Default: one tile, `roi(forInput:arguments:outputRect:)`.
    ///
    /// Difference from Apple: the union of an input's tiles is rendered once and each call sees its part of it.
    open class func roiTileArray(forInput input: Int32, arguments: [String: Any]?, outputRect: CGRect) -> [CIVector] {
        [CIVector(cgRect: roi(forInput: input, arguments: arguments, outputRect: outputRect))]
    }

    /// Override: the format input `input` should be in (default 0: the context's working format).
    open class func formatForInput(at input: Int32) -> CIFormat { CIFormat(rawValue: 0) }

    /// Override: the output format (default 0: the context's working format).
    open class var outputFormat: CIFormat { CIFormat(rawValue: 0) }

    /// Override: whether the output is opaque (default false).
    open class var outputIsOpaque: Bool { false }

    /// Whether inputs must be complete before `process` runs (always true here).
    open class var synchronizeInputs: Bool { true }

    /// A new image whose pixels inside `extent` this kernel class computes from `inputs`.
    /// Throws when an input or output format is not one this port can hand to a processor.
    public class func apply(withExtent extent: CGRect, inputs: [CIImage]?, arguments: [String: Any]?) throws -> CIImage {
        let inputs = inputs ?? []
        let adapter = try ProcessorKernelAdapter(kernel: self, inputCount: inputs.count, arguments: arguments ?? [:])
        let node = Image(.processor(adapter, inputs.map(\.image)), extent: extent, isOpaque: outputIsOpaque)
        return CIImage(image: node)
    }
}

/// Errors from `CIImageProcessorKernel.apply`.
public struct CIImageProcessorKernelError: Error, CustomStringConvertible {
    /// What was wrong.
    public let description: String
}
