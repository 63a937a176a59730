import Foundation
import Testing
import _Testing_CoreImage
@testable import CoreImage

/// Helpers: pixels as the display shows them (8-bit sRGB, rows top-down) and measurements written independently of
/// the code under test.
enum AutoAdjustSupport {
    static let context = CIContext()

    /// RGBA8 sRGB pixels of `image` over `rect` (default: its extent), rows top-down.
    static func pixels(_ image: CIImage, _ rect: CGRect? = nil) -> (values: [UInt8], width: Int, height: Int) {
        let r = (rect ?? image.extent).integral
        let w = Int(r.width), h = Int(r.height)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        out.withUnsafeMutableBytes { raw in
            context.render(image, toBitmap: raw.baseAddress!, rowBytes: w * 4, bounds: r, format: .RGBA8, colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
        }
        return (out, w, h)
    }

    /// Percentiles (0…1) of the sRGB-encoded Rec. 709 luma, by sorting.
    static func lumaPercentiles(_ image: CIImage, _ qs: [Double]) -> [Double] {
        let p = pixels(image)
        var luma = [Double]()
        luma.reserveCapacity(p.width * p.height)
        for i in 0..<(p.width * p.height) {
            luma.append((0.2126 * Double(p.values[i * 4]) + 0.7152 * Double(p.values[i * 4 + 1]) + 0.0722 * Double(p.values[i * 4 + 2])) / 255)
        }
        luma.sort()
        return qs.map { luma[min(luma.count - 1, Int($0 * Double(luma.count)))] }
    }

    static func apply(_ filters: [CIFilter], to image: CIImage) -> CIImage {
        filters.reduce(image) { result, filter in
            filter.setValue(result, forKey: kCIInputImageKey)
            return filter.outputImage!
        }
    }

    /// `image` through a straight line in sRGB-encoded values: v ↦ offset + gain·v (a washed-out, dark copy).
    static func encodedAffine(_ image: CIImage, offset: Double, gain: Double) -> CIImage {
        let curve = CIFilter(name: "CIToneCurve")!
        for i in 0..<5 { curve.setValue(CIVector(x: Double(i) / 4, y: offset + gain * Double(i) / 4), forKey: "inputPoint\(i)") }
        curve.setValue(image, forKey: kCIInputImageKey)
        return curve.outputImage!
    }

    /// A number parameter, whatever its Swift type (`Double`, `CGFloat`, `NSNumber`).
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: v
        case let v as CGFloat: Double(v)
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }

    static func curvePoints(_ filter: CIFilter) -> [CGPoint] {
        (0..<5).map { (filter.value(forKey: "inputPoint\($0)") as! CIVector).cgPointValue }
    }
}

@Suite(.enabled(if: DetectorPhotos.available, Comment(rawValue: DetectorPhotos.skipMessage)))
struct AutoEnhanceTests {
    /// A washed-out, underexposed coffee photo (v ↦ 0.1 + 0.5 v, sRGB-encoded) gets a tone curve that brings its
    /// 1st, 50th and 99th luma percentiles back to the original's (within 0.03).
    @Test func curveRestoresTheLowContrastPhotosPercentiles() throws {
        let original = DetectorPhotos.image("coffee")
        let degraded = AutoAdjustSupport.encodedAffine(original, offset: 0.1, gain: 0.5)
        let filters = degraded.autoAdjustmentFilters(options: [.redEye: false])
        let curve = try #require(filters.first { $0.name == "CIToneCurve" }, "\(filters.map(\.name))")
        let qs = [0.01, 0.5, 0.99]
        let want = AutoAdjustSupport.lumaPercentiles(original, qs)
        let before = AutoAdjustSupport.lumaPercentiles(degraded, qs)
        let after = AutoAdjustSupport.lumaPercentiles(AutoAdjustSupport.apply([curve], to: degraded), qs)
        for i in qs.indices {
            #expect(abs(after[i] - want[i]) < 0.03, "percentile \(qs[i]): original \(want[i]), degraded \(before[i]), corrected \(after[i])")
        }
        #expect(abs(before[2] - before[0]) < 0.6 * abs(want[2] - want[0]), "the degraded copy really is low-contrast")
        #expect(!filters.contains { $0.name == "CIHighlightShadowAdjust" }, "a washed-out photo has no heavy shadows")
    }

