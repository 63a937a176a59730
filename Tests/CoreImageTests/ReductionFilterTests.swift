import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The extrema, bounds and logarithmic-histogram reductions and `CIHistogramDisplayFilter` beyond their numpy
/// references (`FilterCases.reductionsMore`): Apple's names and attributes, exact values on images built here
/// pixel by pixel, the tie and empty rules, the typed API, and a render at defaults on a photo.
@Suite struct ReductionFilterTests {
    static let names = ["CIAreaMaximum", "CIAreaMinimum", "CIAreaMaximumAlpha", "CIAreaMinimumAlpha", "CIAreaMinMax", "CIAreaMinMaxRed",
                        "CIAreaAverageMaximumRed", "CIAreaBoundsRed", "CIAreaLogarithmicHistogram", "CIHistogramDisplayFilter"]

    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    static func number(_ value: Any?) -> Double? { FilterValuesProbe.number(value) }

    /// A `width` × `height` opaque black image with the given (x, y, colour) pixels, in the linear working space.
    static func canvas(_ width: Int, _ height: Int, background: CIColor = CIColor(red: 0, green: 0, blue: 0),
                       _ pixels: [(Int, Int, CIColor)]) -> CIImage {
        var image = CIImage(color: background).cropped(to: CGRect(x: 0, y: 0, width: width, height: height))
        for (x, y, colour) in pixels {
            image = CIImage(color: colour).cropped(to: CGRect(x: x, y: y, width: 1, height: 1)).composited(over: image)
        }
        return image
    }

    static let linear = CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!
    static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> CIColor {
        CIColor(red: r, green: g, blue: b, alpha: a, colorSpace: linear)!
    }

