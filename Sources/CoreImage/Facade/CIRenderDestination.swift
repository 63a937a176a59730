import Foundation

/// How a render destination stores alpha (Apple's raw values).
public enum CIRenderDestinationAlphaMode: UInt, Sendable, Hashable {
    /// No alpha: the image is written opaque (alpha 1).
    case none = 0
    /// Colour multiplied by alpha (the default for formats with alpha).
    case premultiplied = 1
    /// Colour not multiplied by alpha.
    case unpremultiplied = 2
}

/// Where `CIContext.startTask(toRender:…)` renders: a client-managed bitmap (`init(bitmapData:…)`) and how to
/// write it — colour space, alpha, orientation of its rows, clamping.
///
/// Defaults, as Apple documents them where it does: `colorSpace` sRGB for 8- and 16-bit RGB formats, extended
/// sRGB for half-float and float formats, generic grey γ 2.2 for one-channel formats; `alphaMode` premultiplied
/// when the format has alpha, else none; `isFlipped` false: the bitmap's **first row in memory is the bottom
/// of the image** (Core Image's Cartesian space; `CIContext.render(_:toBitmap:…)` writes top-down), `true` puts
/// the top row first; `isClamped` true for integer formats and false for float ones (values outside 0…1 kept).
///
/// Differences from Apple: only bitmap destinations (no Metal, OpenGL, IOSurface or Core Video); no
/// `blendKernel` (a render replaces the destination's pixels in its rectangle); `isDithered` is accepted and has
/// no effect.
public final class CIRenderDestination {
    /// The bitmap's width in pixels.
    public let width: Int
    /// The bitmap's height in pixels.
    public let height: Int
    /// How alpha is written (see the type's discussion for the default).
    public var alphaMode: CIRenderDestinationAlphaMode
    /// Whether the bitmap's first row in memory is the top of the image (default `false`: the bottom).
    public var isFlipped = false
    /// Accepted for Apple's API; no dithering is done.
    public var isDithered = false
    /// Whether colour values are clamped to 0…1 (always, for integer formats).
    public var isClamped: Bool
    /// The colour space pixels are written in; `nil` writes working-space values unconverted.
    public var colorSpace: CGColorSpace?

    let data: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let format: CIFormat

    /// A destination over a client-managed bitmap of at least `bytesPerRow × height` bytes, in `format`.
    public init(bitmapData data: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, format: CIFormat) {
        (self.data, self.width, self.height, self.bytesPerRow, self.format) = (data, width, height, bytesPerRow, format)
        let pixelFormat = format.pixelFormat
        alphaMode = pixelFormat?.hasAlpha == true ? .premultiplied : .none
        let float = pixelFormat?.isFloat ?? false
        isClamped = !float
        if pixelFormat?.isGray == true || pixelFormat?.isAlphaOnly == true {
            colorSpace = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)
        } else {
            colorSpace = CGColorSpace(name: float ? CGColorSpace.extendedSRGB : CGColorSpace.sRGB)
        }
    }
}

/// A render started with `CIContext.startTask(toRender:…)` or `startTask(toClear:)`.
///
/// Difference from Apple: the render is done on the CPU before `startTask` returns, so the task is complete
/// when it is handed back; `waitUntilCompleted()` returns its figures at once.
public final class CIRenderTask {
    private let info: CIRenderInfo
    init(info: CIRenderInfo) { self.info = info }

    /// Waits for the render (already done here) and returns what it did.
    public func waitUntilCompleted() throws -> CIRenderInfo { info }
}

/// What a render task did.
public final class CIRenderInfo {
    /// Seconds the render's passes took.
    public let kernelExecutionTime: TimeInterval
    /// Seconds spent compiling kernels (0: kernels here are compiled when made, not per render).
    public let kernelCompileTime: TimeInterval
    /// Passes run over pixels (fused programs and neighbourhood kernels).
    public let passCount: Int
    /// Pixels written to the destination.
    public let pixelsProcessed: Int

    init(kernelExecutionTime: TimeInterval, passCount: Int, pixelsProcessed: Int) {
        (self.kernelExecutionTime, self.kernelCompileTime, self.passCount, self.pixelsProcessed) = (kernelExecutionTime, 0, passCount, pixelsProcessed)
    }
}