    /// Well-exposed photos get filters that barely change them: no curve (or one within 0.03 of the identity),
    /// no vibrance above 0.1, no shadow lift above 0.1.
    @Test(arguments: ["coffee", "astronaut"]) func wellExposedPhotosGetNearIdentity(_ name: String) {
        let filters = DetectorPhotos.image(name).autoAdjustmentFilters(options: [.redEye: false])
        for filter in filters {
            switch filter.name {
            case "CIToneCurve":
                for p in AutoAdjustSupport.curvePoints(filter) { #expect(abs(p.x - p.y) < 0.03, "\(name): \(AutoAdjustSupport.curvePoints(filter))") }
            case "CIVibrance": #expect(AutoAdjustSupport.number(filter.value(forKey: kCIInputAmountKey))!  < 0.1)
            case "CIHighlightShadowAdjust": #expect(AutoAdjustSupport.number(filter.value(forKey: "inputShadowAmount"))!  < 0.1)
            default: Issue.record("\(name): unexpected \(filter.name)")
            }
        }
    }

    /// A dark copy (v ↦ v², sRGB-encoded: midtones sink, shadows pile up) gets its shadows lifted, and the chain
    /// raises its median luma.
    @Test func darkPhotoGetsShadowsLifted() throws {
        let original = DetectorPhotos.image("coffee")
        let dark = AutoAdjustSupport.apply([{
            let f = CIFilter(name: "CIToneCurve")!
            for i in 0..<5 { let x = Double(i) / 4; f.setValue(CIVector(x: x, y: x * x), forKey: "inputPoint\(i)") }
            return f
        }()], to: original)
        let filters = dark.autoAdjustmentFilters(options: [.redEye: false])
        let lift = try #require(filters.first { $0.name == "CIHighlightShadowAdjust" }, "\(filters.map(\.name))")
        #expect(AutoAdjustSupport.number(lift.value(forKey: "inputShadowAmount"))! > 0.02)
        let before = AutoAdjustSupport.lumaPercentiles(dark, [0.5])[0]
        let after = AutoAdjustSupport.lumaPercentiles(AutoAdjustSupport.apply(filters, to: dark), [0.5])[0]
        #expect(after > before + 0.06, "median \(before) → \(after)")
    }

    /// A greyed copy (saturation halved) gets vibrance; the order is Apple's.
    @Test func mutedPhotoGetsVibranceInApplesOrder() throws {
        let grey = CIFilter(name: "CIColorControls")!
        grey.setValue(DetectorPhotos.image("astronaut"), forKey: kCIInputImageKey)
        grey.setValue(0.3, forKey: kCIInputSaturationKey)
        let muted = AutoAdjustSupport.encodedAffine(grey.outputImage!, offset: 0.15, gain: 0.6)
        let names = muted.autoAdjustmentFilters(options: [.redEye: false]).map(\.name)
        #expect(names.contains("CIVibrance") && names.contains("CIToneCurve"), "\(names)")
        let order = ["CIVibrance", "CIToneCurve", "CIHighlightShadowAdjust"]
        #expect(names == order.filter(names.contains))
    }
}

@Suite(.enabled(if: DetectorPhotos.available, Comment(rawValue: DetectorPhotos.skipMessage)), .serialized)
struct AutoRedEyeAndCropTests {
    static let reference: CIFaceFeature? = {
        CIDetector(ofType: CIDetectorTypeFace, context: nil, options: [CIDetectorAccuracy: CIDetectorAccuracyHigh])!
            .features(in: DetectorPhotos.image("astronaut")).first as? CIFaceFeature
    }()