    @Test func namesCategoriesKeysAndDefaultsMatchApple() throws {
        let displays = ["Area Maximum", "Area Minimum", "Area Maximum Alpha", "Area Minimum Alpha", "Area Min and Max", "Area Min and Max Red",
                        "Area Average and Maximum Red", "Area Bounds Red", "Area Logarithmic Histogram", "Histogram Display"]
        for (name, display) in zip(Self.names, displays) {
            let filter = try #require(CIFilter(name: name), "\(name) missing")
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display, "\(name)")
            #expect(CIFilter.filterNames(inCategory: kCICategoryReduction).contains(name), "\(name) not a reduction")
            #expect(CIFilter.filterNames(inCategory: kCICategoryVideo).contains(name), "\(name) not video")
            if name == "CIHistogramDisplayFilter" {
                #expect(filter.inputKeys == [kCIInputImageKey, "inputHeight", "inputHighLimit", "inputLowLimit"])
                continue
            }
            #expect(CIFilter.filterNames(inCategory: kCICategoryHighDynamicRange).contains(name), "\(name) not HDR")
            let extent = try Self.attributes(name, kCIInputExtentKey)
            #expect(extent[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 0, z: 640, w: 80), "\(name)")
            #expect(extent[kCIAttributeType] as? String == kCIAttributeTypeRectangle, "\(name)")
            if name != "CIAreaLogarithmicHistogram" { #expect(filter.inputKeys == [kCIInputImageKey, kCIInputExtentKey], "\(name)") }
        }
        #expect(CIFilter(name: "CIAreaLogarithmicHistogram").map(\.inputKeys)
                == [kCIInputImageKey, kCIInputExtentKey, kCIInputScaleKey, "inputCount", "inputMinimumStop", "inputMaximumStop"])
        let stops = [("inputScale", 1.0, 0.0, nil, 0.0, 1.0), ("inputCount", 64, 1, 2048, 10, 1000),
                     ("inputMinimumStop", -10, nil, nil, -12, -4), ("inputMaximumStop", 4, nil, nil, 0, 8)] as [(String, Double, Double?, Double?, Double, Double)]
        for (key, value, min, max, sliderMin, sliderMax) in stops {
            let a = try Self.attributes("CIAreaLogarithmicHistogram", key)
            #expect(Self.number(a[kCIAttributeDefault]) == value, "\(key)")
            #expect(Self.number(a[kCIAttributeMin]) == min && Self.number(a[kCIAttributeMax]) == max, "\(key)")
            #expect(Self.number(a[kCIAttributeSliderMin]) == sliderMin && Self.number(a[kCIAttributeSliderMax]) == sliderMax, "\(key)")
        }
        let display = [("inputHeight", 100.0, 1.0, 200.0, 1.0, 100.0), ("inputHighLimit", 1, 0, 1, 0, 1), ("inputLowLimit", 0, 0, 1, 0, 1)]
        for (key, value, min, max, sliderMin, sliderMax) in display {
            let a = try Self.attributes("CIHistogramDisplayFilter", key)
            #expect(Self.number(a[kCIAttributeDefault]) == value && Self.number(a[kCIAttributeMin]) == min && Self.number(a[kCIAttributeMax]) == max, "\(key)")
            #expect(Self.number(a[kCIAttributeSliderMin]) == sliderMin && Self.number(a[kCIAttributeSliderMax]) == sliderMax, "\(key)")
        }
        #expect(CIFilter(name: "CIAreaMinMax")!.attributes[kCIAttributeFilterAvailable_Mac] as? String == "10.14")
        #expect(CIFilter(name: "CIAreaBoundsRed")!.attributes[kCIAttributeFilterAvailable_iOS] as? String == "18")
        #expect(CIFilter(name: "CIHistogramDisplayFilter")!.attributes[kCIAttributeFilterAvailable_iOS] as? String == "8")
    }

    @Test func extremaOfAKnownImageAreExact() {
        // 3 × 2: every component's minimum and maximum sit in different pixels.
        let image = Self.canvas(3, 2, background: Self.color(0.5, 0.5, 0.5), [
            (0, 0, Self.color(0.1, 0.9, 0.4)), (2, 0, Self.color(0.7, 0.2, 0.05)), (1, 1, Self.color(1.5, 0.3, 0.8))])
        let area = CIVector(cgRect: CGRect(x: 0, y: 0, width: 3, height: 2))
        let one = CGRect(x: 0, y: 0, width: 1, height: 1)
        func render(_ name: String, _ region: CGRect = one) -> [Float] {
            Render.linearFloats(image.applyingFilter(name, parameters: [kCIInputExtentKey: area]), region)
        }
        #expect(render("CIAreaMinimum") == [0.1, 0.2, 0.05, 1])
        #expect(render("CIAreaMaximum") == [1.5, 0.9, 0.8, 1])
        #expect(render("CIAreaMinMax", CGRect(x: 0, y: 0, width: 2, height: 1)) == [0.1, 0.2, 0.05, 1, 1.5, 0.9, 0.8, 1])
        #expect(render("CIAreaMinMaxRed") == [0.1, 1.5, 0, 1])
        let mean = Float((0.1 + 0.7 + 1.5 + 0.5 * 3) / 6)
        let averageMaximum = render("CIAreaAverageMaximumRed")
        #expect(abs(averageMaximum[0] - mean) <= 1e-6 && Array(averageMaximum[1...]) == [1.5, 0, 1])
        // An extent partly outside the image looks at the image's pixels only (no clear pixels join the minimum).
        let beyond = image.applyingFilter("CIAreaMinimum", parameters: [kCIInputExtentKey: CIVector(cgRect: CGRect(x: -5, y: -5, width: 20, height: 20))])
        #expect(beyond.extent == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(Render.linearFloats(beyond, one) == [0.1, 0.2, 0.05, 1])
        // An extent that misses the image gives no output.
        #expect(image.applyingFilter("CIAreaMaximum", parameters: [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 10, y: 10, width: 4, height: 4))]).extent.isEmpty)
    }

    @Test func alphaExtremesPickTheLowestThenLeftmostPixelOfATie() {
        // 4 × 3, every pixel set over clear: alpha 0.8 at (3, 2), (0, 1) and (1, 0); 0.1 at (2, 2) and (3, 1); 0.5 elsewhere.
        var pixels: [(Int, Int, CIColor)] = []
        for y in 0..<3 {
            for x in 0..<4 {
                switch (x, y) {
                case (3, 2): pixels.append((x, y, Self.color(0.9, 0, 0, 0.8)))
                case (0, 1): pixels.append((x, y, Self.color(0, 0.9, 0, 0.8)))
                case (1, 0): pixels.append((x, y, Self.color(0, 0, 0.9, 0.8)))
                case (2, 2): pixels.append((x, y, Self.color(0.3, 0.6, 0, 0.1)))
                case (3, 1): pixels.append((x, y, Self.color(0.6, 0.3, 0, 0.1)))
                default: pixels.append((x, y, Self.color(0.2, 0.2, 0.2, 0.5)))
                }
            }
        }
        let image = Self.canvas(4, 3, background: CIColor.clear, pixels)
        let one = CGRect(x: 0, y: 0, width: 1, height: 1)
        let maximum = Render.linearFloats(image.applyingFilter("CIAreaMaximumAlpha"), one)
        let minimum = Render.linearFloats(image.applyingFilter("CIAreaMinimumAlpha"), one)
        let expectedMaximum = Render.linearFloats(image, CGRect(x: 1, y: 0, width: 1, height: 1))
        let expectedMinimum = Render.linearFloats(image, CGRect(x: 3, y: 1, width: 1, height: 1))
        #expect(Render.maxDifference(expectedMaximum, [0, 0, 0.72, 0.8]) <= 1e-6 && Render.maxDifference(expectedMinimum, [0.06, 0.03, 0, 0.1]) <= 1e-6)
        #expect(maximum == expectedMaximum, "maximum \(maximum) vs pixel (1, 0) \(expectedMaximum)")
        #expect(minimum == expectedMinimum, "minimum \(minimum) vs pixel (3, 1) \(expectedMinimum)")
    }

    @Test func boundsOfRedAreNormalisedToTheExtent() {
        // A red 3 × 2 block at (2, 1) in a black 6 × 4 image.
        let image = CIImage(color: Self.color(1, 0, 0)).cropped(to: CGRect(x: 2, y: 1, width: 3, height: 2))
            .composited(over: CIImage(color: Self.color(0, 0.5, 0.5)).cropped(to: CGRect(x: 0, y: 0, width: 6, height: 4)))
        let bounds = image.applyingFilter("CIAreaBoundsRed", parameters: [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 0, y: 0, width: 6, height: 4))])
        #expect(Render.linearFloats(bounds, CGRect(x: 0, y: 0, width: 1, height: 1)) == [2.0 / 6, 0.25, 0.5, 0.5])
        // Relative to an extent starting at (1, 1): x 1/5, y 0, width 3/5, height 2/3.
        let shifted = image.applyingFilter("CIAreaBoundsRed", parameters: [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 1, y: 1, width: 5, height: 3))])
        #expect(Render.maxDifference(Render.linearFloats(shifted, CGRect(x: 1, y: 1, width: 1, height: 1)), [0.2, 0, 0.6, 2.0 / 3]) <= 1e-7)
        // No red at all: zeros.
        let none = CIImage(color: Self.color(0, 1, 0)).cropped(to: CGRect(x: 0, y: 0, width: 4, height: 4))
            .applyingFilter("CIAreaBoundsRed", parameters: [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 0, y: 0, width: 4, height: 4))])
        #expect(Render.linearFloats(none, CGRect(x: 0, y: 0, width: 1, height: 1)) == [0, 0, 0, 0])
    }

    @Test func logarithmicHistogramBinsByStops() {
        // Values 1/256 (log₂ −8), 1/4 (−2), 1 (0) and 0 in red; 14 bins over [−10, 4] put each in bin log₂ v + 10.
        let image = Self.canvas(4, 1, [(0, 0, Self.color(1.0 / 256, 0, 0)), (1, 0, Self.color(0.25, 0, 0)), (2, 0, Self.color(1, 0, 0))])
        let histogram = image.applyingFilter("CIAreaLogarithmicHistogram", parameters: [
            kCIInputExtentKey: CIVector(cgRect: CGRect(x: 0, y: 0, width: 4, height: 1)), "inputCount": 14])
        #expect(histogram.extent == CGRect(x: 0, y: 0, width: 14, height: 1))
        let values = Render.linearFloats(histogram, CGRect(x: 0, y: 0, width: 14, height: 1))
        let red = stride(from: 0, to: values.count, by: 4).map { values[$0] }
        var expected = [Float](repeating: 0, count: 14)
        expected[0] = 0.25; expected[2] = 0.25; expected[8] = 0.25; expected[10] = 0.25
        #expect(red == expected)
        // Alpha is binned linearly: every pixel is opaque, so the last bin holds everything.
        #expect(values[13 * 4 + 3] == 1)
        // A maximum stop not above the minimum gives no output.
        #expect(image.applyingFilter("CIAreaLogarithmicHistogram", parameters: ["inputMinimumStop": -2, "inputMaximumStop": -2]).extent.isEmpty)
    }

    @Test func histogramDisplayDrawsBars() {
        // Two bins: red 0.5 / 1, green 0.25 / 0, blue 0 / 0.75; 4 pixels high.
        let bins = Self.canvas(2, 1, [(0, 0, Self.color(0.5, 0.25, 0)), (1, 0, Self.color(1, 0, 0.75))])
        let display = bins.applyingFilter("CIHistogramDisplayFilter", parameters: ["inputHeight": 4])
        #expect(display.extent == CGRect(x: 0, y: 0, width: 2, height: 4))
        let values = Render.linearFloats(display, CGRect(x: 0, y: 0, width: 2, height: 4))   // top row first
        let expected: [Float] = [0, 0, 0, 1, 1, 0, 0, 1,
                                 0, 0, 0, 1, 1, 0, 1, 1,
                                 1, 0, 0, 1, 1, 0, 1, 1,
                                 1, 1, 0, 1, 1, 0, 1, 1]
        #expect(values == expected)
    }

    /// Extrema partials start at ±∞ and combine by min/max, ties by position, so the reductions (and the Otsu
    /// threshold and palettize built on them) give the same floats whatever the tiles and threads.
    @Test(arguments: [(16, 16), (37, 5), (256, 256)])
    func reductionsDoNotDependOnTileSizeOrThreads(_ tile: (Int, Int)) throws {
        let image = TestImages.alphaPattern(width: 90, height: 70, seed: 2)
        let extent = CIVector(cgRect: CGRect(x: 3, y: 4, width: 80, height: 60))
        var recipes: [(String, CIImage, CGRect)] = ["CIAreaMinMax", "CIAreaMaximumAlpha", "CIAreaMinimumAlpha", "CIAreaAverageMaximumRed",
                                                    "CIAreaBoundsRed", "CIAreaLogarithmicHistogram"].map { name in
            let output = image.applyingFilter(name, parameters: [kCIInputExtentKey: extent])
            return (name, output, output.extent)
        }
        recipes.append(("CIColorThresholdOtsu", image.applyingFilter("CIColorThresholdOtsu"), image.extent))
        recipes.append(("CIPalettize", image.applyingFilter("CIPalettize", parameters: ["inputPaletteImage": ReferenceInputs.palette]), image.extent))
        for (name, recipe, region) in recipes {
            let reference: [Float] = {
                let context = CIContext()
                context.renderOverrides = RenderOverrides(tileWidth: 1024, tileHeight: 1024, threads: 1)
                return Render.linearFloats(recipe, region, context: context)
            }()
            for threads in [1, 2] {
                let context = CIContext()
                context.renderOverrides = RenderOverrides(tileWidth: tile.0, tileHeight: tile.1, threads: threads)
                let pixels = Render.linearFloats(recipe, region, context: context)
                #expect(pixels == reference, "\(name): tile \(tile) on \(threads) thread(s) differs by up to \(Render.maxDifference(pixels, reference))")
                #expect(context.lastRenderStatistics.arenaOverflows == 0, "\(name)")
            }
        }
    }

    @Test func typedFiltersShareTheStringStore() throws {
        let minimum = CIFilter.areaMinimum()
        minimum.extent = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(minimum.value(forKey: kCIInputExtentKey) as? CIVector == CIVector(x: 1, y: 2, z: 3, w: 4))
        let log = CIFilter.areaLogarithmicHistogram()
        #expect(log.count == 64 && log.minimumStop == -10 && log.maximumStop == 4 && log.scale == 1)
        log.minimumStop = -6
        #expect(FilterValuesProbe.number(log.value(forKey: "inputMinimumStop")) == -6)
        let display = CIFilter.histogramDisplay()
        #expect(display.height == 100 && display.highLimit == 1 && display.lowLimit == 0)
        let all: [CIFilter & CIAreaReductionFilter] = [CIFilter.areaMaximum(), CIFilter.areaMinimum(), CIFilter.areaMaximumAlpha(),
                                                       CIFilter.areaMinimumAlpha(), CIFilter.areaMinMax(), CIFilter.areaMinMaxRed(),
                                                       CIFilter.areaAverageMaximumRed(), CIFilter.areaBoundsRed(), log]
        // The older reductions share Apple's CIAreaReductionFilter too.
        let older: [CIFilter & CIAreaReductionFilter] = [CIFilter.areaAverage(), CIFilter.areaHistogram(), CIFilter.rowAverage(), CIFilter.columnAverage()]
        let image = TestImages.patternImage(width: 8, height: 6)
        for filter in all + older {
            filter.inputImage = image
            #expect(filter.outputImage != nil, "\(filter.name)")
        }
    }

    @Test(.enabled(if: TestMedia.folder != nil, "needs the shared media corpus"))
    func renderAtDefaultsOnAPhoto() throws {
        let url = try #require(TestMedia.url("images/no_metadata.jpg"))
        let photo = try #require(CIImage(contentsOf: url))
        for name in Self.names where name != "CIHistogramDisplayFilter" {
            let output = try #require(photo.applyingFilter(name, parameters: [:]) as CIImage?, "\(name) gave no output")
            #expect(!output.extent.isEmpty && output.extent.width <= 64, "\(name): \(output.extent)")
            let values = Render.linearFloats(output, output.extent)
            #expect(!values.isEmpty && !values.contains { !$0.isFinite }, "\(name)")
        }
        // The photo's default extent (0, 0, 640, 80): its red maximum is at least its red mean.
        let averageMaximum = Render.linearFloats(photo.applyingFilter("CIAreaAverageMaximumRed"), CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(averageMaximum[1] >= averageMaximum[0] && averageMaximum[0] > 0)
        let histogram = photo.applyingFilter("CIAreaHistogram", parameters: [kCIInputScaleKey: 20])
        let display = histogram.applyingFilter("CIHistogramDisplayFilter")
        #expect(display.extent == CGRect(x: 0, y: 0, width: 64, height: 100))
        let bars = Render.linearFloats(display, display.extent)
        #expect(bars.contains(1) && bars.contains(0) && !bars.contains { !$0.isFinite })
    }
}
