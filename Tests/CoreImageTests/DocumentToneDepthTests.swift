import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// CIDocumentEnhancer, CISystemToneMap and CIDepthBlurEffect beyond their numpy references
/// (`FilterReferenceCases+DocumentToneDepth.swift`): Apple's attributes and the effects measured on synthetic scenes.
@Suite struct DocumentToneDepthTests {
    /// A float image in extended linear sRGB from `f(x, y)` (y up, opaque unless `f` says otherwise).
    static func image(_ width: Int, _ height: Int, _ f: (Int, Int) -> SIMD4<Float>) -> CIImage {
        var values = [Float]()
        values.reserveCapacity(width * height * 4)
        for row in 0..<height {
            for x in 0..<width {
                let p = f(x, height - 1 - row)
                values += [p.x * p.w, p.y * p.w, p.z * p.w, p.w]
            }
        }
        return CIImage(bitmapData: values.withUnsafeBytes { Data($0) }, bytesPerRow: width * 16, size: CGSize(width: width, height: height),
                       format: .RGBAf, colorSpace: CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!)
    }

    static func grey(_ v: Float) -> SIMD4<Float> { SIMD4(v, v, v, 1) }

    /// The red values of `image` over (0, 0, width, height), indexed [y][x] with y up.
    static func reds(_ image: CIImage, _ width: Int, _ height: Int) -> [[Float]] {
        let values = Render.linearFloats(image, CGRect(x: 0, y: 0, width: width, height: height))
        return (0..<height).map { y in (0..<width).map { x in values[((height - 1 - y) * width + x) * 4] } }
    }

    // MARK: - CIDocumentEnhancer

    /// A 160×120 page: paper of reflectance 0.8 with rows of ink strokes (0.06, 2 px wide, 8 px tall) under light
    /// falling from 0.35 on the left to 1 on the right, and a little from top to bottom.
    static let pageSize = (width: 160, height: 120)
    static func isInk(_ x: Int, _ y: Int) -> Bool { y % 16 >= 4 && y % 16 < 12 && x % 6 < 2 && x >= 6 && x < 154 }
    static func light(_ x: Int, _ y: Int) -> Float { (0.35 + 0.65 * Float(x) / 159) * (0.9 + 0.1 * Float(y) / 119) }
    static let page = image(pageSize.width, pageSize.height) { x, y in grey((isInk(x, y) ? 0.06 : 0.8) * light(x, y)) }

    /// The paper's relative brightness variation, (max − min)/mean, and the mean paper − mean ink difference in the
    /// darkest band (x < 40) of a rendering of the page.
    static func pageStatistics(_ values: [[Float]]) -> (variation: Float, darkContrast: Float, michelson: Float) {
        var paper = [Float](), darkPaper = [Float](), darkInk = [Float]()
        for y in 0..<pageSize.height {
            for x in 0..<pageSize.width {
                // Paper at least 2 px from ink (the strokes' own edges are not paper).
                let nearInk = (-2...2).contains { dy in (-2...2).contains { dx in isInk(x + dx, y + dy) } }
                if !nearInk { paper.append(values[y][x]); if x < 40 { darkPaper.append(values[y][x]) } }
                if isInk(x, y) && x < 40 { darkInk.append(values[y][x]) }
            }
        }
        func mean(_ v: [Float]) -> Float { v.reduce(0, +) / Float(v.count) }
        let p = mean(darkPaper), i = mean(darkInk)
        return ((paper.max()! - paper.min()!) / mean(paper), p - i, (p - i) / (p + i))
    }