    /// The astronaut with red discs painted over both pupils.
    static func redEyed(_ face: CIFaceFeature) -> (image: CIImage, radius: Double) {
        let distance = hypot(face.rightEyePosition.x - face.leftEyePosition.x, face.rightEyePosition.y - face.leftEyePosition.y)
        let radius = 0.09 * distance
        var image = DetectorPhotos.image("astronaut")
        for eye in [face.leftEyePosition, face.rightEyePosition] {
            let disc = CIFilter(name: "CIRadialGradient")!
            disc.setValue(CIVector(cgPoint: eye), forKey: kCIInputCenterKey)
            disc.setValue(radius, forKey: "inputRadius0")
            disc.setValue(radius + 1, forKey: "inputRadius1")
            disc.setValue(CIColor(red: 0.85, green: 0.08, blue: 0.1), forKey: "inputColor0")
            disc.setValue(CIColor(red: 0, green: 0, blue: 0, alpha: 0), forKey: "inputColor1")
            image = disc.outputImage!.cropped(to: image.extent).composited(over: image)
        }
        return (image, radius)
    }

    /// Mean of max(0, R − max(G, B)) (8-bit) over the pixels within `radius` of the eyes.
    static func redness(_ image: CIImage, eyes: [CGPoint], radius: Double) -> Double {
        let p = AutoAdjustSupport.pixels(image)
        var sum = 0.0, count = 0.0
        for y in 0..<p.height { for x in 0..<p.width {
            let cx = Double(x) + 0.5, cy = Double(p.height - y) - 0.5
            guard eyes.contains(where: { hypot($0.x - cx, $0.y - cy) <= radius }) else { continue }
            let i = (y * p.width + x) * 4
            sum += max(0, Double(p.values[i]) - Double(max(p.values[i + 1], p.values[i + 2]))); count += 1
        } }
        return sum / max(count, 1)
    }

    /// Red discs on her pupils are found (the detector still sees the face), corrected to within a few levels of
    /// the unpainted photo's redness, and every face pixel beyond the correction radius is unchanged.
    @Test func redEyesAreCorrectedAndTheRestOfTheFaceIsNot() throws {
        let face = try #require(Self.reference)
        let (painted, radius) = Self.redEyed(face)
        let filters = painted.autoAdjustmentFilters(options: [.enhance: false])
        #expect(filters.map(\.name) == ["CIRedEyeCorrection"])
        let filter = try #require(filters.first)
        let corrected = AutoAdjustSupport.apply([filter], to: painted)
        let eyes = [face.leftEyePosition, face.rightEyePosition]
        let original = Self.redness(DetectorPhotos.image("astronaut"), eyes: eyes, radius: radius)
        let before = Self.redness(painted, eyes: eyes, radius: radius), after = Self.redness(corrected, eyes: eyes, radius: radius)
        #expect(before > 100 && after < original + 15, "redness: photo \(original), painted \(before), corrected \(after)")
        // Outside the correction radius nothing moves.
        let correctionRadius = AutoAdjustSupport.number(filter.value(forKey: kCIInputRadiusKey))!
        let box = face.bounds.integral
        let a = AutoAdjustSupport.pixels(painted, box), b = AutoAdjustSupport.pixels(corrected, box)
        var changed = 0
        for y in 0..<a.height { for x in 0..<a.width {
            let cx = box.minX + Double(x) + 0.5, cy = box.maxY - Double(y) - 0.5
            guard !eyes.contains(where: { hypot($0.x - cx, $0.y - cy) < correctionRadius + 1 }) else { continue }
            let i = (y * a.width + x) * 4
            if (0..<3).contains(where: { abs(Int(a.values[i + $0]) - Int(b.values[i + $0])) > 1 }) { changed += 1 }
        } }
        #expect(changed == 0, "\(changed) face pixels beyond the eyes changed")
    }

