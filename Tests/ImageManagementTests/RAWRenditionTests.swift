import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import CoreImage
import ImageIO

/// A RAW-only asset's pictures come from Core Image's RAW development (as `CIRAWFilter` develops it by default),
/// at the size asked for — not from LibRaw's development or an embedded preview.
@Suite @MainActor struct RAWRenditionTests {
    /// Mean sRGB bytes of a picture.
    static func mean(_ image: CGImage) throws -> SIMD3<Double> {
        let pixels = try PixelBuffer(cgImage: image)
        var sum = SIMD3<Double>(repeating: 0)
        pixels.withUnsafeBytes { raw in
            for y in 0..<pixels.height {
                for x in 0..<pixels.width {
                    let at = y * pixels.bytesPerRow + x * pixels.layout.componentCount
                    sum += SIMD3(Double(raw[at]), Double(raw[at + 1]), Double(raw[at + 2]))
                }
            }
        }
        return sum / Double(pixels.width * pixels.height)
    }

    @Test func aRAWOnlyAssetsPictureIsItsDevelopment() async throws {
        guard let raw = TestMedia.url("raw/synthetic_rggb_12bit.dng"), FileManager.default.fileExists(atPath: raw.path) else {
            print(TestMedia.skipMessage); return
        }
        let test = try TestLibrary()
        let asset = try #require(try test.importFiles([("RAW.DNG", try Data(contentsOf: raw))]).first)
        let calls = Recorder<Delivery>()
        PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: 300, height: 300), contentMode: .aspectFit, options: nil) {
            calls.append(Delivery(image: $0, info: $1 ?? [:], onMainQueue: isOnMainQueue()))
        }
        try await waitUntil { calls.values.contains { !$0.isDegraded } }
        let final = try #require(calls.values.last { !$0.isDegraded })
        let picture = try #require(final.image?.cgImage)
        #expect(max(picture.width, picture.height) == 300, "\(picture.width)×\(picture.height)")

        let filter = try #require(CIRAWFilter(imageURL: raw))
        filter.scaleFactor = Float(300.0 / filter.nativeSize.width)
        let developed = try #require(filter.outputImage)
        let reference = try #require(CIContext().createCGImage(developed, from: developed.extent, format: .RGBA8,
                                                               colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!))
        let (ours, theirs) = (try Self.mean(picture), try Self.mean(reference))
        #expect(abs(ours.x - theirs.x) < 2 && abs(ours.y - theirs.y) < 2 && abs(ours.z - theirs.z) < 2, "\(ours) vs \(theirs)")
        // LibRaw's own development (what ImageIO decodes) looks different, so the comparison above can tell them apart.
        let libRaw = try ImageFile(contentsOf: raw).decode(DecodeOptions(size: .fit(width: 300, height: 300))).makeCGImage()
        let other = try Self.mean(libRaw)
        #expect(abs(other.x - theirs.x) + abs(other.y - theirs.y) + abs(other.z - theirs.z) > 10, "\(other) vs \(theirs)")
    }
}
