import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The transitions of issue 19 beyond their numpy references (`FilterReferenceCases+Transitions.swift`): Apple's
/// attributes, time 0 and 1 equal to the source and the target, a property of each in the middle, the typed API.
@Suite struct MoreTransitionTests {
    static let rect = CGRect(x: 0, y: 0, width: 40, height: 30)
    static let names = ["CIAccordionFoldTransition", "CICopyMachineTransition", "CIDisintegrateWithMaskTransition", "CIFlashTransition",
                        "CIModTransition", "CIPageCurlTransition", "CIPageCurlWithShadowTransition", "CIRippleTransition"]
    static var image: CIImage { TestImages.patternImage(width: 40, height: 30) }
    static var target: CIImage { TestImages.alphaPattern(width: 40, height: 30, seed: 1) }

    static func pixel(_ values: [Float], _ x: Int, _ y: Int) -> [Float] {
        let start = ((29 - y) * 40 + x) * 4
        return Array(values[start..<(start + 4)])
    }

    static func render(_ name: String, _ parameters: [String: Any]) -> [Float] {
        var all = parameters
        all[kCIInputTargetImageKey] = target
        if name == "CIDisintegrateWithMaskTransition", all[kCIInputMaskImageKey] == nil {
            all[kCIInputMaskImageKey] = TestImages.alphaPattern(width: 40, height: 30, seed: 2)
        }
        return Render.linearFloats(image.applyingFilter(name, parameters: all), rect)
    }