    @Test func documentEnhancerFlattensShadingWhitensPaperAndRaisesTextContrast() throws {
        let before = Self.pageStatistics(Self.reds(Self.page, Self.pageSize.width, Self.pageSize.height))
        let filter = CIFilter.documentEnhancer()
        filter.inputImage = Self.page
        #expect(filter.amount == 1)
        let output = try #require(filter.outputImage)
        #expect(output.extent == Self.page.extent)
        let values = Self.reds(output, Self.pageSize.width, Self.pageSize.height)
        let after = Self.pageStatistics(values)
        // Paper: 0.25…0.8 before (variation ≈ 1.05); after within 5 % of its mean, and white (≥ 0.95).
        #expect(before.variation > 0.9)
        #expect(after.variation < 0.05, "paper variation \(after.variation)")
        #expect(values[60][3] > 0.95 && values[60][157] > 0.95)
        // Text in the shadow: paper − ink rises from ≈ 0.28 to above 0.9, and the Michelson contrast rises too.
        #expect(before.darkContrast < 0.35 && after.darkContrast > 0.9, "\(before.darkContrast) → \(after.darkContrast)")
        #expect(after.michelson > before.michelson + 0.05, "\(before.michelson) → \(after.michelson)")
    }

    @Test func documentEnhancerAmountZeroIsTheInputAndMoreAmountDarkensInk() throws {
        let region = CGRect(x: 0, y: 0, width: Self.pageSize.width, height: Self.pageSize.height)
        let zero = Self.page.applyingFilter("CIDocumentEnhancer", parameters: [kCIInputAmountKey: 0])
        #expect(Render.maxDifference(Render.linearFloats(zero, region), Render.linearFloats(Self.page, region)) == 0)
        let one = Self.reds(Self.page.applyingFilter("CIDocumentEnhancer", parameters: [kCIInputAmountKey: 1]), 160, 120)
        let four = Self.reds(Self.page.applyingFilter("CIDocumentEnhancer", parameters: [kCIInputAmountKey: 4]), 160, 120)
        #expect(four[6][6] < one[6][6] && abs(four[2][3] - one[2][3]) < 0.02)
    }

