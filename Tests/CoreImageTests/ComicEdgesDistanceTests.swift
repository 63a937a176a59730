import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The comic effect, edge work and the distance gradients from a red mask (issue 19) beyond their numpy references
/// (`FilterReferenceCases+ComicEdges.swift`): Apple's attributes, how the stages compose, and distances measured.
@Suite struct ComicEdgesDistanceTests {
    static let region = CGRect(x: 0, y: 0, width: 40, height: 30)

    static func pixel(_ values: [Float], _ x: Int, _ y: Int, width: Int = 40, height: Int = 30) -> [Float] {
        let start = ((height - 1 - y) * width + x) * 4
        return Array(values[start..<(start + 4)])
    }

    /// White from x = 20 on black, over the region.
    static let step = CIImage(color: CIColor(red: 1, green: 1, blue: 1)).cropped(to: CGRect(x: 20, y: 0, width: 20, height: 30))
        .composited(over: CIImage(color: CIColor(red: 0, green: 0, blue: 0)).cropped(to: region))

    @Test func attributesMatchApple() throws {
        for (name, display, categories) in [("CIComicEffect", "Comic Effect", [kCICategoryStylize, kCICategoryVideo, kCICategoryStillImage]),
                                             ("CIEdgeWork", "Edge Work", [kCICategoryStylize, kCICategoryVideo, kCICategoryStillImage]),
                                             ("CIDistanceGradientFromRedMask", "Distance Gradient From Red Mask", [kCICategoryGradient, kCICategoryVideo, kCICategoryStillImage]),
                                             ("CISignedDistanceGradientFromRedMask", "Signed Distance Gradient From Red Mask",
                                              [kCICategoryGradient, kCICategoryVideo, kCICategoryStillImage])] {
            let filter = try #require(CIFilter(name: name))
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.attributes[kCIAttributeFilterCategories] as? [String] == categories + [kCICategoryBuiltIn])
        }
        #expect(CIFilter(name: "CIComicEffect")?.inputKeys == [kCIInputImageKey])
        let radius = try #require(CIFilter(name: "CIEdgeWork")?.attributes[kCIInputRadiusKey] as? [String: Any])
        #expect(FilterValuesProbe.number(radius[kCIAttributeDefault]) == 3 && FilterValuesProbe.number(radius[kCIAttributeMin]) == 0
                && FilterValuesProbe.number(radius[kCIAttributeSliderMax]) == 20 && radius[kCIAttributeType] as? String == kCIAttributeTypeDistance)
        for name in ["CIDistanceGradientFromRedMask", "CISignedDistanceGradientFromRedMask"] {
            let maximum = try #require(CIFilter(name: name)?.attributes["inputMaximumDistance"] as? [String: Any])
            #expect(FilterValuesProbe.number(maximum[kCIAttributeDefault]) == 10 && FilterValuesProbe.number(maximum[kCIAttributeMin]) == 0
                    && FilterValuesProbe.number(maximum[kCIAttributeMax]) == 1000)
        }
        #expect(CIFilter.comicEffect().inputImage == nil && CIFilter.edgeWork().radius == 3)
        #expect(CIFilter.distanceGradientFromRedMask().maximumDistance == 10 && CIFilter.signedDistanceGradientFromRedMask().maximumDistance == 10)
    }

    @Test func comicEffectIsTheHalftonedPageUnderTheLines() throws {
        // Where the image is flat there are no lines: the output is the CMYK halftone of the spot colours, exactly.
        let flat = CIImage(color: CIColor(red: 0.6, green: 0.4, blue: 0.3)).cropped(to: Self.region)
        let comic = CIFilter.comicEffect(); comic.inputImage = flat
        let page = flat.applyingFilter("CISpotColor").applyingFilter("CICMYKHalftone")
        #expect(Render.maxDifference(Render.linearFloats(try #require(comic.outputImage), Self.region), Render.linearFloats(page, Self.region)) <= 1e-6)
        // Across a black-to-white step the line is black ink, opaque.
        comic.inputImage = Self.step
        let out = Render.linearFloats(try #require(comic.outputImage), Self.region)
        for y in [2, 15, 27] {
            #expect(Render.maxDifference(Self.pixel(out, 19, y), [0, 0, 0, 1]) <= 1e-6 && Render.maxDifference(Self.pixel(out, 20, y), [0, 0, 0, 1]) <= 1e-6)
        }
        #expect(comic.outputImage?.extent == Self.region)
    }

    @Test func edgeWorkCutsWhiteLinesWhoseWidthGrowsWithTheRadius() throws {
        let flat = Render.linearFloats(CIImage(color: CIColor(red: 0.3, green: 0.5, blue: 0.7)).cropped(to: Self.region).applyingFilter("CIEdgeWork"), Self.region)
        for index in stride(from: 0, to: flat.count, by: 4) { #expect(Array(flat[index..<(index + 4)]) == [0, 0, 0, 1]) }
        func whiteColumns(_ radius: Double) -> Int {
            let out = Render.linearFloats(Self.step.applyingFilter("CIEdgeWork", parameters: [kCIInputRadiusKey: radius]), Self.region)
            let row = (0..<40).map { Self.pixel(out, $0, 15) }
            for p in row { #expect(p[0] == p[1] && p[1] == p[2] && p[3] == 1) }
            #expect(row[19][0] > 0.99 && row[20][0] > 0.99 && row[2][0] == 0 && row[37][0] == 0)
            return row.filter { $0[0] > 0.5 }.count
        }
        let thin = whiteColumns(0), medium = whiteColumns(3), thick = whiteColumns(8)
        #expect(thin == 2 && medium > thin && thick > medium, "\(thin) \(medium) \(thick)")
    }

    @Test func cannyFindsOneThinLineAlongAStep() throws {
        let attributes = try #require(CIFilter(name: "CICannyEdgeDetector")?.attributes)
        #expect(attributes[kCIAttributeFilterDisplayName] as? String == "Canny Edge Detector")
        #expect(attributes[kCIAttributeFilterCategories] as? [String]
                == [kCICategoryStylize, kCICategoryVideo, kCICategoryStillImage, kCICategoryHighDynamicRange, kCICategoryBuiltIn])
        let passes = try #require(attributes["inputHysteresisPasses"] as? [String: Any])
        #expect(FilterValuesProbe.number(passes[kCIAttributeDefault]) == 1 && FilterValuesProbe.number(passes[kCIAttributeMax]) == 20
                && passes[kCIAttributeType] as? String == kCIAttributeTypeInteger)
        let canny = CIFilter.cannyEdgeDetector()
        #expect(canny.gaussianSigma == 1.6 && canny.thresholdHigh == 0.05 && canny.thresholdLow == 0.02 && canny.hysteresisPasses == 1 && !canny.perceptual)
        // The gradient of the blurred step is largest, and equal up to rounding, on columns 19 and 20: suppression
        // keeps exactly one of them, the same in every row; everything else is opaque black.
        canny.inputImage = Self.step
        let out = Render.linearFloats(try #require(canny.outputImage), Self.region)
        let column = Self.pixel(out, 19, 0) == [1, 1, 1, 1] ? 19 : 20
        for y in 0..<30 {
            for x in 0..<40 { #expect(Self.pixel(out, x, y) == (x == column ? [1, 1, 1, 1] : [0, 0, 0, 1]), "(\(x), \(y))") }
        }
        #expect(canny.outputImage?.extent == Self.region)
        // Above the step's largest gradient (about ¼ per pixel at σ 1.6) nothing is an edge, even as a candidate.
        canny.thresholdHigh = 0.3; canny.thresholdLow = 0.1
        #expect(Render.linearFloats(try #require(canny.outputImage), Self.region).enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })
        // More hysteresis passes only add edges.
        func edges(_ passes: Int) -> Set<Int> {
            let filter = CIFilter.cannyEdgeDetector()
            filter.inputImage = TestImages.patternImage(width: 40, height: 30); filter.gaussianSigma = 1; filter.thresholdHigh = 0.08
            filter.thresholdLow = 0.01; filter.hysteresisPasses = passes
            let values = Render.linearFloats(filter.outputImage!, Self.region)
            return Set(stride(from: 0, to: values.count, by: 4).filter { values[$0] == 1 })
        }
        let none = edges(0), one = edges(1), many = edges(6)
        #expect(none.isSubset(of: one) && one.isSubset(of: many) && none.count < many.count, "\(none.count) \(one.count) \(many.count)")
    }

    @Test func toneMapHeadroomBringsTheSourceHeadroomToTheTarget() throws {
        let attributes = try #require(CIFilter(name: "CIToneMapHeadroom")?.attributes)
        #expect(attributes[kCIAttributeFilterDisplayName] as? String == "Tone Map Headroom")
        for key in ["inputSourceHeadroom", "inputTargetHeadroom"] {
            let range = try #require(attributes[key] as? [String: Any])
            #expect(FilterValuesProbe.number(range[kCIAttributeMin]) == 1 && FilterValuesProbe.number(range[kCIAttributeMax]) == 32)
        }
        // Greys 0…8 through S = 4, T = 1.5: slope 1 at black, increasing, 4 (and beyond) to exactly 1.5, alpha kept.
        let levels: [Float] = [0, 0.01, 0.5, 1, 2, 3, 4, 6, 8]
        let row = levels.enumerated().map { i, v in
            CIImage(color: CIColor(red: CGFloat(v), green: CGFloat(v), blue: CGFloat(v), alpha: 1, colorSpace: CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!)!)
                .cropped(to: CGRect(x: i, y: 0, width: 1, height: 1))
        }.reduce(CIImage.empty()) { $1.composited(over: $0) }
        let filter = CIFilter.toneMapHeadroom()
        filter.inputImage = row; filter.sourceHeadroom = 4; filter.targetHeadroom = 1.5
        let out = Render.linearFloats(try #require(filter.outputImage), CGRect(x: 0, y: 0, width: levels.count, height: 1))
        let mapped = stride(from: 0, to: out.count, by: 4).map { out[$0] }
        #expect(abs(mapped[1] - 0.01) < 1e-4 && mapped[0] == 0)
        for i in 1..<levels.count { #expect(mapped[i] >= mapped[i - 1]) }
        #expect(abs(mapped[6] - 1.5) < 1e-5 && abs(mapped[7] - 1.5) < 1e-5 && abs(mapped[8] - 1.5) < 1e-5 && mapped[5] < 1.5)
        for i in 0..<levels.count { #expect(out[i * 4] == out[i * 4 + 1] && out[i * 4 + 3] == 1) }
        // Nothing to compress: the image is unchanged.
        filter.sourceHeadroom = 1.5; filter.targetHeadroom = 2
        #expect(Render.linearFloats(try #require(filter.outputImage), CGRect(x: 0, y: 0, width: levels.count, height: 1))
                == Render.linearFloats(row, CGRect(x: 0, y: 0, width: levels.count, height: 1)))
    }

    @Test func lensCorrectionWithoutCalibrationDataGivesNoOutput() throws {
        let filter = try #require(CIFilter(name: "CICameraCalibrationLensCorrection"))
        #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == "Lens Correction for AVC")
        let data = try #require(filter.attributes["inputAVCameraCalibrationData"] as? [String: Any])
        #expect(data[kCIAttributeClass] as? String == "AVCameraCalibrationData")
        filter.setValue(TestImages.patternImage(width: 12, height: 10), forKey: kCIInputImageKey)
        filter.setValue(true, forKey: "inputUseInverseLookUpTable")
        #expect(filter.outputImage == nil)
    }

    /// A 9×9 red square at (10…18, 10…18) on clear.
    static let square = CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 10, y: 10, width: 9, height: 9))

    @Test func distanceIsExactBetweenPixelCentresAndClampsAtTheMaximum() throws {
        let filter = CIFilter.distanceGradientFromRedMask()
        filter.inputImage = Self.square; filter.maximumDistance = 12
        let output = try #require(filter.outputImage)
        #expect(output.extent.isInfinite)
        let out = Render.linearFloats(output, Self.region)
        #expect(Self.pixel(out, 14, 14) == [0, 0, 0, 1] && Self.pixel(out, 10, 18) == [0, 0, 0, 1])
        for (x, y, d) in [(9, 14, 1.0), (5, 14, 5), (5, 5, (50.0).squareRoot()), (22, 21, (25.0).squareRoot()), (30, 14, 12), (39, 29, 12)] {
            let v = Float(min(d / 12, 1))
            #expect(Render.maxDifference(Self.pixel(out, x, y), [v, v, v, 1]) <= 1e-6, "(\(x), \(y))")
        }
        // The same pixels rendered in a small region (other tiles, other regions of interest) agree.
        let small = Render.linearFloats(output, CGRect(x: 4, y: 4, width: 3, height: 3))
        #expect(Render.maxDifference(Array(small[16..<20]), Self.pixel(out, 5, 5)) == 0)
        // Far from any mask, and with no mask at all, the value is 1.
        let far = Render.linearFloats(output, CGRect(x: 500, y: -300, width: 2, height: 2))
        #expect(far == [Float](repeating: 1, count: 16))
        let none = Render.linearFloats(CIImage(color: CIColor(red: 0.4, green: 1, blue: 1)).cropped(to: Self.region).applyingFilter("CIDistanceGradientFromRedMask"),
                                       CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(none == [1, 1, 1, 1, 1, 1, 1, 1])
    }

    @Test func signedDistanceIsNegativeInsideTheMask() throws {
        let filter = CIFilter.signedDistanceGradientFromRedMask()
        filter.inputImage = Self.square; filter.maximumDistance = 10
        let out = Render.linearFloats(try #require(filter.outputImage), Self.region)
        // The centre pixel (14, 14) is 5 pixels from the nearest pixel outside; the border pixels 1.
        for (x, y, v) in [(14, 14, Float(-0.5)), (10, 14, -0.1), (18, 18, -0.1), (9, 14, 0.1), (4, 14, 0.6), (14, 25, 0.7), (35, 14, 1)] {
            #expect(Render.maxDifference(Self.pixel(out, x, y), [v, v, v, 1]) <= 1e-6, "(\(x), \(y))")
        }
        // A maximum of 0 leaves only the signs: −0 would be ambiguous, so the inside is −1 and the outside 1.
        filter.maximumDistance = 0
        let signs = Render.linearFloats(try #require(filter.outputImage), Self.region)
        #expect(Self.pixel(signs, 14, 14) == [-1, -1, -1, 1] && Self.pixel(signs, 2, 2) == [1, 1, 1, 1])
    }
}