/// Why a render task could not be started (beyond Apple, whose methods throw `NSError`s): a format this port
/// cannot write, a rectangle outside the destination, or a failed render.
public struct CIRenderTaskError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

extension CIContext {
    /// Renders `image` into the whole destination: destination pixel (x, y) shows the image at (x, y).
    @discardableResult
    public func startTask(toRender image: CIImage, to destination: CIRenderDestination) throws -> CIRenderTask {
        try startTask(toRender: image, from: CGRect(x: 0, y: 0, width: destination.width, height: destination.height),
                      to: destination, at: .zero)
    }

    /// Renders the part of `image` inside `fromRect` into the destination with its corner at `atPoint` (in the
    /// destination's Cartesian pixels, origin at the bottom left); the rest of the destination is untouched.
    @discardableResult
    public func startTask(toRender image: CIImage, from fromRect: CGRect, to destination: CIRenderDestination, at atPoint: CGPoint) throws -> CIRenderTask {
        let (rect, pixelFormat) = try target(fromRect, at: atPoint, in: destination)
        var placed = image.cropped(to: fromRect).transformed(by: CGAffineTransform(translationX: atPoint.x - fromRect.minX, y: atPoint.y - fromRect.minY))
        if destination.isClamped && pixelFormat.isFloat { placed = placed.applyingFilter("CIColorClamp") }
        if destination.alphaMode == .none { placed = placed.settingAlphaOne(in: placed.extent) }
        let output = Destination(base: destination.data, bytesPerRow: destination.bytesPerRow, format: pixelFormat,
                                 bounds: PixelRect(x: 0, y: 0, width: destination.width, height: destination.height), bottomUp: !destination.isFlipped)
        let straight = destination.alphaMode == .unpremultiplied
        let started = Date()
        guard render(placed.image, bounds: rect, destination: output, outputSpace: destination.colorSpace,
                     configure: { if straight { $0.outputPremultiplied = false } }) else {
            throw CIRenderTaskError(description: "the render failed: \(lastRenderError.map { "\($0)" } ?? "unknown error")")
        }
        return CIRenderTask(info: CIRenderInfo(kernelExecutionTime: Date().timeIntervalSince(started), passCount: lastRenderStatistics.passes,
                                               pixelsProcessed: rect.width * rect.height))
    }

    /// Clears the whole destination (every byte 0: transparent black).
    @discardableResult
    public func startTask(toClear destination: CIRenderDestination) throws -> CIRenderTask {
        let (rect, _) = try target(CGRect(x: 0, y: 0, width: destination.width, height: destination.height), at: .zero, in: destination)
        for row in 0..<destination.height {
            (destination.data + row * destination.bytesPerRow).initializeMemory(as: UInt8.self, repeating: 0, count: destination.bytesPerRow)
        }
        return CIRenderTask(info: CIRenderInfo(kernelExecutionTime: 0, passCount: 0, pixelsProcessed: rect.width * rect.height))
    }

    /// Checks that a render could be done (kernels here need no preparation); throws as `startTask` would.
    public func prepareRender(_ image: CIImage, from fromRect: CGRect, to destination: CIRenderDestination, at atPoint: CGPoint) throws {
        _ = try target(fromRect, at: atPoint, in: destination)
    }

    /// The destination pixels a render covers and the format to write, or why there are none.
    private func target(_ fromRect: CGRect, at atPoint: CGPoint, in destination: CIRenderDestination) throws -> (PixelRect, PixelFormat) {
        guard let pixelFormat = destination.format.pixelFormat else {
            throw CIRenderTaskError(description: "the destination's format \(destination.format) cannot be written")
        }
        guard destination.width > 0, destination.height > 0, destination.width <= CIContext.maximumSide, destination.height <= CIContext.maximumSide,
              destination.bytesPerRow >= destination.width * pixelFormat.bytesPerPixel else {
            throw CIRenderTaskError(description: "the destination's size \(destination.width)×\(destination.height) or row length \(destination.bytesPerRow) does not fit its format")
        }
        let placed = CGRect(origin: atPoint, size: fromRect.size).intersection(CGRect(x: 0, y: 0, width: destination.width, height: destination.height))
        let rect = PixelRect(covering: placed)
        guard !placed.isNull, !rect.isEmpty else { throw CIRenderTaskError(description: "the rectangle \(fromRect) at \(atPoint) is outside the destination") }
        return (rect, pixelFormat)
    }
}
