import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import _TestSupport
import Photos
import ImageManagement

/// Sizes, crops and orientation of delivered images, checked on their pixels.
@Suite struct ImageShapeTests {
    /// One synchronous request.
    func image(_ asset: PHAsset, _ target: CGSize, _ mode: PHImageContentMode, _ configure: (PHImageRequestOptions) -> Void = { _ in }) throws -> UIImage {
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        configure(options)
        var result: UIImage?
        var info: [AnyHashable: Any]?
        PHImageManager.default().requestImage(for: asset, targetSize: target, contentMode: mode, options: options) { result = $0; info = $1 }
        return try #require(result, "no image: \(String(describing: info))")
    }

    @Test func fitAndFillGeometry() throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 1200, height: 900, seed: 2)
        let exact: (PHImageRequestOptions) -> Void = { $0.resizeMode = .exact }
        #expect(try image(asset, CGSize(width: 300, height: 300), .aspectFit, exact).size == CGSize(width: 300, height: 225))
        #expect(try image(asset, CGSize(width: 300, height: 300), .aspectFill, exact).size == CGSize(width: 300, height: 300))
        #expect(try image(asset, CGSize(width: 300, height: 300), .aspectFill).size == CGSize(width: 400, height: 300))
        #expect(try image(asset, CGSize(width: 5000, height: 5000), .aspectFit, exact).size == CGSize(width: 1200, height: 900))
        #expect(try image(asset, PHImageManagerMaximumSize, .aspectFill, exact).size == CGSize(width: 1200, height: 900))
        let none = try image(asset, CGSize(width: 300, height: 300), .aspectFit) { $0.resizeMode = .none }
        #expect(none.size.width >= 300 && none.size.height >= 225, "no resizing: a representation at least the needed size")
        let uiImage = try image(asset, CGSize(width: 300, height: 300), .aspectFit, exact)
        #expect(uiImage.scale == 1 && uiImage.imageOrientation == .up)
        #expect(uiImage.cgImage?.colorSpace?.name == CGColorSpace.sRGB)
    }

    @Test func fillKeepsTheCentre() throws {
        let test = try TestLibrary()
        // Red grows left to right: the centre crop of a wide image keeps the middle reds.
        let asset = try test.importJPEG(width: 1600, height: 400, seed: 0)
        let filled = try #require(try image(asset, CGSize(width: 100, height: 100), .aspectFill) { $0.resizeMode = .exact }.cgImage)
        #expect(filled.width == 100 && filled.height == 100)
        let left = PixelReader(filled).mean(in: CGRect(x: 0, y: 0, width: 5, height: 100)).r
        let right = PixelReader(filled).mean(in: CGRect(x: 95, y: 0, width: 5, height: 100)).r
        #expect(abs(left - 96) < 14 && abs(right - 159) < 14, "left \(left), right \(right): the middle quarter of 0…255")
    }

    @Test func normalizedCropRectReturnsThatPart() throws {
        let test = try TestLibrary()
        let asset = try test.importJPEG(width: 800, height: 600, seed: 0)
        let options: (PHImageRequestOptions) -> Void = { $0.resizeMode = .exact; $0.normalizedCropRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5) }
        let cropped = try #require(try image(asset, CGSize(width: 200, height: 200), .aspectFit, options).cgImage)
        #expect(cropped.width == 200 && cropped.height == 150)
        let mean = PixelReader(cropped).mean()
        // Top-right quarter: red from 128 to 255 (mean ≈ 191), green from 0 to 127 (mean ≈ 64).
        #expect(abs(mean.r - 191) < 12 && abs(mean.g - 64) < 12, "mean \(mean)")
    }

    @Test func imagesAreUprightWhateverTheEXIFOrientation() throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let test = try TestLibrary()
        let assets = try test.importCorpus((1...8).map { "images/orientation/orientation_\($0).jpg" })
        let byName = Dictionary(uniqueKeysWithValues: assets.map { ($0.record.originalFilename, $0) })
        let reference = try #require(try image(byName["orientation_1.jpg"]!, PHImageManagerMaximumSize, .default).cgImage)
        for n in 2...8 {
            let upright = try #require(try image(byName["orientation_\(n).jpg"]!, PHImageManagerMaximumSize, .default).cgImage)
            #expect(upright.width == 600 && upright.height == 400, "orientation \(n)")
            // Same picture as the upright reference: compare 8×8 block means.
            var worst = 0.0
            for by in 0..<4 { for bx in 0..<6 {
                let rect = CGRect(x: bx * 100, y: by * 100, width: 100, height: 100)
                let a = PixelReader(upright).mean(in: rect), b = PixelReader(reference).mean(in: rect)
                worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
            } }
            #expect(worst < 8, "orientation \(n): block means differ by up to \(worst)")
        }
    }
}
