import Foundation
import _TestSupport
import _Testing_CoreImage

/// The convolution, morphology and pattern generator filters beyond their numpy references
/// (`FilterReferenceTests`): Apple's attributes, the typed API, bad input and the generators' contracts.
@Suite struct ConvolutionMorphologyGeneratorTests {
    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    static func number(_ value: Any?) -> Double? { FilterValuesProbe.number(value) }

    @Test func convolutionAttributesMatchApple() throws {
        let expected: [(String, String, Int, String)] = [
            ("CIConvolution3X3", "3 by 3 Convolution", 9, "7"), ("CIConvolution5X5", "5 by 5 Convolution", 25, "7"),
            ("CIConvolution7X7", "7 by 7 Convolution", 49, "9"), ("CIConvolution9Horizontal", "Horizontal 9 Convolution", 9, "7"),
            ("CIConvolution9Vertical", "Vertical 9 Convolution", 9, "7"),
        ]
        for (name, display, count, iOS) in expected {
            let filter = try #require(CIFilter(name: name))
            let attributes = filter.attributes
            #expect(attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(CIFilter.localizedName(forFilterName: name) == display)
            #expect(attributes[kCIAttributeFilterCategories] as? [String]
                    == [kCICategoryStylize, kCICategoryVideo, kCICategoryStillImage, kCICategoryHighDynamicRange, kCICategoryBuiltIn])
            #expect(attributes[kCIAttributeFilterAvailable_iOS] as? String == iOS)
            #expect(attributes[kCIAttributeFilterAvailable_Mac] as? String == "10.9")
            #expect(filter.inputKeys == [kCIInputImageKey, kCIInputWeightsKey, kCIInputBiasKey])
            let weights = try Self.attributes(name, kCIInputWeightsKey)
            let identity = CIVector(values: (0..<count).map { $0 == count / 2 ? 1 : 0 }, count: count)
            #expect(weights[kCIAttributeClass] as? String == "CIVector")
            #expect(weights[kCIAttributeDefault] as? CIVector == identity)
            #expect(weights[kCIAttributeIdentity] as? CIVector == identity)
            let bias = try Self.attributes(name, kCIInputBiasKey)
            #expect(bias[kCIAttributeType] as? String == kCIAttributeTypeScalar)
            #expect(Self.number(bias[kCIAttributeDefault]) == 0)
        }
    }

    @Test func morphologyAttributesMatchApple() throws {
        for name in ["CIMorphologyMaximum", "CIMorphologyMinimum", "CIMorphologyGradient",
                     "CIMorphologyRectangleMaximum", "CIMorphologyRectangleMinimum"] {
            let categories = try #require(CIFilter(name: name)?.attributes[kCIAttributeFilterCategories] as? [String])
            #expect(categories == [kCICategoryBlur, kCICategoryVideo, kCICategoryStillImage, kCICategoryHighDynamicRange, kCICategoryBuiltIn])
        }
        let maximum = try Self.attributes("CIMorphologyMaximum", kCIInputRadiusKey)
        #expect(maximum[kCIAttributeType] as? String == kCIAttributeTypeDistance)
        #expect(Self.number(maximum[kCIAttributeDefault]) == 0)
        #expect(maximum[kCIAttributeMin] == nil)
        let gradient = try Self.attributes("CIMorphologyGradient", kCIInputRadiusKey)
        #expect(Self.number(gradient[kCIAttributeDefault]) == 5)
        #expect(Self.number(gradient[kCIAttributeMin]) == 0)
        for key in [kCIInputWidthKey, "inputHeight"] {
            let size = try Self.attributes("CIMorphologyRectangleMinimum", key)
            #expect(size[kCIAttributeType] as? String == kCIAttributeTypeInteger)
            #expect(Self.number(size[kCIAttributeDefault]) == 5)
            #expect(Self.number(size[kCIAttributeMin]) == 1)
        }
        #expect(CIFilter(name: "CIMorphologyGradient")?.attributes[kCIAttributeFilterAvailable_iOS] as? String == "11")
        #expect(CIFilter(name: "CIMorphologyRectangleMaximum")?.attributes[kCIAttributeFilterAvailable_iOS] as? String == "13")
    }

    @Test func generatorAttributesMatchApple() throws {
        #expect(CIFilter.localizedName(forFilterName: "CIStripesGenerator") == "Stripes")
        #expect(CIFilter.localizedName(forFilterName: "CIRandomGenerator") == "Random Generator")
        #expect(CIFilter(name: "CIRandomGenerator")?.inputKeys == [])
        let extent = try Self.attributes("CIRoundedRectangleGenerator", kCIInputExtentKey)
        #expect(extent[kCIAttributeType] as? String == kCIAttributeTypeRectangle)
        #expect(extent[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 0, z: 100, w: 100))
        #expect(Self.number(try Self.attributes("CIRoundedRectangleGenerator", kCIInputRadiusKey)[kCIAttributeDefault]) == 10)
        let sharpness = try Self.attributes("CIStripesGenerator", kCIInputSharpnessKey)
        #expect(Self.number(sharpness[kCIAttributeMin]) == 0 && Self.number(sharpness[kCIAttributeMax]) == 1)
        #expect(Self.number(try Self.attributes("CIStripesGenerator", kCIInputWidthKey)[kCIAttributeDefault]) == 80)
        let generators = CIFilter.filterNames(inCategory: kCICategoryGenerator)
        for name in ["CIStripesGenerator", "CIRandomGenerator", "CIRoundedRectangleGenerator", "CIBlurredRectangleGenerator", "CIQRCodeGenerator"] {
            #expect(generators.contains(name))
        }
        #expect(CIFilter.filterNames(inCategories: [kCICategoryStylize, kCICategoryBuiltIn]).contains("CIConvolution9Vertical"))
        #expect(CIFilter.filterNames(inCategory: kCICategoryBlur).contains("CIMorphologyRectangleMinimum"))
    }

    @Test func typedFactoriesShareTheStringStore() throws {
        let image = TestImages.patternImage(width: 12, height: 10)
        let convolution = CIFilter.convolution5X5()
        #expect(convolution.weights.count == 25 && convolution.bias == 0)
        convolution.inputImage = image
        convolution.weights = FilterCases.convolutionWeights(25)
        convolution.bias = 0.1
        let byName = try #require(CIFilter(name: "CIConvolution5X5", parameters: [
            kCIInputImageKey: image, kCIInputWeightsKey: FilterCases.convolutionWeights(25), kCIInputBiasKey: 0.1]))
        let region = CGRect(x: -2, y: -2, width: 16, height: 14)
        #expect(Render.linearFloats(try #require(convolution.outputImage), region) == Render.linearFloats(try #require(byName.outputImage), region))

        let gradient = CIFilter.morphologyGradient()
        #expect(gradient.radius == 5)
        gradient.radius = 2
        gradient.inputImage = image
        #expect(gradient.outputImage?.extent == CGRect(x: -2, y: -2, width: 16, height: 14))
        let rectangle = CIFilter.morphologyRectangleMaximum()
        rectangle.width = 7
        rectangle.height = 1
        rectangle.inputImage = image
        #expect(rectangle.outputImage?.extent == CGRect(x: -3, y: 0, width: 18, height: 10))

        let stripes = CIFilter.stripesGenerator()
        stripes.width = 3
        #expect(FilterValuesProbe.number(stripes.value(forKey: kCIInputWidthKey)) == 3)
        #expect(stripes.color0 == CIColor(red: 1, green: 1, blue: 1))
        let rounded = CIFilter.roundedRectangleGenerator()
        rounded.extent = CGRect(x: 2, y: 3, width: 10, height: 5)
        #expect(rounded.outputImage?.extent == CGRect(x: 2, y: 3, width: 10, height: 5))
        #expect(CIFilter.randomGenerator().outputImage?.extent.isInfinite == true)

        let blurred = CIFilter.blurredRectangleGenerator()
        #expect(blurred.sigma == 10 && blurred.extent == CGRect(x: 0, y: 0, width: 100, height: 100))
        blurred.extent = CGRect(x: 10, y: 20, width: 30, height: 40)
        blurred.sigma = 2
        // Grown by 3σ = 6 pixels on every side.
        #expect(blurred.outputImage?.extent == CGRect(x: 4, y: 14, width: 42, height: 52))
        blurred.sigma = 0
        let sharp = try #require(blurred.outputImage)
        #expect(sharp.extent == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(Render.linearFloats(sharp, CGRect(x: 10, y: 20, width: 30, height: 40)).allSatisfy { $0 == 1 }, "σ = 0: the plain white rectangle")
        let sigma = try Self.attributes("CIBlurredRectangleGenerator", "inputSigma")
        #expect(Self.number(sigma[kCIAttributeDefault]) == 10 && Self.number(sigma[kCIAttributeMin]) == 0)
        #expect(CIFilter(name: "CIBlurredRectangleGenerator")?.attributes[kCIAttributeFilterAvailable_iOS] as? String == "17")
    }

    @Test func identityConvolutionKeepsPixelsAndGrowsTheExtentByItsReach() throws {
        let image = TestImages.patternImage(width: 12, height: 10)
        for (name, dx, dy) in [("CIConvolution3X3", 1, 1), ("CIConvolution7X7", 3, 3), ("CIConvolution9Horizontal", 4, 0), ("CIConvolution9Vertical", 0, 4)] {
            let output = try #require(image.applyingFilter(name, parameters: [:]) as CIImage?)
            #expect(output.extent == image.extent.insetBy(dx: CGFloat(-dx), dy: CGFloat(-dy)), "\(name)")
            #expect(Render.linearFloats(output, image.extent) == Render.linearFloats(image, image.extent), "\(name)")
        }
    }

    @Test func convolutionClampsToTheUnitRange() throws {
        // A 3×3 kernel summing to 3 with bias −0.5: bright pixels saturate at 1, dark ones stop at 0.
        let image = TestImages.patternImage(width: 12, height: 10)
        let weights = CIVector(values: [0, 0, 0, 0, 3, 0, 0, 0, 0], count: 9)
        let output = image.applyingFilter("CIConvolution3X3", parameters: [kCIInputWeightsKey: weights, kCIInputBiasKey: -0.5])
        let values = Render.linearFloats(output, image.extent)
        let input = Render.linearFloats(image, image.extent)
        #expect(values.allSatisfy { $0 >= 0 && $0 <= 1 })
        for (v, p) in zip(values, input) { #expect(abs(v - min(max(3 * p - 0.5, 0), 1)) < 1e-6) }
        #expect(values.contains(0) && values.contains(1))
    }

    @Test func convolutionWithTheWrongNumberOfWeightsGivesNil() {
        let image = TestImages.patternImage(width: 12, height: 10)
        let filter = CIFilter.convolution3X3()
        filter.inputImage = image
        filter.weights = CIVector(values: [1, 2, 3, 4], count: 4)
        #expect(filter.outputImage == nil)
        filter.weights = CIVector(values: [Double](repeating: 1.0 / 25, count: 25).map { CGFloat($0) }, count: 25)
        #expect(filter.outputImage == nil)
    }

    @Test func morphologyAtRadiusZeroIsTheIdentity() throws {
        let image = TestImages.patternImage(width: 12, height: 10)
        for name in ["CIMorphologyMaximum", "CIMorphologyMinimum"] {
            let output = image.applyingFilter(name, parameters: [kCIInputRadiusKey: 0])
            #expect(output.extent == image.extent)
            #expect(Render.linearFloats(output, image.extent) == Render.linearFloats(image, image.extent))
        }
        let one = image.applyingFilter("CIMorphologyRectangleMaximum", parameters: [kCIInputWidthKey: 1, "inputHeight": 1])
        #expect(Render.linearFloats(one, image.extent) == Render.linearFloats(image, image.extent))
    }

    @Test func dilationOfOnePointIsTheStructuringElement() throws {
        // One white pixel at (10, 10) of a black 21×21 image: the dilated image is white exactly on the disc
        // {dx² + dy² ≤ r²} (radius 3.2: 37 pixels) and the 5×3 rectangle.
        var pixels = [UInt8](repeating: 0, count: 21 * 21 * 4)
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        let centre = (10 * 21 + 10) * 4
        pixels[centre] = 255; pixels[centre + 1] = 255; pixels[centre + 2] = 255
        let image = CIImage(bitmapData: Data(pixels), bytesPerRow: 21 * 4, size: CGSize(width: 21, height: 21), format: .RGBA8,
                            colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
        func whitePixels(_ output: CIImage) -> Set<[Int]> {
            let values = Render.linearFloats(output, image.extent)
            var set = Set<[Int]>()
            for row in 0..<21 { for x in 0..<21 where values[(row * 21 + x) * 4] > 0.5 { set.insert([x - 10, (20 - row) - 10]) } }
            return set
        }
        let disc = whitePixels(image.applyingFilter("CIMorphologyMaximum", parameters: [kCIInputRadiusKey: 3.2]))
        var expected = Set<[Int]>()
        for dy in -3...3 { for dx in -3...3 where Double(dx * dx + dy * dy) <= 3.2 * 3.2 { expected.insert([dx, dy]) } }
        #expect(disc == expected && disc.count == 37)
        let rectangle = whitePixels(image.applyingFilter("CIMorphologyRectangleMaximum", parameters: [kCIInputWidthKey: 5, "inputHeight": 3]))
        #expect(rectangle == Set((-1...1).flatMap { dy in (-2...2).map { [$0, dy] } }))
    }

    @Test func randomGeneratorIsUniformIndependentAndPositional() throws {
        let random = try #require(CIFilter.randomGenerator().outputImage)
        let region = CGRect(x: -100, y: 37, width: 256, height: 256)
        let values = Render.floats(random, region, colorSpace: nil)
        let n = Double(values.count / 4)
        var means = [Double](repeating: 0, count: 4)
        for (i, v) in values.enumerated() { means[i % 4] += Double(v) / n }
        for c in 0..<4 {
            let variance = stride(from: c, to: values.count, by: 4).reduce(0.0) { $0 + pow(Double(values[$1]) - means[c], 2) } / n
            #expect(abs(means[c] - 0.5) < 0.006, "channel \(c) mean \(means[c])")
            #expect(abs(variance - 1.0 / 12) < 0.003, "channel \(c) variance \(variance)")
        }
        // Channels are uncorrelated: |r| < 0.02 for every pair (65 536 samples: σ ≈ 0.004).
        for a in 0..<4 {
            for b in (a + 1)..<4 {
                var covariance = 0.0
                for p in 0..<Int(n) { covariance += (Double(values[p * 4 + a]) - means[a]) * (Double(values[p * 4 + b]) - means[b]) }
                #expect(abs(covariance / n * 12) < 0.02, "channels \(a), \(b)")
            }
        }
        #expect(values.allSatisfy { $0 >= 0 && $0 < 1 })
        // A pure function of position: an overlapping render agrees on the overlap.
        let shifted = Render.floats(random, region.offsetBy(dx: 10, dy: 5), colorSpace: nil)
        let width = Int(region.width)
        for row in 5..<200 {
            for x in 0..<200 {
                // Rows run top-down: the shifted region's row r (5 px higher) is the original's row r − 5; its
                // column c (10 px further right) is the original's column c + 10.
                let a = ((row - 5) * width + x + 10) * 4, b = (row * width + x) * 4
                if values[a] != shifted[b] { Issue.record("pixel differs at row \(row), x \(x)"); return }
            }
        }
    }

    @Test func infiniteGeneratorsRenderCropsWithoutInfiniteBuffers() throws {
        for name in ["CIStripesGenerator", "CIRandomGenerator", "CICheckerboardGenerator"] {
            let image = try #require(CIFilter(name: name)?.outputImage)
            #expect(image.extent.isInfinite, "\(name)")
            let cropped = image.cropped(to: CGRect(x: 1_000_000, y: -1_000_000, width: 64, height: 32))
            let values = Render.linearFloats(cropped, cropped.extent)
            #expect(values.count == 64 * 32 * 4 && !values.contains { $0.isNaN }, "\(name)")
        }
    }

    @Test(.enabled(if: TestMedia.folder != nil, "needs the shared media corpus"))
    func renderAtDefaultsOnAPhoto() throws {
        let url = try #require(TestMedia.url("images/exif_full_gps_north_east.jpg"))
        let photo = try #require(CIImage(contentsOf: url))
        let crop = CGRect(x: photo.extent.midX - 128, y: photo.extent.midY - 96, width: 256, height: 192).integral
        let input = Render.linearFloats(photo, crop)
        func render(_ name: String) throws -> [Float] {
            let output = try #require(photo.applyingFilter(name, parameters: [:]) as CIImage?, "\(name) gave no output")
            let values = Render.linearFloats(output, crop)
            #expect(!values.contains { !$0.isFinite }, "\(name)")
            return values
        }
        // At their defaults the convolutions (identity kernel, bias 0) and the circular maximum/minimum (radius 0)
        // return the photo itself.
        for name in ["CIConvolution3X3", "CIConvolution5X5", "CIConvolution7X7", "CIConvolution9Horizontal", "CIConvolution9Vertical",
                     "CIMorphologyMaximum", "CIMorphologyMinimum"] {
            #expect(Render.maxDifference(try render(name), input) <= 1e-6, "\(name)")
        }
        // A 5×5 maximum never darkens a component, a minimum never brightens one, and the gradient is their difference.
        let dilated = try render("CIMorphologyRectangleMaximum"), eroded = try render("CIMorphologyRectangleMinimum")
        #expect(zip(dilated, input).allSatisfy { $0 >= $1 } && zip(eroded, input).allSatisfy { $0 <= $1 })
        #expect(zip(dilated, input).contains { $0 > $1 + 0.01 }, "a photo has texture for the maximum to spread")
        let gradient = try render("CIMorphologyGradient")
        #expect(gradient.enumerated().allSatisfy { $0.offset % 4 == 3 ? $0.element == 1 : ($0.element >= 0 && $0.element <= 1) })
    }

    @Test(arguments: [(16, 16), (37, 5), (256, 256)])
    func pixelsDoNotDependOnTileSizeOrThreads(_ tile: (Int, Int)) throws {
        let image = TestImages.patternImage(width: 90, height: 70)
        let random = try #require(CIFilter.randomGenerator().outputImage)
        let recipe = image
            .applyingFilter("CIConvolution5X5", parameters: [kCIInputWeightsKey: FilterCases.convolutionWeights(25), kCIInputBiasKey: 0.01])
            .applyingFilter("CIMorphologyGradient", parameters: [kCIInputRadiusKey: 3.5])
            .applyingFilter("CIMorphologyRectangleMinimum", parameters: [kCIInputWidthKey: 5, "inputHeight": 9])
            .applyingFilter("CIConvolution9Vertical", parameters: [kCIInputWeightsKey: FilterCases.convolutionWeights(9)])
            .applyingFilter("CIAdditionCompositing", parameters: [kCIInputBackgroundImageKey: random])
            .cropped(to: CGRect(x: -6, y: -9, width: 102, height: 88))
        let reference: [Float] = {
            let context = CIContext()
            context.renderOverrides = RenderOverrides(tileWidth: 1024, tileHeight: 1024, threads: 1)
            return Render.linearFloats(recipe, recipe.extent, context: context)
        }()
        for threads in [1, 2] {
            let context = CIContext()
            context.renderOverrides = RenderOverrides(tileWidth: tile.0, tileHeight: tile.1, threads: threads)
            let pixels = Render.linearFloats(recipe, recipe.extent, context: context)
            #expect(pixels == reference, "tile \(tile) on \(threads) thread(s) differs by up to \(Render.maxDifference(pixels, reference))")
            #expect(context.lastRenderStatistics.arenaOverflows == 0)
        }
    }
}
