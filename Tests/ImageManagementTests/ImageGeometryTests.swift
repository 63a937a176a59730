import Foundation
import Testing
import _Testing_CoreGraphics
import ImageManagement

/// The fit/fill/crop arithmetic, without pixels.
@Suite struct ImageGeometryTests {
    let photo = PixelSize(width: 4000, height: 3000)

    @Test func fitScalesTheLongerSideToTheTarget() {
        let spec = ImageRequestSpec(targetSize: PixelSize(width: 300, height: 300), contentMode: .aspectFit, resizeMode: .exact)
        #expect(ImageGeometry.plan(full: photo, representation: photo, spec: spec).output == PixelSize(width: 300, height: 225))
        let portrait = PixelSize(width: 3000, height: 4000)
        #expect(ImageGeometry.plan(full: portrait, representation: portrait, spec: spec).output == PixelSize(width: 225, height: 300))
    }

    @Test func exactFillCropsTheCentreToTheTarget() {
        let spec = ImageRequestSpec(targetSize: PixelSize(width: 300, height: 300), contentMode: .aspectFill, resizeMode: .exact)
        let (source, output) = ImageGeometry.plan(full: photo, representation: photo, spec: spec)
        #expect(output == PixelSize(width: 300, height: 300))
        #expect(source == CGRect(x: 500, y: 0, width: 3000, height: 3000))
    }

    @Test func fastFillCoversTheTargetWithoutCropping() {
        let spec = ImageRequestSpec(targetSize: PixelSize(width: 300, height: 300), contentMode: .aspectFill, resizeMode: .fast)
        let (source, output) = ImageGeometry.plan(full: photo, representation: photo, spec: spec)
        #expect(output == PixelSize(width: 400, height: 300))
        #expect(source == CGRect(x: 0, y: 0, width: 4000, height: 3000))
    }

    @Test func outputDoesNotDependOnTheRepresentation() {
        let spec = ImageRequestSpec(targetSize: PixelSize(width: 160, height: 160), contentMode: .aspectFill, resizeMode: .exact)
        let thumbnail = PixelSize(width: 341, height: 256)
        let (source, output) = ImageGeometry.plan(full: photo, representation: thumbnail, spec: spec)
        #expect(output == PixelSize(width: 160, height: 160))
        #expect(abs(source.width - 256) < 1 && abs(source.height - 256) < 1 && abs(source.midX - 170.5) < 1)
    }

    @Test func imagesAreNeverScaledUp() {
        let small = PixelSize(width: 600, height: 400)
        let fit = ImageRequestSpec(targetSize: PixelSize(width: 2000, height: 2000), contentMode: .aspectFit, resizeMode: .exact)
        #expect(ImageGeometry.plan(full: small, representation: small, spec: fit).output == small)
        let fill = ImageRequestSpec(targetSize: PixelSize(width: 1000, height: 1000), contentMode: .aspectFill, resizeMode: .exact)
        #expect(ImageGeometry.plan(full: small, representation: small, spec: fill).output == PixelSize(width: 600, height: 400))
    }

    @Test func normalizedCropRectSelectsAPartMeasuredFromTheTopLeft() {
        let crop = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)
        let spec = ImageRequestSpec(targetSize: PixelSize(width: 100, height: 100), contentMode: .aspectFit, resizeMode: .exact, normalizedCropRect: crop)
        let (source, output) = ImageGeometry.plan(full: photo, representation: photo, spec: spec)
        #expect(source == CGRect(x: 2000, y: 0, width: 2000, height: 1500))
        #expect(output == PixelSize(width: 100, height: 75))
        // The crop applies only with .exact, as PhotoKit requires.
        let fast = ImageRequestSpec(targetSize: PixelSize(width: 100, height: 100), resizeMode: .fast, normalizedCropRect: crop)
        #expect(fast.effectiveCrop == nil)
        // The unit rectangle and .zero mean no crop.
        #expect(ImageRequestSpec(targetSize: nil, normalizedCropRect: CGRect(x: 0, y: 0, width: 1, height: 1)).normalizedCropRect == nil)
    }

    @Test func neededSizeChoosesBetweenRepresentations() {
        let spec = ImageRequestSpec(targetSize: PixelSize(width: 160, height: 160), contentMode: .aspectFill, resizeMode: .exact)
        #expect(ImageGeometry.neededFullFrameSize(full: photo, spec: spec) == PixelSize(width: 213, height: 160))
        #expect(ImageGeometry.neededFullFrameSize(full: photo, spec: ImageRequestSpec(targetSize: nil)) == photo)
    }

    @Test func derivativeSizes() {
        #expect(DerivativeKind.thumbnail.size(for: photo) == PixelSize(width: 341, height: 256))
        #expect(DerivativeKind.screen.size(for: photo) == PixelSize(width: 1600, height: 1200))
        #expect(DerivativeKind.thumbnail.size(for: PixelSize(width: 3264, height: 816)) == PixelSize(width: 1024, height: 256))
        #expect(DerivativeKind.screen.size(for: PixelSize(width: 600, height: 400)) == nil, "never larger than the picture")
    }
}
