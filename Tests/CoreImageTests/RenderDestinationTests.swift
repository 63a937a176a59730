import CoreGraphics
import CoreImage
import Foundation
import Testing

/// `CIRenderDestination` and `CIContext.startTask(toRender:…)`: rows in Core Image's Cartesian order unless the
/// destination is flipped, alpha modes, a rectangle placed at a point, clearing, the task's figures, and refusals.
struct RenderDestinationTests {
    static let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!

    /// 4×4: red on the top half, blue on the bottom half (y up).
    static let halves: CIImage = CIImage(color: CIColor(red: 0, green: 0, blue: 1)).cropped(to: CGRect(x: 0, y: 0, width: 4, height: 2))
        .composited(over: CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 4, height: 4)))

    static func render(_ image: CIImage, flipped: Bool? = nil, alpha: CIRenderDestinationAlphaMode? = nil,
                       configure: (CIRenderDestination) -> Void = { _ in }) throws -> ([UInt8], CIRenderInfo) {
        var bytes = [UInt8](repeating: 9, count: 4 * 4 * 4)
        let info = try bytes.withUnsafeMutableBytes { raw in
            let destination = CIRenderDestination(bitmapData: raw.baseAddress!, width: 4, height: 4, bytesPerRow: 16, format: .RGBA8)
            if let flipped { destination.isFlipped = flipped }
            if let alpha { destination.alphaMode = alpha }
            configure(destination)
            return try CIContext().startTask(toRender: image, to: destination).waitUntilCompleted()
        }
        return (bytes, info)
    }

    @Test func rowsAreCartesianUnlessFlipped() throws {
        let (cartesian, info) = try Self.render(Self.halves)
        #expect(Array(cartesian[0..<4]) == [0, 0, 255, 255], "the first row in memory is the bottom of the image")
        #expect(Array(cartesian[48..<52]) == [255, 0, 0, 255])
        #expect(info.pixelsProcessed == 16 && info.passCount >= 1 && info.kernelExecutionTime >= 0)
        let (flipped, _) = try Self.render(Self.halves, flipped: true)
        #expect(Array(flipped[0..<4]) == [255, 0, 0, 255], "flipped: the top row first, as render(_:toBitmap:) writes")
        var reference = [UInt8](repeating: 0, count: 64)
        CIContext().render(Self.halves, toBitmap: &reference, rowBytes: 16, bounds: CGRect(x: 0, y: 0, width: 4, height: 4), format: .RGBA8, colorSpace: Self.sRGB)
        #expect(flipped == reference)
    }

    @Test func defaultsAndAlphaModes() throws {
        var probe = [UInt8](repeating: 0, count: 64)
        probe.withUnsafeMutableBytes { raw in
            let rgba = CIRenderDestination(bitmapData: raw.baseAddress!, width: 4, height: 4, bytesPerRow: 16, format: .RGBA8)
            #expect(rgba.alphaMode == .premultiplied && !rgba.isFlipped && rgba.isClamped && rgba.colorSpace?.name == CGColorSpace.sRGB)
            let float = CIRenderDestination(bitmapData: raw.baseAddress!, width: 1, height: 1, bytesPerRow: 16, format: .RGBAf)
            #expect(!float.isClamped && float.colorSpace?.name == CGColorSpace.extendedSRGB)
            let grey = CIRenderDestination(bitmapData: raw.baseAddress!, width: 4, height: 4, bytesPerRow: 4, format: .L8)
            #expect(grey.alphaMode == .none && grey.colorSpace?.name == CGColorSpace.genericGrayGamma2_2)
        }
        let translucent = CIImage(color: CIColor(red: 1, green: 0, blue: 0, alpha: 0.5)).cropped(to: CGRect(x: 0, y: 0, width: 4, height: 4))
        let premultiplied = try Self.render(translucent).0, straight = try Self.render(translucent, alpha: .unpremultiplied).0
        let opaque = try Self.render(translucent, alpha: CIRenderDestinationAlphaMode.none).0
        #expect(abs(Int(premultiplied[0]) - 128) <= 1 && abs(Int(premultiplied[3]) - 128) <= 1, "\(premultiplied[0..<4])")
        #expect(straight[0] == 255 && abs(Int(straight[3]) - 128) <= 1, "\(straight[0..<4])")
        #expect(opaque[3] == 255, "alpha none writes opaque pixels: \(opaque[0..<4])")
    }

    @Test func aRectangleIsPlacedAtAPointAndTheRestIsUntouched() throws {
        var bytes = [UInt8](repeating: 9, count: 64)
        try bytes.withUnsafeMutableBytes { raw in
            let destination = CIRenderDestination(bitmapData: raw.baseAddress!, width: 4, height: 4, bytesPerRow: 16, format: .RGBA8)
            // The image's top-left 2×2 (red) into the destination's top-right corner.
            _ = try CIContext().startTask(toRender: Self.halves, from: CGRect(x: 0, y: 2, width: 2, height: 2), to: destination, at: CGPoint(x: 2, y: 2))
        }
        #expect(Array(bytes[(3 * 16 + 8)..<(3 * 16 + 12)]) == [255, 0, 0, 255], "top-right in Cartesian memory: row 3, x 2")
        #expect(Array(bytes[0..<4]) == [9, 9, 9, 9], "outside the rectangle: untouched")
        try bytes.withUnsafeMutableBytes { raw in
            let destination = CIRenderDestination(bitmapData: raw.baseAddress!, width: 4, height: 4, bytesPerRow: 16, format: .RGBA8)
            _ = try CIContext().startTask(toClear: destination)
        }
        #expect(bytes.allSatisfy { $0 == 0 })
    }

    @Test func impossibleRendersThrow() throws {
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes.withUnsafeMutableBytes { raw in
            let destination = CIRenderDestination(bitmapData: raw.baseAddress!, width: 4, height: 4, bytesPerRow: 8, format: .RGBA8)
            #expect(throws: CIRenderTaskError.self) { try CIContext().startTask(toRender: Self.halves, to: destination) }
            let fine = CIRenderDestination(bitmapData: raw.baseAddress!, width: 4, height: 4, bytesPerRow: 16, format: .RGBA8)
            #expect(throws: CIRenderTaskError.self) {
                try CIContext().startTask(toRender: Self.halves, from: CGRect(x: 0, y: 0, width: 2, height: 2), to: fine, at: CGPoint(x: 10, y: 10))
            }
        }
    }
}