    /// `.features` is used instead of detection, and `.redEye: false` turns the correction off.
    @Test func featuresOptionAndRedEyeSwitch() throws {
        let face = try #require(Self.reference)
        let (painted, _) = Self.redEyed(face)
        let given = painted.autoAdjustmentFilters(options: [.enhance: false, .features: [face]])
        #expect(given.map(\.name) == ["CIRedEyeCorrection"])
        let left = try #require(given.first?.value(forKey: "inputLeftEyePosition") as? CIVector)
        #expect(left.cgPointValue == face.leftEyePosition)
        #expect(painted.autoAdjustmentFilters(options: [.enhance: false, .features: [CIFeature]()]).isEmpty)
        #expect(painted.autoAdjustmentFilters(options: [.enhance: false, .redEye: false]).isEmpty)
        #expect(CIFilter(name: "CIRedEyeCorrection") != nil && !CIFilter.filterNames(inCategory: nil).contains("CIRedEyeCorrection"),
                "private as on Apple platforms: made by name, not listed")
    }

    /// `.crop` gives a CICrop containing the face, in the photo's aspect ratio, inside the photo; none without faces.
    @Test func cropFramesTheFace() throws {
        let face = try #require(Self.reference)
        let astronaut = DetectorPhotos.image("astronaut")
        #expect(!astronaut.autoAdjustmentFilters().contains { $0.name == "CICrop" }, "crop is off by default")
        let filters = astronaut.autoAdjustmentFilters(options: [.enhance: false, .redEye: false, .crop: true])
        #expect(filters.map(\.name) == ["CICrop"])
        let rect = try #require(filters.first?.value(forKey: "inputRectangle") as? CIVector).cgRectValue
        #expect(rect.contains(face.bounds) && astronaut.extent.contains(rect), "\(rect) around \(face.bounds)")
        #expect(abs(rect.width / rect.height - 1) < 0.01 && rect.width < astronaut.extent.width)
        let cropped = AutoAdjustSupport.apply(filters, to: astronaut)
        #expect(cropped.extent == rect)
        let coffee = DetectorPhotos.image("coffee")
        #expect(!coffee.autoAdjustmentFilters(options: [.enhance: false, .crop: true]).contains { $0.name == "CICrop" })
    }
}

