import Foundation
import _Testing_CoreImage
@testable import CoreImage
import _TestSupport

/// `CI_PRINT_TREE`: the recipe (1), the optimized graph (2) and the program graph (4, or the 2016 value 8),
/// as text or as Graphviz files.
@Suite struct TreePrintTests {
    @Test func environmentValuesParseLikeCoreImage() {
        #expect(TreePrintRequest.fromEnvironment(["CI_PRINT_TREE": "1"])?.flags == 1)
        #expect(TreePrintRequest.fromEnvironment(["CI_PRINT_TREE": "8 graphviz"])?.flags == 12)
        #expect(TreePrintRequest.fromEnvironment(["CI_PRINT_TREE": "8 graphviz"])?.graphviz == true)
        #expect(TreePrintRequest.fromEnvironment(["CI_PRINT_TREE": "7"])?.flags == 7)
        #expect(TreePrintRequest.fromEnvironment(["CI_PRINT_TREE": "0"]) == nil)
        #expect(TreePrintRequest.fromEnvironment([:]) == nil)
    }

    @Test func printsTheRecipeAndTheProgramGraph() throws {
        let directory = TemporaryDirectory()
        let log = directory.appending("tree.txt").path
        let image = TestImages.patternImage(width: 40, height: 30)
        let integral = try IntegralImageProcessor.apply(withExtent: image.extent, inputs: [image], arguments: ["extent": image.extent])
        let recipe = integral.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: -1.0])
            .applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 2.0])
            .applyingFilter("CISepiaTone")
            .cropped(to: image.extent)
        let context = CIContext(options: [.name: "tree-test"])
        context.renderOverrides = RenderOverrides(printTree: TreePrintRequest(flags: 7, graphviz: false, logFile: log))
        _ = context.createCGImage(recipe, from: image.extent)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("tree-test render"))
        #expect(text.contains("initial graph") && text.contains("optimized graph") && text.contains("program graph"))
        #expect(text.contains("processor IntegralImageProcessor"))
        #expect(text.contains("colormatch SRGB → working"))
        #expect(text.contains("gaussianBlur"))
        // The program graph shows the processor's own intermediate and the fused tail (sepia + output match).
        let program = try #require(text.components(separatedBy: "program graph").last)
        #expect(program.contains("intermediate BGRA8"))
        #expect(program.contains("processor IntegralImageProcessor → RGBAf"))
        #expect(program.contains("matrix"))
    }

    @Test func graphvizOptionWritesDotFiles() throws {
        let directory = TemporaryDirectory()
        let log = directory.appending("tree.txt").path
        let context = CIContext(options: [.name: "dot-test-\(UUID().uuidString.prefix(8))"])
        context.renderOverrides = RenderOverrides(printTree: TreePrintRequest(flags: 4, graphviz: true, logFile: log))
        let image = TestImages.patternImage().applyingFilter("CIVignette")
        _ = context.createCGImage(image, from: image.extent)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let path = try #require(text.components(separatedBy: "wrote ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let dot = try String(contentsOfFile: path, encoding: .utf8)
        #expect(dot.hasPrefix("digraph program"))
        try? FileManager.default.removeItem(atPath: path)
    }
}
