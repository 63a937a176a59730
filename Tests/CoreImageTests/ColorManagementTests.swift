import Foundation
import _Testing_CoreImage
@testable import CoreImage
import CLCMS2

/// Automatic colour management against Little CMS: every conversion the renderer does (source profile → linear
/// working space → destination profile) must land within ΔE2000 < 0.5 of Little CMS's own transform.
@Suite struct ColorManagementTests {
    static func space(_ name: String) -> CGColorSpace { CGColorSpace(name: name)! }

    /// Little CMS: RGB doubles in `source` → RGB doubles in `destination` (unbounded float transform).
    static func lcmsConvert(_ rgb: [Double], from source: CGColorSpace, to destination: CGColorSpace) -> [Double] {
        let input = source.copyICCData()!.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }!
        let output = destination.copyICCData()!.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }!
        defer { cmsCloseProfile(input); cmsCloseProfile(output) }
        let transform = cmsCreateTransform(input, CLCMS2_TYPE_RGB_DBL, output, CLCMS2_TYPE_RGB_DBL, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), 0)!
        defer { cmsDeleteTransform(transform) }
        var out = [Double](repeating: 0, count: rgb.count)
        rgb.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { o in
            cmsDoTransform(transform, i.baseAddress, o.baseAddress, cmsUInt32Number(rgb.count / 3)) } }
        return out
    }

    /// ΔE2000 between two RGB triples of `space`, through Lab (D50) computed by Little CMS.
    static func deltaE(_ a: [Double], _ b: [Double], in space: CGColorSpace) -> Double {
        let profile = space.copyICCData()!.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }!
        let lab = cmsCreateLab4Profile(nil)!
        defer { cmsCloseProfile(profile); cmsCloseProfile(lab) }
        let transform = cmsCreateTransform(profile, CLCMS2_TYPE_RGB_DBL, lab, CLCMS2_TYPE_Lab_DBL, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), 0)!
        defer { cmsDeleteTransform(transform) }
        var worst = 0.0
        for i in stride(from: 0, to: a.count, by: 3) {
            var la = cmsCIELab(), lb = cmsCIELab()
            var pa = Array(a[i..<(i + 3)]), pb = Array(b[i..<(i + 3)])
            cmsDoTransform(transform, &pa, &la, 1)
            cmsDoTransform(transform, &pb, &lb, 1)
            worst = max(worst, cmsCIE2000DeltaE(&la, &lb, 1, 1, 1))
        }
        return worst
    }

    /// A set of test colours: the pattern plus primaries, secondaries, near-black and near-white.
    static let colors: [UInt8] = {
        var pixels = TestImages.patternPixels(width: 16, height: 12)
        let extra: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0], [0, 255, 255], [255, 0, 255],
                                [1, 2, 3], [250, 252, 254], [128, 128, 128], [255, 255, 255], [0, 0, 0], [200, 40, 90]]
        for c in extra { pixels += c + [255] }
        return pixels
    }()

    static func image(in space: CGColorSpace) -> CIImage {
        let count = colors.count / 4
        let cg = CGImage(width: count, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: count * 4, space: space,
                         bitmapInfo: CGBitmapInfo(alphaInfo: .noneSkipLast), provider: CGDataProvider(data: Data(colors)),
                         decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
        return CIImage(cgImage: cg)
    }

    @Test(arguments: [
        (CGColorSpace.sRGB, CGColorSpace.displayP3), (CGColorSpace.displayP3, CGColorSpace.sRGB),
        (CGColorSpace.sRGB, CGColorSpace.adobeRGB1998), (CGColorSpace.adobeRGB1998, CGColorSpace.displayP3),
        (CGColorSpace.sRGB, CGColorSpace.itur_2020), (CGColorSpace.displayP3, CGColorSpace.linearSRGB),
    ])
    func floatConversionMatchesLittleCMS(_ pair: (String, String)) {
        let source = Self.space(pair.0), destination = Self.space(pair.1)
        let image = Self.image(in: source)
        let rendered = Render.floats(image, image.extent, colorSpace: destination)
        var ours: [Double] = [], input: [Double] = []
        for i in 0..<(Self.colors.count / 4) {
            ours += (0..<3).map { Double(rendered[i * 4 + $0]) }
            input += (0..<3).map { Double(Self.colors[i * 4 + $0]) / 255 }
        }
        var expected = Self.lcmsConvert(input, from: source, to: destination)
        if !CGColorSpaceUsesExtendedRange(destination) { expected = expected.map { min(max($0, 0), 1) } }
        let delta = Self.deltaE(ours, expected, in: destination)
        #expect(delta < 0.5, "\(pair.0) → \(pair.1): ΔE2000 \(delta)")
    }

    @Test func eightBitOutputMatchesLittleCMS() {
        let source = Self.space(CGColorSpace.sRGB), destination = Self.space(CGColorSpace.displayP3)
        let image = Self.image(in: source)
        let bytes = Render.bytes(image, image.extent, colorSpace: destination)
        var ours: [Double] = [], input: [Double] = []
        for i in 0..<(Self.colors.count / 4) {
            ours += (0..<3).map { Double(bytes[i * 4 + $0]) / 255 }
            input += (0..<3).map { Double(Self.colors[i * 4 + $0]) / 255 }
        }
        // Both sides quantized to 8 bits, as a Little CMS 8-bit transform would be.
        let expected = Self.lcmsConvert(input, from: source, to: destination).map { (min(max($0, 0), 1) * 255).rounded() / 255 }
        let delta = Self.deltaE(ours, expected, in: destination)
        #expect(delta < 0.5, "ΔE2000 \(delta)")
    }

    @Test func iccProfileFromDataConvertsLikeTheNamedSpace() {
        let p3 = Self.space(CGColorSpace.displayP3)
        let fromData = CGColorSpace(iccData: p3.copyICCData()!)!
        let a = Render.floats(Self.image(in: p3), Self.image(in: p3).extent, colorSpace: Self.space(CGColorSpace.sRGB))
        let b = Render.floats(Self.image(in: fromData), Self.image(in: fromData).extent, colorSpace: Self.space(CGColorSpace.sRGB))
        // The profile's curve parameters are stored as 16.16 fixed point, hence the small difference.
        #expect(Render.maxDifference(a, b) < 5e-4)
    }

    @Test func littleCMSPathMatchesTheMatrixPath() {
        // The path LUT-based profiles take, forced on a matrix-shaper pair so both can be compared.
        let p3 = Self.space(CGColorSpace.displayP3), working = ColorSpaces.extendedLinearSRGB
        let source = Self.image(in: p3).matchedFromWorkingSpace(to: p3)!  // undo the automatic match: raw P3 values
        let viaMatrix = source.matchedToWorkingSpace(from: p3)!
        let viaLCMS = CIImage(image: source.image.applying(LittleCMSKernel(from: p3, to: working)))
        let context = CIContext(options: [.workingFormat: CIFormat.RGBAf])
        let a = Render.floats(viaMatrix, source.extent, colorSpace: nil, context: context)
        let b = Render.floats(viaLCMS, source.extent, colorSpace: nil, context: context)
        #expect(Render.maxDifference(a, b) < 2e-3)
    }

    @Test func workingSpaceKeepsValuesOutsideTheUnitRange() {
        // P3 green is outside sRGB: in extended linear sRGB its red and blue go negative and survive to RGBAh.
        let p3 = Self.space(CGColorSpace.displayP3)
        let green = CIImage(color: CIColor(red: 0, green: 1, blue: 0, alpha: 1, colorSpace: p3)!).cropped(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        let context = CIContext()
        let half = context.createCGImage(green, from: green.extent, format: .RGBAh, colorSpace: Self.space(CGColorSpace.extendedLinearSRGB))!
        let values = half.dataProvider!.data!.withUnsafeBytes { raw in (0..<4).map { Float(raw.load(fromByteOffset: $0 * 2, as: Float16.self)) } }
        #expect(abs(values[0] - -0.2249) < 0.002 && abs(values[1] - 1.0421) < 0.002 && abs(values[2] - -0.0786) < 0.002, "\(values)")
    }

    @Test func noColorManagementWhenTheWorkingSpaceIsNull() {
        let image = Self.image(in: Self.space(CGColorSpace.sRGB))
        let context = CIContext(options: [.workingColorSpace: NSNull()])
        let floats = Render.floats(image, image.extent, colorSpace: Self.space(CGColorSpace.displayP3), context: context)
        for i in 0..<(Self.colors.count / 4) {
            #expect(abs(floats[i * 4] - Float(Self.colors[i * 4]) / 255) < 1e-6)
        }
    }
}
