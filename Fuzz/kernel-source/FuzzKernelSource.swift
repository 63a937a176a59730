import CoreGraphics
import CoreImage
import Foundation
import FuzzSupport

/// The fuzz body for Core Image Kernel Language source, which apps hand to `CIKernel(source:)` and
/// `makeKernels(source:)`: every kernel that compiles is applied to an 8×8 image with arguments of the types its
/// parameters ask for and rendered 12 px square with a one-second deadline (a loop bound of 1e9 must stop at the
/// deadline, not hang). A `nil` kernel or image is a correct answer; anything that stops the process is a bug.
func fuzzKernelSource(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let source = String(decoding: fuzzData(bytes, count), as: UTF8.self)
    guard let kernels = CIKernel.makeKernels(source: source) else { return 0 }
    for kernel in kernels.prefix(4) {
        guard let kinds = kernel.languageParameterKinds else { continue }
        let arguments: [Any] = kinds.map { kind -> Any in
            switch kind {
            case "image": image
            case "color": CIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
            case "vec2": CIVector(x: 0.5, y: 1.5)
            case "vec3": CIVector(x: 0.5, y: 1.5, z: -2)
            case "vec4": CIVector(x: 0.5, y: 1.5, z: -2, w: 3)
            default: 0.75
            }
        }
        let rect = CGRect(x: -2, y: -2, width: 12, height: 12)
        let output: CIImage? = switch kernel {
        case let warp as CIWarpKernel: warp.apply(extent: rect, roiCallback: { _, r in r }, image: image, arguments: arguments)
        case let color as CIColorKernel: color.apply(extent: rect, arguments: arguments)
        default: kernel.apply(extent: rect, roiCallback: { _, r in r.insetBy(dx: -2, dy: -2) }, arguments: arguments)
        }
        if let output { _ = context.createCGImage(output, from: rect) }
    }
    return 0
}

nonisolated(unsafe) let image = CIImage(color: CIColor(red: 0.5, green: 0.4, blue: 0.3)).cropped(to: CGRect(x: 0, y: 0, width: 8, height: 8))
nonisolated(unsafe) let context = CIContext(options: [.renderTimeLimit: 1.0, .cacheIntermediates: false])

@main enum KernelSourceFuzzer {
    static func main() { runFuzzer(fuzzKernelSource) }
}
