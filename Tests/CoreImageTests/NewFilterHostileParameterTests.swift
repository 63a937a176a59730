import CoreGraphics
import CoreImage
import Foundation
import Testing

/// The filters added with the reductions, colour looks, palettes and camera geometry, given the extreme values
/// adjustment data or the command line can hand them (every number and vector component at ±10⁸, the limit
/// filters are given, or 0): each gives no output, renders, or fails to render with a reason; none traps.
@Suite struct NewFilterHostileParameterTests {
    static let names = [
        "CIAreaMaximum", "CIAreaMinimum", "CIAreaMaximumAlpha", "CIAreaMinimumAlpha", "CIAreaMinMax", "CIAreaMinMaxRed",
        "CIAreaAverageMaximumRed", "CIAreaBoundsRed", "CIAreaLogarithmicHistogram", "CIHistogramDisplayFilter",
        "CIThermal", "CIXRay", "CIColorCurves", "CIColorThresholdOtsu", "CIConvertLabToRGB", "CIConvertRGBtoLab", "CIDither",
        "CIPalettize", "CIPaletteCentroid", "CISpotColor",
        "CIBicubicScaleTransform", "CIMaximumScaleTransform", "CIClamp", "CISampleNearest", "CIStretchCrop",
        "CIKeystoneCorrectionHorizontal", "CIKeystoneCorrectionVertical", "CIKeystoneCorrectionCombined", "CIPerspectiveRotate",
    ]
    static let bounds = CGRect(x: 0, y: 0, width: 8, height: 8)

    /// Every image input of `filter` set to `images`, every number to `value`, every vector component to `value`
    /// (as many as its default has, else `vectorLength`).
    static func setEveryInput(of filter: CIFilter, to value: Double, images: CIImage, vectorLength: Int) {
        for key in filter.inputKeys {
            guard let attributes = filter.attributes[key] as? [String: Any] else { continue }
            switch attributes[kCIAttributeClass] as? String {
            case "CIImage": filter.setValue(images, forKey: key)
            case "NSNumber": filter.setValue(value, forKey: key)
            case "CIVector":
                let count = (attributes[kCIAttributeDefault] as? CIVector)?.count ?? vectorLength
                filter.setValue(CIVector(values: [CGFloat](repeating: CGFloat(value), count: count), count: count), forKey: key)
            default: break
            }
        }
    }

    @Test(arguments: [1e8, -1e8, 0, 3.3e75])
    func extremeValuesRenderOrFailWithAReason(value: Double) throws {
        let source = CIImage(color: CIColor(red: 0.5, green: 0.4, blue: 0.3)).cropped(to: Self.bounds)
        var rendered = 0
        for name in Self.names {
            let filter = try #require(CIFilter(name: name), "\(name)")
            Self.setEveryInput(of: filter, to: value, images: source, vectorLength: 2)
            guard let output = filter.outputImage else { continue }
            let context = CIContext()
            let region = output.extent.isInfinite ? Self.bounds : output.extent.intersection(CGRect(x: -4e3, y: -4e3, width: 8e3, height: 8e3))
            guard !region.isNull, !region.isEmpty else { continue }
            let rect = CGRect(x: region.minX, y: region.minY, width: min(region.width, 64), height: min(region.height, 64)).integral
            if context.createCGImage(output, from: rect) == nil {
                #expect(context.lastRenderError != nil, "\(name) at \(value) failed without a reason")
            } else {
                rendered += 1
            }
        }
        // Many still make an image (empty extents, zero scales and sizes give none): the values reach the kernels.
        #expect(rendered >= 10, "only \(rendered) of \(Self.names.count) filters rendered at \(value)")
    }
}
