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
}
