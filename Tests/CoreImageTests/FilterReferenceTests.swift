import Foundation
import _Testing_CoreImage

/// Every built-in filter against numbers computed outside the engine (numpy, `References/reference.py`).
/// Outputs are rendered as RGBAf in extended linear sRGB (premultiplied), so no 8-bit rounding hides errors;
/// each case states its tolerance (float32 arithmetic and tabulated curves account for the differences).
@Suite struct FilterReferenceTests {
    static func check(_ testCase: FilterCase) throws {
        let reference = try #require(ReferenceValues.values[testCase.name], "no reference values for \(testCase.name)")
        let image = try #require(testCase.make(), "\(testCase.name) produced no image")
        let rendered = Render.linearFloats(image, testCase.region)
        try #require(rendered.count == reference.count, "\(testCase.name): \(rendered.count) values, reference has \(reference.count)")
        let worst = Render.maxDifference(rendered, reference)
        let index = zip(rendered, reference).enumerated().max { abs($0.element.0 - $0.element.1) < abs($1.element.0 - $1.element.1) }?.offset ?? 0
        #expect(worst <= testCase.tolerance,
                "\(testCase.name): max |difference| \(worst) > \(testCase.tolerance) at value \(index) (pixel \(index / 4), channel \(index % 4)): engine \(rendered[index]), reference \(reference[index])")
    }

    @Test(arguments: FilterCases.perPixel) func colorFilter(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.compositing) func compositing(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.generators) func generator(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.neighbourhood) func neighbourhood(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.geometry) func geometry(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.convolutionAndMorphology) func convolutionAndMorphology(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.tileEffects) func tileEffect(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.distortions) func distortion(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.halftonesAndLines) func halftoneOrLine(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.stylizeMore) func stylizeMore(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.reductionsMore) func reductionMore(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.colorLooks) func colorLook(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.curvesPalettesSpots) func curvesPalettesSpots(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.scalingAndSampling) func scalingAndSampling(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.cameraFilters) func cameraFilter(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.transitionsMore) func transitionMore(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.distortionsMore) func distortionMore(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.blursMore) func blurMore(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.lightGenerators) func lightGenerator(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.stylizeLight) func stylizeLight(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.linesAndGuides) func lineOrGuide(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.cmyk) func cmykHalftone(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.stroke) func stroke(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.comicEdges) func comicOrEdges(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.documentToneDepth) func documentToneDepth(_ testCase: FilterCase) throws { try Self.check(testCase) }
    @Test(arguments: FilterCases.kMeansDrosteMesh) func kMeansDrosteMesh(_ testCase: FilterCase) throws { try Self.check(testCase) }

    @Test func everyBuiltInFilterHasAReferenceCase() {
        let covered = Set((FilterCases.perPixel + FilterCases.compositing + FilterCases.generators + FilterCases.neighbourhood + FilterCases.geometry
            + FilterCases.convolutionAndMorphology + FilterCases.tileEffects + FilterCases.distortions
            + FilterCases.halftonesAndLines + FilterCases.stylizeMore + FilterCases.reductionsMore + FilterCases.colorLooks + FilterCases.curvesPalettesSpots + FilterCases.scalingAndSampling + FilterCases.cameraFilters + FilterCases.transitionsMore + FilterCases.distortionsMore + FilterCases.blursMore + FilterCases.lightGenerators + FilterCases.stylizeLight + FilterCases.linesAndGuides + FilterCases.cmyk + FilterCases.stroke + FilterCases.comicEdges + FilterCases.documentToneDepth + FilterCases.kMeansDrosteMesh).map { $0.name.lowercased() } + FilterCases.checkedByDecoding.map { $0.lowercased() } + FilterCases.withoutOutput.map { $0.lowercased() })
        let names = CIFilter.filterNames(inCategory: kCICategoryBuiltIn)
        let missing = names.filter { name in
            let key = String(name.dropFirst(2)).lowercased()
            return !covered.contains(key)
        }
        #expect(missing.isEmpty, "filters without a reference case: \(missing)")
    }
}