struct AutoLevelTests {
    /// A level scene (sky over textured ground, the horizon across the middle) turned by `degrees` about its
    /// centre and cropped to its middle, so no border shows.
    static func tiltedHorizon(degrees: Double) -> CIImage {
        let w = 800, h = 600
        var bytes = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h { for x in 0..<w {
            let up = Double(h - y) // y up
            var hash = UInt32(truncatingIfNeeded: x &* 73856093 ^ y &* 19349663)
            hash = (hash ^ (hash >> 13)) &* 1274126177
            let noise = Double(hash % 41) / 255 - 20.0 / 255
            let sky = up > Double(h) / 2
            let rgb = sky ? [0.55 + 0.2 * up / Double(h), 0.7, 0.9] : [0.3 + noise, 0.38 + noise, 0.2 + noise]
            for c in 0..<3 { bytes[(y * w + x) * 4 + c] = UInt8(max(0, min(255, (rgb[c] * 255).rounded()))) }
        } }
        let level = CIImage(bitmapData: Data(bytes), bytesPerRow: w * 4, size: CGSize(width: w, height: h), format: .RGBA8,
                            colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
        let turn = CGAffineTransform(translationX: -400, y: -300).concatenating(CGAffineTransform(rotationAngle: degrees * .pi / 180))
            .concatenating(CGAffineTransform(translationX: 400, y: 300))
        return level.transformed(by: turn).cropped(to: CGRect(x: 160, y: 150, width: 480, height: 300))
    }

    /// A horizon tilted by a known angle gets a CIStraightenFilter turning it back (within 0.5°), and the
    /// straightened image has no tilt left to correct (within 0.3°).
    @Test(arguments: [4.0, -2.5, 7.0]) func tiltedHorizonIsLevelled(_ degrees: Double) throws {
        let image = Self.tiltedHorizon(degrees: degrees)
        #expect(!image.autoAdjustmentFilters().contains { $0.name == "CIStraightenFilter" }, "level is off by default")
        let filters = image.autoAdjustmentFilters(options: [.enhance: false, .redEye: false, .level: true])
        #expect(filters.map(\.name) == ["CIStraightenFilter"])
        let angle = try #require(AutoAdjustSupport.number(filters.first?.value(forKey: kCIInputAngleKey))) * 180 / .pi
        #expect(abs(angle + degrees) < 0.5, "tilted \(degrees)°, straighten by \(angle)°")
        let straightened = AutoAdjustSupport.apply(filters, to: image)
        let again = straightened.autoAdjustmentFilters(options: [.enhance: false, .redEye: false, .level: true])
        let rest = (AutoAdjustSupport.number(again.first?.value(forKey: kCIInputAngleKey)) ?? 0) * 180 / .pi
        #expect(abs(rest) < 0.3, "left after straightening: \(rest)°")
    }

    /// Blurred noise has no dominant line: no straighten filter.
    @Test func noLineNoStraighten() {
        let noise = CIFilter(name: "CIRandomGenerator")!.outputImage!
        let blur = CIFilter(name: "CIGaussianBlur")!
        blur.setValue(noise, forKey: kCIInputImageKey)
        blur.setValue(3, forKey: kCIInputRadiusKey)
        let image = blur.outputImage!.cropped(to: CGRect(x: 0, y: 0, width: 480, height: 320))
        #expect(image.autoAdjustmentFilters(options: [.enhance: false, .redEye: false, .level: true]).isEmpty)
    }
}

struct AutoAdjustmentEdgeCaseTests {
    /// Images with nothing to measure (infinite, empty) give no filters and never trap, whatever the options.
    @Test func unmeasurableImagesGiveNoFilters() {
        let all: [CIImageAutoAdjustmentOption: Any] = [.enhance: true, .redEye: true, .crop: true, .level: true]
        #expect(CIImage(color: CIColor(red: 0.2, green: 0.3, blue: 0.4)).autoAdjustmentFilters(options: all).isEmpty)
        #expect(CIImage.empty().autoAdjustmentFilters(options: all).isEmpty)
        let flat = CIImage(color: CIColor(red: 0.5, green: 0.5, blue: 0.5)).cropped(to: CGRect(x: 0, y: 0, width: 64, height: 64))
        #expect(flat.autoAdjustmentFilters(options: all).filter { $0.name != "CIVibrance" }.isEmpty, "a flat grey has no range to stretch, no faces, no line")
    }

    /// CIRedEyeCorrection with hostile parameters returns the input (or a finite image), never a trap or NaNs.
    @Test(arguments: [Double.nan, -.infinity, .infinity, -5, 0, 1e12]) func redEyeCorrectionWithHostileRadius(_ radius: Double) {
        let image = CIImage(color: CIColor(red: 0.9, green: 0.1, blue: 0.1)).cropped(to: CGRect(x: 0, y: 0, width: 16, height: 16))
        let filter = CIFilter(name: "CIRedEyeCorrection")!
        filter.setValue(image, forKey: kCIInputImageKey)
        filter.setValue(CIVector(x: 8, y: 8), forKey: "inputLeftEyePosition")
        filter.setValue(CIVector(x: .infinity, y: .nan), forKey: "inputRightEyePosition")
        filter.setValue(radius, forKey: kCIInputRadiusKey)
        guard let output = filter.outputImage else { return }
        var values = [Float](repeating: 0, count: 16 * 16 * 4)
        values.withUnsafeMutableBytes { raw in
            AutoAdjustSupport.context.render(output, toBitmap: raw.baseAddress!, rowBytes: 16 * 16, bounds: image.extent, format: .RGBAf, colorSpace: nil)
        }
        let finite = values.allSatisfy { $0.isFinite }
        #expect(finite)
    }
}
