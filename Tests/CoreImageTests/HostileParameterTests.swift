import CoreGraphics
import CoreImage
import Foundation
import Testing

/// Parameter values that reach filters from stored adjustment data or the command line, found by the fuzz target
/// `filter-chains` (reproducers in `Fuzz/Regressions/filter-chains`).
@Suite struct HostileParameterTests {
    /// `CIPixellate scale=3.3e113` (finite as a Double, infinite as a Float) trapped converting the region of
    /// interest's outset to Int while rendering, and a scale of 1e5 asked for a 600 GB region. Squares are at
    /// most 2000 px now, so an 8-px image is one square.
    @Test(arguments: [3.3e113, 1e300, 1e12, 1e5, Double(Float.greatestFiniteMagnitude)])
    func aHugePixellateScaleRendersOneColour(scale: Double) throws {
        let source = CIImage(color: CIColor(red: 0.5, green: 0.4, blue: 0.3)).cropped(to: CGRect(x: 0, y: 0, width: 8, height: 8))
        let filter = try #require(CIFilter(name: "CIPixellate"))
        filter.setValue(source, forKey: kCIInputImageKey)
        filter.setValue(scale, forKey: kCIInputScaleKey)
        filter.setValue(CIVector(x: 3, y: 4), forKey: kCIInputCenterKey)
        let output = try #require(filter.outputImage)
        let image = try #require(CIContext().createCGImage(output, from: CGRect(x: 0, y: 0, width: 8, height: 8)))
        #expect(image.width == 8 && image.height == 8)
    }

    /// A huge scale with a huge centre (3e43, infinite as a Float) mapped output pixels to non-finite input positions,
    /// and converting those to Int trapped while sampling (CI's short fuzz pass, 27 November 2026). Samples at
    /// non-finite or far-out positions are clear now, in every warp and in the periodic (tiling) warps, and numbers
    /// reach filters within ±10⁸. Every filter with a centre is given such centres and renders.
    @Test(arguments: [CIVector(x: 3e43, y: 4), CIVector(x: 3, y: -1e30), CIVector(x: 1e15, y: 1e15)])
    func aHugeCentreSamplesNothingAndRenders(center: CIVector) throws {
        for name in Self.filtersWithACentre {
            let filter = try Self.filter(name, center: center)
            let output = try #require(filter.outputImage, "\(name)")
            let image = try #require(CIContext().createCGImage(output, from: Self.bounds), "\(name)")
            #expect(image.width == 8 && image.height == 8, "\(name)")
        }
    }

    /// With a scale or radius far beyond the image as well, a filter renders, or (when its region of interest
    /// grows beyond the machine's memory: crystals 10⁸ px wide searched two cells around) the render fails with
    /// an error saying so. Before, products of such values overflowed and trapped.
    @Test func aHugeScaleOrRadiusRendersOrFailsWithAReason() throws {
        var rendered = 0, refused = 0
        for name in Self.filtersWithACentre {
            let filter = try Self.filter(name, center: CIVector(x: 3e43, y: 4))
            for key in [kCIInputScaleKey, kCIInputRadiusKey] where filter.inputKeys.contains(key) { filter.setValue(3.3e75, forKey: key) }
            guard let output = filter.outputImage else { continue }
            let context = CIContext()
            if let image = context.createCGImage(output, from: Self.bounds) {
                #expect(image.width == 8 && image.height == 8, "\(name)")
                rendered += 1
            } else {
                let reason = try #require(context.lastRenderError, "\(name) failed without a reason")
                #expect("\(reason)".contains("out of proportion"), "\(name): \(reason)")
                refused += 1
            }
        }
        #expect(rendered >= 20 && refused >= 1, "rendered \(rendered), refused \(refused)")
    }

    static let bounds = CGRect(x: 0, y: 0, width: 8, height: 8)

    /// Every built-in filter of an image with a centre.
    static let filtersWithACentre = CIFilter.filterNames(inCategory: nil).filter { name in
        CIFilter(name: name).map { $0.inputKeys.contains(kCIInputCenterKey) && $0.inputKeys.contains(kCIInputImageKey) } ?? false
    }

    static func filter(_ name: String, center: CIVector) throws -> CIFilter {
        let source = CIImage(color: CIColor(red: 0.5, green: 0.4, blue: 0.3)).cropped(to: bounds)
        let filter = try #require(CIFilter(name: name), "\(name)")
        // Every image input gets the source (a transition's target, a glass texture…), so the filter has an output.
        for key in filter.inputKeys where (filter.attributes[key] as? [String: Any])?[kCIAttributeClass] as? String == "CIImage" {
            filter.setValue(source, forKey: key)
        }
        filter.setValue(center, forKey: kCIInputCenterKey)
        return filter
    }
}