    @Test func attributesMatchApple() throws {
        let displays = ["Accordion Fold Transition", "Copy Machine", "Disintegrate With Mask", "Flash", "Mod", "Page Curl", "Page Curl With Shadow", "Ripple"]
        let transitions = Set(CIFilter.filterNames(inCategory: kCICategoryTransition))
        for (name, display) in zip(Self.names, displays) {
            let filter = try #require(CIFilter(name: name), "\(name)")
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryTransition, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
            #expect(Array(filter.inputKeys.prefix(2)) == [kCIInputImageKey, kCIInputTargetImageKey], "\(name)")
            let time = try #require(filter.attributes[kCIInputTimeKey] as? [String: Any])
            #expect(FilterValuesProbe.number(time[kCIAttributeMax]) == 1 && time[kCIAttributeType] as? String == kCIAttributeTypeTime)
            #expect(transitions.contains(name))
        }
        func attribute(_ name: String, _ key: String) throws -> [String: Any] {
            try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) \(key)")
        }
        let folds = try attribute("CIAccordionFoldTransition", "inputNumberOfFolds")
        #expect(FilterValuesProbe.number(folds[kCIAttributeDefault]) == 3 && FilterValuesProbe.number(folds[kCIAttributeMax]) == 50
                && FilterValuesProbe.number(folds[kCIAttributeSliderMax]) == 10)
        let opacity = try attribute("CICopyMachineTransition", "inputOpacity")
        #expect(FilterValuesProbe.number(opacity[kCIAttributeDefault]) == 1.3 && FilterValuesProbe.number(opacity[kCIAttributeSliderMax]) == 3)
        let copier = try attribute("CICopyMachineTransition", kCIInputColorKey)
        #expect(copier[kCIAttributeDefault] as? CIColor == CIColor(red: 0.6, green: 1, blue: 0.8) && copier[kCIAttributeType] as? String == kCIAttributeTypeOpaqueColor)
        let offset = try attribute("CIDisintegrateWithMaskTransition", "inputShadowOffset")
        #expect(offset[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: -10) && offset[kCIAttributeType] as? String == kCIAttributeTypeOffset)
        let striation = try attribute("CIFlashTransition", "inputMaxStriationRadius")
        #expect(FilterValuesProbe.number(striation[kCIAttributeDefault]) == 2.58 && FilterValuesProbe.number(striation[kCIAttributeSliderMax]) == 10)
        let compression = try attribute("CIModTransition", "inputCompression")
        #expect(FilterValuesProbe.number(compression[kCIAttributeDefault]) == 300 && FilterValuesProbe.number(compression[kCIAttributeSliderMin]) == 100)
        let radius = try attribute("CIPageCurlTransition", kCIInputRadiusKey)
        #expect(FilterValuesProbe.number(radius[kCIAttributeDefault]) == 100 && FilterValuesProbe.number(radius[kCIAttributeMin]) == 0.01)
        let shadowExtent = try attribute("CIPageCurlWithShadowTransition", "inputShadowExtent")
        #expect(shadowExtent[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 0, z: 0, w: 0))
        let scale = try attribute("CIRippleTransition", kCIInputScaleKey)
        #expect(FilterValuesProbe.number(scale[kCIAttributeDefault]) == 50 && FilterValuesProbe.number(scale[kCIAttributeMin]) == -50)
    }

    @Test func endsAreTheSourceAndTheTarget() {
        let source = Render.linearFloats(Self.image, Self.rect), goal = Render.linearFloats(Self.target, Self.rect)
        for name in Self.names {
            #expect(Self.render(name, [kCIInputTimeKey: 0]) == source, "\(name) at 0")
            #expect(Self.render(name, [kCIInputTimeKey: 1]) == goal, "\(name) at 1")
            // Just inside the ends the output differs from both (the transition moves).
            let keys = CIFilter(name: name)?.inputKeys ?? []
            let middle = Self.render(name, [kCIInputTimeKey: 0.5, kCIInputExtentKey: CIVector(cgRect: Self.rect),
                                            kCIInputCenterKey: CIVector(x: 20, y: 15), kCIInputRadiusKey: 6].filter { keys.contains($0.key) })
            #expect(middle != source && middle != goal, "\(name) at 0.5")
        }
    }

    @Test func disintegrateFollowsTheMask() {
        let source = Render.linearFloats(Self.image, Self.rect), goal = Render.linearFloats(Self.target, Self.rect)
        let maskPixels = TestImages.alphaPatternPixels(width: 40, height: 30, seed: 2)
        func level(_ x: Int, _ y: Int) -> Float {
            let i = ((29 - y) * 40 + x) * 4
            guard maskPixels[i + 3] > 0 else { return 0 }
            func linear(_ v: UInt8) -> Float { let c = Float(v) / 255; return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return min(max(linear(maskPixels[i]) * 0.2125 + linear(maskPixels[i + 1]) * 0.7154 + linear(maskPixels[i + 2]) * 0.0721, 0), 1)
        }
        // Without a shadow every pixel is the source where the mask's level is at least the time, else the target.
        let out = Self.render("CIDisintegrateWithMaskTransition", [kCIInputTimeKey: 0.37, "inputShadowDensity": 0])
        var kept = 0, gone = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let l = level(x, y)
                guard abs(l - 0.37) > 1e-3 else { continue }
                if l >= 0.37 { kept += 1 } else { gone += 1 }
                #expect(Self.pixel(out, x, y) == Self.pixel(l >= 0.37 ? source : goal, x, y), "(\(x), \(y)) level \(l)")
            }
        }
        #expect(kept > 50 && gone > 50)
        // The shadow only darkens the target's colour, never its alpha, and never lightens it.
        let shadowed = Self.render("CIDisintegrateWithMaskTransition", [kCIInputTimeKey: 0.37, "inputShadowDensity": 1])
        for index in stride(from: 0, to: out.count, by: 4) {
            #expect(shadowed[index + 3] == out[index + 3])
            #expect(shadowed[index] <= out[index] + 1e-6)
        }
    }

    @Test func flashCoversTheExtentThenFades() {
        let goal = Render.linearFloats(Self.target, Self.rect)
        let white: [String: Any] = [kCIInputColorKey: CIColor(red: 1, green: 1, blue: 1), kCIInputCenterKey: CIVector(x: 20, y: 15),
                                    kCIInputExtentKey: CIVector(x: 0, y: 0, z: 30, w: 30)]
        // At the fade threshold the whole extent is the flash colour; beyond the extent the image shows.
        var parameters = white; parameters[kCIInputTimeKey] = 0.85
        let full = Self.render("CIFlashTransition", parameters)
        #expect(Render.maxDifference(Self.pixel(full, 1, 1), [1, 1, 1, 1]) <= 1e-6 && Render.maxDifference(Self.pixel(full, 29, 28), [1, 1, 1, 1]) <= 1e-6)
        #expect(Self.pixel(full, 35, 5) == Self.pixel(Render.linearFloats(Self.image, Self.rect), 35, 5))
        // Half-way through the fade each pixel of the extent is half the colour, half the target.
        parameters[kCIInputTimeKey] = 0.925
        let fading = Self.render("CIFlashTransition", parameters)
        for (x, y) in [(3, 4), (17, 22), (28, 1)] {
            let expected = Self.pixel(goal, x, y).map { 1 + ($0 - 1) * 0.5 }
            #expect(Render.maxDifference(Self.pixel(fading, x, y), expected) <= 1e-5, "(\(x), \(y))")
        }
        // Early on the centre is covered and far corners are not: the flash grows from the centre.
        parameters[kCIInputTimeKey] = 0.1
        let early = Self.render("CIFlashTransition", parameters)
        #expect(Render.maxDifference(Self.pixel(early, 20, 15), [1, 1, 1, 1]) <= 1e-6)
        #expect(Self.pixel(early, 0, 0) == Self.pixel(Render.linearFloats(Self.image, Self.rect), 0, 0))
    }

    @Test func copyMachineLightSweepsAcross() {
        let source = Render.linearFloats(Self.image, Self.rect), goal = Render.linearFloats(Self.target, Self.rect)
        // Angle 0, width 8, extent 40 wide: at time 0.5 the bar's middle is at −4 + 0.5·48 = 20.
        let plain = Self.render("CICopyMachineTransition", [kCIInputExtentKey: CIVector(cgRect: Self.rect), kCIInputWidthKey: 8,
                                                            kCIInputTimeKey: 0.5, "inputOpacity": 0])
        let lit = Self.render("CICopyMachineTransition", [kCIInputExtentKey: CIVector(cgRect: Self.rect), kCIInputWidthKey: 8,
                                                          kCIInputTimeKey: 0.5, kCIInputColorKey: CIColor(red: 0, green: 0, blue: 1), "inputOpacity": 2])
        for y in [0, 14, 29] {
            for x in [0, 10, 19] { #expect(Self.pixel(plain, x, y) == Self.pixel(goal, x, y), "(\(x), \(y)) target") }
            for x in [20, 30, 39] { #expect(Self.pixel(plain, x, y) == Self.pixel(source, x, y), "(\(x), \(y)) image") }
            // Opacity 2: within a quarter width of the middle the light is the colour itself; beyond the bar nothing is lit.
            #expect(Render.maxDifference(Self.pixel(lit, 19, y), [0, 0, 1, 1]) <= 1e-6 && Render.maxDifference(Self.pixel(lit, 21, y), [0, 0, 1, 1]) <= 1e-6)
            #expect(Self.pixel(lit, 10, y) == Self.pixel(goal, 10, y) && Self.pixel(lit, 30, y) == Self.pixel(source, 30, y))
        }
    }

    @Test func modHolesOnlyGrow() {
        let source = Render.linearFloats(Self.image, Self.rect), goal = Render.linearFloats(Self.target, Self.rect)
        var previous = Set<Int>()
        for time in [0.2, 0.4, 0.6, 0.8, 0.95] {
            let out = Self.render("CIModTransition", [kCIInputTimeKey: time, kCIInputCenterKey: CIVector(x: 20, y: 15), kCIInputRadiusKey: 5,
                                                      "inputCompression": 40])
            var holes = Set<Int>()
            for y in 0..<30 {
                for x in 0..<40 {
                    let value = Self.pixel(out, x, y)
                    let isTarget = value == Self.pixel(goal, x, y)
                    #expect(isTarget || value == Self.pixel(source, x, y), "(\(x), \(y)) at \(time) is neither image")
                    if isTarget && Self.pixel(goal, x, y) != Self.pixel(source, x, y) { holes.insert(y * 40 + x) }
                }
            }
            #expect(previous.isSubset(of: holes) && holes.count > previous.count, "holes at \(time): \(holes.count)")
            previous = holes
        }
    }

    @Test func rippleLeavesTheTargetBehindItsFront() {
        let source = Render.linearFloats(Self.image, Self.rect), goal = Render.linearFloats(Self.target, Self.rect)
        // Centre (20, 15) of a 40×30 extent: D = 25, width 10, time 0.4: front at 14, the ring from 4 to 14.
        let out = Self.render("CIRippleTransition", [kCIInputTimeKey: 0.4, kCIInputCenterKey: CIVector(x: 20, y: 15),
                                                     kCIInputExtentKey: CIVector(cgRect: Self.rect), kCIInputWidthKey: 10, kCIInputScaleKey: 0])
        for y in 0..<30 {
            for x in 0..<40 {
                let d = ((Double(x) + 0.5 - 20) * (Double(x) + 0.5 - 20) + (Double(y) + 0.5 - 15) * (Double(y) + 0.5 - 15)).squareRoot()
                let t = Float(min(max((14 - d) / 10, 0), 1))
                let expected = zip(Self.pixel(source, x, y), Self.pixel(goal, x, y)).map { $0 + ($1 - $0) * t }
                #expect(Render.maxDifference(Self.pixel(out, x, y), expected) <= 1e-6, "(\(x), \(y))")
            }
        }
        // A scale moves pixels only inside the ring.
        let bulge = Self.render("CIRippleTransition", [kCIInputTimeKey: 0.4, kCIInputCenterKey: CIVector(x: 20, y: 15),
                                                       kCIInputExtentKey: CIVector(cgRect: Self.rect), kCIInputWidthKey: 10, kCIInputScaleKey: 3])
        #expect(Self.pixel(bulge, 20, 15) == Self.pixel(goal, 20, 15) && Self.pixel(bulge, 0, 0) == Self.pixel(source, 0, 0))
        #expect(Self.pixel(bulge, 29, 15) != Self.pixel(out, 29, 15))
    }

    @Test func accordionFoldsTowardsTheBottom() {
        let goal = Render.linearFloats(Self.target, Self.rect)
        // Bottom height 6, time 0.5: the 24 rows above fold into 12, so rows 18 and up show only the target.
        let out = Self.render("CIAccordionFoldTransition", [kCIInputTimeKey: 0.5, "inputBottomHeight": 6, "inputFoldShadowAmount": 0])
        for y in 18..<30 { for x in [0, 13, 39] { #expect(Self.pixel(out, x, y) == Self.pixel(goal, x, y), "(\(x), \(y))") } }
        // Below, the opaque image lies over the target, mixed half with it: row 2 (unfolded) is the average of both.
        let source = Render.linearFloats(Self.image, Self.rect)
        for x in [0, 20, 39] {
            let expected = zip(Self.pixel(source, x, 2), Self.pixel(goal, x, 2)).map { ($0 + $1) / 2 }
            #expect(Render.maxDifference(Self.pixel(out, x, 2), expected) <= 1e-6)
        }
        // Time ⅔: the 24 rows fold into 8 (three to one), so row 8 (centre 8.5) shows the image at 6 + 2.5·3 = 13.5,
        // pixel 13's centre, mixed ⅔ of the way to the target.
        let third = Self.render("CIAccordionFoldTransition", [kCIInputTimeKey: 2.0 / 3, "inputBottomHeight": 6, "inputFoldShadowAmount": 0])
        for x in [7, 31] {
            let expected = zip(Self.pixel(source, x, 13), Self.pixel(goal, x, 8)).map { $0 + ($1 - $0) * Float(2.0 / 3) }
            #expect(Render.maxDifference(Self.pixel(third, x, 8), expected) <= 1e-6, "(\(x), 8)")
        }
    }

    @Test func pageCurlUncoversTheTargetAndShadowsIt() {
        let source = Render.linearFloats(Self.image, Self.rect), goal = Render.linearFloats(Self.target, Self.rect)
        // Angle 0, radius 4, extent 40 wide, time 0.5: the fold line at 40 − 0.5·44 = 18, the curl up to 22.
        let parameters: [String: Any] = [kCIInputTimeKey: 0.5, kCIInputRadiusKey: 4, kCIInputExtentKey: CIVector(cgRect: Self.rect)]
        let out = Self.render("CIPageCurlTransition", parameters)
        for y in [0, 15, 29] {
            for x in [22, 30, 39] { #expect(Self.pixel(out, x, y) == Self.pixel(goal, x, y), "(\(x), \(y)) uncovered") }
            // Far behind the line the folded-back page (page points u = 4π − s) would come from beyond the page's
            // edge (x = 46.07 for pixel 2), so the flat page shows.
            #expect(Self.pixel(out, 2, y) == Self.pixel(source, 2, y), "(2, \(y)) flat page")
        }
        var shadowParameters = parameters
        shadowParameters["inputShadowSize"] = 1; shadowParameters["inputShadowAmount"] = 0.5
        let shadowed = Self.render("CIPageCurlWithShadowTransition", shadowParameters)
        // The shadow reaches r·size = 4 beyond the curl (22…26): half strength at 24, none from 26 on.
        for y in [3, 20] {
            #expect(Self.pixel(shadowed, 30, y) == Self.pixel(goal, 30, y))
            let g = Self.pixel(goal, 23, y), s = Self.pixel(shadowed, 23, y)
            let dark: Float = 1 - 0.5 * (1 - 1.5 / 4)
            #expect(Render.maxDifference(s, [g[0] * dark, g[1] * dark, g[2] * dark, g[3]]) <= 1e-6, "(23, \(y))")
        }
    }

    @Test func typedFiltersShareTheStore() throws {
        let curl = CIFilter.pageCurlTransition()
        #expect(curl.radius == 100 && curl.extent == CGRect(x: 0, y: 0, width: 300, height: 300) && curl.time == 0)
        curl.inputImage = Self.image; curl.targetImage = Self.target; curl.extent = Self.rect; curl.radius = 4; curl.time = 0.5
        let byName = Self.render("CIPageCurlTransition", [kCIInputTimeKey: 0.5, kCIInputRadiusKey: 4, kCIInputExtentKey: CIVector(cgRect: Self.rect)])
        #expect(Render.linearFloats(try #require(curl.outputImage), Self.rect) == byName)
        let flash = CIFilter.flashTransition()
        #expect(abs(flash.fadeThreshold - 0.85) < 1e-6 && flash.center == CGPoint(x: 150, y: 150))
        let mod = CIFilter.modTransition(); #expect(mod.angle == 2 && mod.compression == 300)
        let ripple = CIFilter.rippleTransition(); #expect(ripple.width == 100 && ripple.scale == 50 && ripple.shadingImage == nil)
        let fold = CIFilter.accordionFoldTransition(); #expect(fold.numberOfFolds == 3 && abs(fold.foldShadowAmount - 0.1) < 1e-6)
        let copier = CIFilter.copyMachineTransition(); #expect(copier.width == 200 && abs(copier.opacity - 1.3) < 1e-6)
        let shadow = CIFilter.pageCurlWithShadowTransition(); #expect(abs(shadow.shadowAmount - 0.7) < 1e-6 && shadow.shadowExtent == .zero)
        let disintegrate = CIFilter.disintegrateWithMaskTransition()
        #expect(disintegrate.shadowOffset == CGPoint(x: 0, y: -10) && disintegrate.shadowRadius == 8)
        disintegrate.inputImage = Self.image; disintegrate.targetImage = Self.target; disintegrate.time = 0.5
        #expect(disintegrate.outputImage == nil, "no mask, no output")
    }
}
