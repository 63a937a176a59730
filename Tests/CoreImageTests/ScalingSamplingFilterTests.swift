import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIBicubicScaleTransform`, `CIMaximumScaleTransform`, `CIClamp` and `CISampleNearest` beyond their numpy
/// references (`FilterCases.scalingAndSampling`): Apple's attributes, identities, extents, hand-checked values,
/// the typed API and a render at defaults on a photo.
@Suite struct ScalingSamplingFilterTests {
    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    static func number(_ value: Any?) -> Double? { FilterValuesProbe.number(value) }

    @Test func namesCategoriesKeysAndDefaultsMatchApple() throws {
        let expected: [(String, String, String, [String], String, String)] = [
            ("CIBicubicScaleTransform", "Bicubic Scale Transform", kCICategoryGeometryAdjustment,
             [kCIInputImageKey, kCIInputScaleKey, kCIInputAspectRatioKey, "inputB", "inputC"], "10.13", "11"),
            ("CIMaximumScaleTransform", "Maximum Scale Transform", kCICategoryGeometryAdjustment,
             [kCIInputImageKey, kCIInputScaleKey, kCIInputAspectRatioKey], "15.0", "18"),
            ("CIClamp", "Clamp", kCICategoryTileEffect, [kCIInputImageKey, kCIInputExtentKey], "10.12", "10"),
            ("CISampleNearest", "Sample Nearest", kCICategoryStylize, [kCIInputImageKey], "10.14", "12"),
        ]
        for (name, display, category, keys, mac, iOS) in expected {
            let filter = try #require(CIFilter(name: name), "\(name) missing")
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display, "\(name)")
            #expect(filter.inputKeys == keys, "\(name)")
            #expect(CIFilter.filterNames(inCategory: category).contains(name), "\(name) not in \(category)")
            #expect(CIFilter.filterNames(inCategory: kCICategoryHighDynamicRange).contains(name), "\(name) not HDR")
            #expect(filter.attributes[kCIAttributeFilterAvailable_Mac] as? String == mac, "\(name)")
            #expect(filter.attributes[kCIAttributeFilterAvailable_iOS] as? String == iOS, "\(name)")
        }
        let scale = try Self.attributes("CIBicubicScaleTransform", kCIInputScaleKey)
        #expect(Self.number(scale[kCIAttributeDefault]) == 1 && Self.number(scale[kCIAttributeIdentity]) == 1 && Self.number(scale[kCIAttributeMin]) == 0)
        #expect(Self.number(scale[kCIAttributeSliderMin]) == 0.05 && Self.number(scale[kCIAttributeSliderMax]) == 100)
        let c = try Self.attributes("CIBicubicScaleTransform", "inputC")
        #expect(Self.number(c[kCIAttributeDefault]) == 0.75 && Self.number(c[kCIAttributeMax]) == 1 && Self.number(c[kCIAttributeSliderMax]) == 1)
        #expect(Self.number(try Self.attributes("CIBicubicScaleTransform", "inputB")[kCIAttributeDefault]) == 0)
        let maximum = try Self.attributes("CIMaximumScaleTransform", kCIInputScaleKey)
        #expect(Self.number(maximum[kCIAttributeSliderMin]) == 0.05 && Self.number(maximum[kCIAttributeSliderMax]) == 1.5)
        #expect(try Self.attributes("CIClamp", kCIInputExtentKey)[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 0, z: 640, w: 80))
    }

    @Test func scalingIdentitiesAndExtents() {
        let pattern = TestImages.patternImage(width: 12, height: 10)
        let region = CGRect(x: 0, y: 0, width: 12, height: 10)
        for name in ["CIBicubicScaleTransform", "CIMaximumScaleTransform"] {
            #expect(Render.linearFloats(pattern.applyingFilter(name), region) == Render.linearFloats(pattern, region), "\(name)")
            #expect(pattern.applyingFilter(name, parameters: [kCIInputScaleKey: 0.5, kCIInputAspectRatioKey: 2]).extent
                    == CGRect(x: 0, y: 0, width: 12, height: 5), "\(name)")
            #expect(pattern.applyingFilter(name, parameters: [kCIInputScaleKey: 0]).extent.isEmpty, "\(name)")
        }
        // A flat image stays flat under the normalised cubic (inside, away from the clear border).
        let grey = CIImage(color: CIColor(red: 0.4, green: 0.4, blue: 0.4)).cropped(to: CGRect(x: 0, y: 0, width: 40, height: 40))
        let scaled = Render.linearFloats(grey.applyingFilter("CIBicubicScaleTransform", parameters: [kCIInputScaleKey: 0.37]),
                                         CGRect(x: 3, y: 3, width: 8, height: 8))
        #expect(Render.maxDifference(scaled, [Float](repeating: 0, count: scaled.count).enumerated().map { $0.offset % 4 == 3 ? 1 : Float(SRGB.toLinear(0.4)) }) <= 1e-5)
    }

    @Test func maximumScaleKeepsAThinBrightLine() {
        // A one-pixel white column at x = 5 in black 12 × 8; halving keeps it white in output column 2.
        let image = CIImage(color: .white).cropped(to: CGRect(x: 5, y: 0, width: 1, height: 8))
            .composited(over: CIImage(color: .black).cropped(to: CGRect(x: 0, y: 0, width: 12, height: 8)))
        let half = image.applyingFilter("CIMaximumScaleTransform", parameters: [kCIInputScaleKey: 0.5])
        #expect(half.extent == CGRect(x: 0, y: 0, width: 6, height: 4))
        let row = Render.linearFloats(half, CGRect(x: 0, y: 0, width: 6, height: 1))
        #expect(row == [0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1])
        // The Lanczos scale of the same image spreads the line below white.
        let lanczos = Render.linearFloats(image.applyingFilter("CILanczosScaleTransform", parameters: [kCIInputScaleKey: 0.5]),
                                          CGRect(x: 2, y: 1, width: 1, height: 1))
        #expect(lanczos[0] < 0.9)
    }

    @Test func clampRepeatsTheExtentsEdgesAndSampleNearestPixelates() throws {
        let pattern = TestImages.patternImage(width: 12, height: 10)
        let clamped = pattern.applyingFilter("CIClamp", parameters: [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 2, y: 1, width: 6, height: 5))])
        #expect(clamped.extent.isInfinite)
        #expect(Render.linearFloats(clamped, CGRect(x: -50, y: -40, width: 1, height: 1)) == Render.linearFloats(pattern, CGRect(x: 2, y: 1, width: 1, height: 1)))
        #expect(Render.linearFloats(clamped, CGRect(x: 100, y: 3, width: 1, height: 1)) == Render.linearFloats(pattern, CGRect(x: 7, y: 3, width: 1, height: 1)))
        #expect(CIFilter(name: "CIClamp", parameters: [kCIInputImageKey: pattern, kCIInputExtentKey: CIVector(cgRect: .zero)])?.outputImage == nil)
        // Nearest sampling: a 3× enlargement repeats every source pixel in a 3 × 3 block.
        let nearest = pattern.applyingFilter("CISampleNearest").transformed(by: CGAffineTransform(scaleX: 3, y: 3))
        let block = Render.linearFloats(nearest, CGRect(x: 6, y: 9, width: 3, height: 3))
        let source = Render.linearFloats(pattern, CGRect(x: 2, y: 3, width: 1, height: 1))
        #expect(block == Array((0..<9).map { _ in source }.joined()))
        #expect(Render.linearFloats(pattern.applyingFilter("CISampleNearest"), CGRect(x: 0, y: 0, width: 12, height: 10))
                == Render.linearFloats(pattern, CGRect(x: 0, y: 0, width: 12, height: 10)))
    }

    @Test func typedFiltersShareTheStringStore() {
        let bicubic = CIFilter.bicubicScaleTransform()
        #expect(bicubic.scale == 1 && bicubic.aspectRatio == 1 && bicubic.parameterB == 0 && bicubic.parameterC == 0.75)
        bicubic.parameterB = 1.0 / 3
        #expect(FilterValuesProbe.number(bicubic.value(forKey: "inputB")) == Double(Float(1.0 / 3)))
        let maximum = CIFilter.maximumScaleTransform()
        maximum.scale = 0.5
        maximum.inputImage = TestImages.patternImage(width: 8, height: 6)
        bicubic.inputImage = maximum.inputImage
        #expect(maximum.outputImage?.extent == CGRect(x: 0, y: 0, width: 4, height: 3) && bicubic.outputImage != nil)
    }

    @Test(.enabled(if: TestMedia.folder != nil, "needs the shared media corpus"))
    func renderAtDefaultsOnAPhoto() throws {
        let url = try #require(TestMedia.url("images/no_metadata.jpg"))
        let photo = try #require(CIImage(contentsOf: url))
        let crop = CGRect(x: 200, y: 40, width: 64, height: 32)
        for name in ["CIBicubicScaleTransform", "CIMaximumScaleTransform", "CIClamp", "CISampleNearest"] {
            let output = try #require(photo.applyingFilter(name, parameters: [:]) as CIImage?, "\(name)")
            #expect(!Render.linearFloats(output, crop).contains { !$0.isFinite }, "\(name)")
        }
        let small = photo.applyingFilter("CIBicubicScaleTransform", parameters: [kCIInputScaleKey: 0.1])
        #expect(small.extent == CGRect(x: 0, y: 0, width: 160, height: 108))
        let values = Render.linearFloats(small, small.extent)
        #expect(!values.contains { !$0.isFinite } && values.contains { $0 > 0.05 })
    }
}