    @Test func documentEnhancerAttributesMatchApple() throws {
        let filter = try #require(CIFilter(name: "CIDocumentEnhancer"))
        #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == "Document Enhancer")
        #expect(filter.attributes[kCIAttributeFilterCategories] as? [String]
                == [kCICategoryColorEffect, kCICategoryNonSquarePixels, kCICategoryStillImage, kCICategoryBuiltIn])
        #expect(filter.inputKeys == [kCIInputImageKey, kCIInputAmountKey])
        let amount = try #require(filter.attributes[kCIInputAmountKey] as? [String: Any])
        #expect(FilterValuesProbe.number(amount[kCIAttributeDefault]) == 1 && FilterValuesProbe.number(amount[kCIAttributeMin]) == 0
                && FilterValuesProbe.number(amount[kCIAttributeMax]) == 10 && FilterValuesProbe.number(amount[kCIAttributeSliderMax]) == 10)
    }

    // MARK: - CISystemToneMap

    /// Greys 0…6 (linear) in a row of 7 pixels, and a saturated HDR colour.
    static let hdrRow = image(8, 1) { x, _ in x < 7 ? grey([0, 0.01, 0.5, 1, 2, 4, 6][x]) : SIMD4(3, 1.5, 0.3, 1) }

    @Test func systemToneMapBringsThePeakToTheTargetHeadroom() throws {
        let filter = CIFilter.systemToneMap()
        filter.inputImage = Self.hdrRow
        #expect(filter.displayHeadroom == 1 && filter.preferredDynamicRange == nil)
        let region = CGRect(x: 0, y: 0, width: 8, height: 1)
        let cases: [(CIDynamicRangeOption?, Float, Float)] = [(.standard, 4, 1), (.high, 4, 4), (nil, 2, 2), (.constrainedHigh, 4, 2)]
        for (option, display, target) in cases {
            filter.preferredDynamicRange = option; filter.displayHeadroom = display
            let out = Render.linearFloats(try #require(filter.outputImage), region)
            let greys = (0..<7).map { out[$0 * 4] }
            // The peak (6) lands on the target exactly; order kept; slope 1 near black; alpha kept.
            #expect(abs(greys[6] - target) < 1e-5, "\(String(describing: option)) \(greys)")
            for i in 1..<7 { #expect(greys[i] > greys[i - 1]) }
            #expect(abs(greys[1] - 0.01) < 2e-4 && greys[0] == 0)
            #expect(out.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 1 })
            // The colour keeps its ratios (hue): 3 : 1.5 : 0.3.
            #expect(abs(out[29] / out[28] - 0.5) < 1e-5 && abs(out[30] / out[28] - 0.1) < 1e-5)
        }
    }

    @Test func systemToneMapLeavesContentWithinTheTargetUnchanged() throws {
        let sdr = TestImages.patternImage(width: 12, height: 10)
        let region = CGRect(x: 0, y: 0, width: 12, height: 10)
        for range in ["kCIDynamicRangeStandard", "kCIDynamicRangeHigh"] {
            let out = sdr.applyingFilter("CISystemToneMap", parameters: ["inputPreferredDynamicRange": range])
            #expect(Render.maxDifference(Render.linearFloats(out, region), Render.linearFloats(sdr, region)) == 0)
        }
        // HDR content on a display with more headroom than the content: unchanged too.
        let out = Self.hdrRow.applyingFilter("CISystemToneMap", parameters: ["inputDisplayHeadroom": 8])
        let row = CGRect(x: 0, y: 0, width: 8, height: 1)
        #expect(Render.maxDifference(Render.linearFloats(out, row), Render.linearFloats(Self.hdrRow, row)) == 0)
    }

    @Test func systemToneMapAttributesMatchApple() throws {
        let filter = try #require(CIFilter(name: "CISystemToneMap"))
        #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == "System Tone Map")
        #expect(filter.inputKeys == [kCIInputImageKey, "inputDisplayHeadroom", "inputPreferredDynamicRange"])
        let range = try #require(filter.attributes["inputPreferredDynamicRange"] as? [String: Any])
        #expect(range[kCIAttributeClass] as? String == "NSString")
        let headroom = try #require(filter.attributes["inputDisplayHeadroom"] as? [String: Any])
        #expect(FilterValuesProbe.number(headroom[kCIAttributeDefault]) == 1 && FilterValuesProbe.number(headroom[kCIAttributeMin]) == 1)
        #expect((filter.attributes[kCIAttributeFilterCategories] as? [String])?.contains(kCICategoryHighDynamicRange) == true)
        #expect(CIDynamicRangeOption.standard.rawValue == "kCIDynamicRangeStandard"
                && CIDynamicRangeOption.constrainedHigh.rawValue == "kCIDynamicRangeConstrainedHigh"
                && CIDynamicRangeOption.high.rawValue == "kCIDynamicRangeHigh")
    }

    // MARK: - CIDepthBlurEffect

    /// A 96×64 scene: a near plane (x < 48, disparity 1) and a far plane (disparity 0.2), both a 2-px checkerboard.
    static let scene = image(96, 64) { x, y in grey((x / 2 + y / 2) % 2 == 0 ? (x < 48 ? 0.8 : 0.7) : (x < 48 ? 0.1 : 0.2)) }
    static let disparity = image(96, 64) { x, _ in grey(x < 48 ? 1 : 0.2) }

    /// The mean squared horizontal and vertical neighbour differences of `values` over x in `xs`, y in 4..<60.
    static func detailEnergy(_ values: [[Float]], _ xs: Range<Int>) -> Float {
        var sum: Float = 0, count: Float = 0
        for y in 4..<60 {
            for x in xs {
                let dx = values[y][x + 1] - values[y][x], dy = values[y + 1][x] - values[y][x]
                sum += dx * dx + dy * dy; count += 1
            }
        }
        return sum / count
    }

    static func depthBlur(_ parameters: [String: Any], image: CIImage = scene) throws -> [[Float]] {
        var all: [String: Any] = ["inputDisparityImage": disparity]
        all.merge(parameters) { $1 }
        let output = image.applyingFilter("CIDepthBlurEffect", parameters: all)
        #expect(output.extent == image.extent)
        return reds(output, 96, 64)
    }

    @Test func depthBlurKeepsTheFocusedPlaneSharpAndBlursTheOther() throws {
        let input = Self.reds(Self.scene, 96, 64)
        // Focus on the near plane (normalised rectangle inside it).
        let near = try Self.depthBlur(["inputAperture": 4, "inputFocusRect": CIVector(x: 0.05, y: 0.2, z: 0.3, w: 0.6)])
        let sharpBefore = Self.detailEnergy(input, 0..<47), farBefore = Self.detailEnergy(input, 49..<95)
        #expect(Self.detailEnergy(near, 0..<47) == sharpBefore)                    // in focus: exactly the input
        #expect((0..<64).allSatisfy { y in (0..<48).allSatisfy { x in near[y][x] == input[y][x] } })
        #expect(Self.detailEnergy(near, 60..<95) < 0.02 * farBefore, "\(Self.detailEnergy(near, 60..<95)) vs \(farBefore)")
        // Without a focus rectangle the nearest surface is in focus: the same result.
        #expect(try Self.depthBlur(["inputAperture": 4]) == near)
        // Focus on the far plane: it stays sharp and the near plane blurs.
        let far = try Self.depthBlur(["inputAperture": 4, "inputFocusRect": CIVector(x: 0.6, y: 0.2, z: 0.3, w: 0.6)])
        #expect((0..<64).allSatisfy { y in (48..<96).allSatisfy { x in far[y][x] == input[y][x] } })
        #expect(Self.detailEnergy(far, 1..<36) < 0.02 * sharpBefore)
        // A wider aperture blurs more.
        let narrow = try Self.depthBlur(["inputAperture": 1])
        #expect(Self.detailEnergy(narrow, 60..<95) > Self.detailEnergy(near, 60..<95))
    }

    @Test func depthBlurApertureZeroIsTheInput() throws {
        let input = Self.reds(Self.scene, 96, 64)
        #expect(try Self.depthBlur([:]) == input)
        #expect(try Self.depthBlur(["inputAperture": 0, "inputFocusRect": CIVector(x: 0.6, y: 0.2, z: 0.3, w: 0.6)]) == input)
        #expect(try Self.depthBlur(["inputAperture": 6, "inputScaleFactor": 0]) == input)
    }

    @Test func depthBlurStretchesASmallerDisparityMapAndHonoursTheMatte() throws {
        let input = Self.reds(Self.scene, 96, 64)
        // A 24×16 disparity map over the 96×64 image: the far plane still blurs, the near plane's inside stays sharp
        // (bilinear stretching may leave disparities an ulp from 1 there).
        let small = Self.image(24, 16) { x, _ in Self.grey(x < 12 ? 1 : 0.2) }
        let stretched = try Self.depthBlur(["inputAperture": 4, "inputDisparityImage": small])
        #expect((0..<64).allSatisfy { y in (0..<44).allSatisfy { x in abs(stretched[y][x] - input[y][x]) < 1e-5 } })
        #expect(Self.detailEnergy(stretched, 60..<95) < 0.02 * Self.detailEnergy(input, 60..<95))
        // A matte over the far plane protects it.
        let matte = Self.image(96, 64) { x, _ in Self.grey(x >= 48 ? 1 : 0) }
        let protected = try Self.depthBlur(["inputAperture": 4, "inputMatteImage": matte])
        #expect((0..<64).allSatisfy { y in (48..<96).allSatisfy { x in protected[y][x] == input[y][x] } })
        // Luma noise lands on blurred areas only.
        let plain = try Self.depthBlur(["inputAperture": 4])
        let noisy = try Self.depthBlur(["inputAperture": 4, "inputLumaNoiseScale": 0.1])
        #expect((0..<64).allSatisfy { y in (0..<48).allSatisfy { x in noisy[y][x] == plain[y][x] } })
        let change = (60..<95).map { abs(noisy[30][$0] - plain[30][$0]) }
        #expect(change.max()! > 0.005 && change.max()! <= 0.04 + 1e-6)
    }

    @Test func depthBlurAttributesAndMissingInputs() throws {
        let filter = try #require(CIFilter(name: "CIDepthBlurEffect"))
        #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == "Depth Blur Effect")
        #expect(filter.attributes[kCIAttributeFilterCategories] as? [String]
                == [kCICategoryBlur, kCICategoryVideo, kCICategoryStillImage, kCICategoryHighDynamicRange, kCICategoryBuiltIn])
        #expect(filter.inputKeys == [kCIInputImageKey, "inputDisparityImage", "inputMatteImage", "inputHairImage", "inputGlassesImage",
                                     "inputGainMap", "inputAperture", "inputLeftEyePositions", "inputRightEyePositions", "inputChinPositions",
                                     "inputNosePositions", "inputFocusRect", "inputLumaNoiseScale", "inputScaleFactor", "inputCalibrationData",
                                     "inputAuxDataMetadata", "inputShape"])
        let aperture = try #require(filter.attributes["inputAperture"] as? [String: Any])
        #expect(FilterValuesProbe.number(aperture[kCIAttributeDefault]) == 0 && FilterValuesProbe.number(aperture[kCIAttributeMax]) == 22)
        let noise = try #require(filter.attributes["inputLumaNoiseScale"] as? [String: Any])
        #expect(FilterValuesProbe.number(noise[kCIAttributeMax]) == 0.1)
        #expect((filter.attributes["inputCalibrationData"] as? [String: Any])?[kCIAttributeClass] as? String == "AVCameraCalibrationData")
        #expect((filter.attributes["inputAuxDataMetadata"] as? [String: Any])?[kCIAttributeClass] as? String == "CGImageMetadataRef")
        #expect((filter.attributes["inputFocusRect"] as? [String: Any])?[kCIAttributeType] as? String == kCIAttributeTypeRectangle)
        // No disparity map: no output. Landmarks and the shape are accepted and change nothing.
        filter.setValue(Self.scene, forKey: kCIInputImageKey)
        filter.setValue(4, forKey: "inputAperture")
        #expect(filter.outputImage == nil)
        filter.setValue(Self.disparity, forKey: "inputDisparityImage")
        let plain = Self.reds(try #require(filter.outputImage), 96, 64)
        filter.setValue(CIVector(x: 20, y: 30), forKey: "inputLeftEyePositions")
        filter.setValue("circle", forKey: "inputShape")
        #expect(Self.reds(try #require(filter.outputImage), 96, 64) == plain)
    }

    // MARK: - Hostile values

    /// Every number and vector component (focus rectangle included) at an extreme: each filter renders or fails with
    /// a reason; none traps or allocates without bound.
    @Test(arguments: [1e8, -1e8, 0, 3.3e75])
    func extremeValuesRenderOrFailWithAReason(value: Double) throws {
        let bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        let source = CIImage(color: CIColor(red: 0.5, green: 0.4, blue: 0.3)).cropped(to: bounds)
        for name in ["CIDocumentEnhancer", "CISystemToneMap", "CIDepthBlurEffect"] {
            let filter = try #require(CIFilter(name: name))
            NewFilterHostileParameterTests.setEveryInput(of: filter, to: value, images: source, vectorLength: 4)
            let output = try #require(filter.outputImage, "\(name) at \(value)")
            let context = CIContext()
            if context.createCGImage(output, from: bounds) == nil {
                #expect(context.lastRenderError != nil, "\(name) at \(value) failed without a reason")
            }
        }
    }
}
