import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The halftone screens, `CIHexagonalPixellate` and the row / column averages beyond their numpy references:
/// Apple's attributes, solid colours, symmetry and periodicity of the screens, and values computed here.
@Suite struct HalftoneTests {
    static let screens = ["CIDotScreen", "CILineScreen", "CIHatchedScreen", "CICircularScreen"]

    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    static func solid(_ grey: Double, alpha: Double = 1) -> CIImage {
        CIImage(color: CIColor(red: grey, green: grey, blue: grey, alpha: alpha)).cropped(to: CGRect(x: 0, y: 0, width: 40, height: 30))
    }

    @Test func attributesMatchApple() throws {
        let displays = ["Dot Screen", "Line Screen", "Hatched Screen", "Circular Screen"]
        for (name, display) in zip(Self.screens, displays) {
            let filter = try #require(CIFilter(name: name))
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.attributes[kCIAttributeFilterCategories] as? [String]
                    == [kCICategoryHalftoneEffect, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
            let keys = name == "CICircularScreen" ? [kCIInputImageKey, kCIInputCenterKey, kCIInputWidthKey, kCIInputSharpnessKey]
                : [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, kCIInputWidthKey, kCIInputSharpnessKey]
            #expect(filter.inputKeys == keys, "\(name)")
            let width = try Self.attributes(name, kCIInputWidthKey)
            #expect(FilterValuesProbe.number(width[kCIAttributeDefault]) == 6 && FilterValuesProbe.number(width[kCIAttributeMin]) == 1)
            #expect(FilterValuesProbe.number(width[kCIAttributeSliderMin]) == 2 && FilterValuesProbe.number(width[kCIAttributeSliderMax]) == 50)
            let sharpness = try Self.attributes(name, kCIInputSharpnessKey)
            #expect(FilterValuesProbe.number(sharpness[kCIAttributeDefault]) == 0.7 && FilterValuesProbe.number(sharpness[kCIAttributeMax]) == 1)
            #expect(CIFilter.filterNames(inCategory: kCICategoryHalftoneEffect).contains(name))
        }
        let hexagonal = try #require(CIFilter(name: "CIHexagonalPixellate"))
        #expect(hexagonal.attributes[kCIAttributeFilterDisplayName] as? String == "Hexagonal Pixelate")
        #expect(FilterValuesProbe.number(try Self.attributes("CIHexagonalPixellate", kCIInputScaleKey)[kCIAttributeDefault]) == 8)
        for name in ["CIRowAverage", "CIColumnAverage"] {
            #expect(CIFilter.filterNames(inCategory: kCICategoryReduction).contains(name))
            #expect(try Self.attributes(name, kCIInputExtentKey)[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 0, z: 640, w: 80))
        }
    }

    @Test func solidWhiteAndBlackStaySolidAndAlphaIsKept() {
        let region = CGRect(x: 0, y: 0, width: 40, height: 30)
        for name in Self.screens {
            let white = Render.linearFloats(Self.solid(1).applyingFilter(name), region)
            #expect(white.allSatisfy { $0 == 1 }, "\(name): white")
            let black = Render.linearFloats(Self.solid(0).applyingFilter(name), region)
            #expect(stride(from: 0, to: black.count, by: 4).allSatisfy { black[$0] == 0 && black[$0 + 1] == 0 && black[$0 + 3] == 1 }, "\(name): black")
            // A light, half-transparent grey (coverage about 0.21) on a screen whose elements sit on pixel centres:
            // every pixel a premultiplied grey with alpha 0.5, both paper (0.5) and ink present.
            let translucent = Render.linearFloats(Self.solid(0.9, alpha: 0.5).applyingFilter(name, parameters: [
                kCIInputWidthKey: 7, kCIInputSharpnessKey: 1, kCIInputCenterKey: CIVector(x: 150.5, y: 150.5)]), region)
            #expect(stride(from: 0, to: translucent.count, by: 4).allSatisfy {
                translucent[$0 + 3] == 0.5 && translucent[$0] == translucent[$0 + 1] && translucent[$0] <= 0.5
            }, "\(name): translucent")
            let greys = stride(from: 0, to: translucent.count, by: 4).map { translucent[$0] }
            #expect(greys.contains(0.5) && greys.min()! < 0.4, "\(name): paper and ink \(greys.min()!)…\(greys.max()!)")
        }
    }

    @Test func screensRepeatAndMirror() {
        // A light grey (coverage about 0.21) through a line screen along x, lines 8 apart, one on the centres of
        // row 10: the same in every column, repeating every 8 rows, mirrored about row 10.
        let region = CGRect(x: 0, y: 0, width: 40, height: 30)
        let lines = Render.linearFloats(Self.solid(0.9).applyingFilter("CILineScreen", parameters: [
            kCIInputCenterKey: CIVector(x: 3, y: 10.5), kCIInputWidthKey: 8, kCIInputAngleKey: 0, kCIInputSharpnessKey: 1]), region)
        func at(_ values: [Float], _ x: Int, _ y: Int) -> Float { values[((29 - y) * 40 + x) * 4] }
        for y in 0..<30 {
            #expect((0..<40).allSatisfy { at(lines, $0, y) == at(lines, 0, y) }, "row \(y) varies")
            if y + 8 < 30 { #expect(abs(at(lines, 5, y) - at(lines, 5, y + 8)) <= 1e-6, "row \(y) vs \(y + 8)") }
            if y < 10 { #expect(abs(at(lines, 5, y) - at(lines, 5, 20 - y)) <= 1e-6, "rows \(y) and \(20 - y)") }
        }
        // Ink at the line centre, paper half a period away.
        #expect(at(lines, 0, 10) == 0 && at(lines, 0, 14) == 1)
        // A dot screen centred on a pixel corner is symmetric in x and y about it.
        let dots = Render.linearFloats(Self.solid(0.7).applyingFilter("CIDotScreen", parameters: [
            kCIInputCenterKey: CIVector(x: 20, y: 15), kCIInputWidthKey: 10, kCIInputAngleKey: 0]), region)
        for d in 0..<10 {
            #expect(abs(at(dots, 20 + d, 15 + d / 2) - at(dots, 19 - d, 15 + d / 2)) <= 1e-6)
            #expect(abs(at(dots, 20 + d / 2, 15 + d) - at(dots, 20 + d / 2, 14 - d)) <= 1e-6)
        }
    }

    @Test func hexagonalCellsTakeTheirCentresColour() throws {
        let image = TestImages.patternImage(width: 40, height: 30)
        let region = CGRect(x: 0, y: 0, width: 40, height: 30)
        let input = Render.linearFloats(image, region)
        let output = Render.linearFloats(image.applyingFilter("CIHexagonalPixellate", parameters: [kCIInputCenterKey: CIVector(x: 20.3, y: 14.6),
                                                                                                   kCIInputScaleKey: 7]), region)
        func pixel(_ values: [Float], _ x: Int, _ y: Int) -> [Float] { Array(values[((29 - y) * 40 + x) * 4..<((29 - y) * 40 + x) * 4 + 4]) }
        let h = 7 * 3.0.squareRoot() / 2
        for y in stride(from: 0, to: 30, by: 3) {
            for x in stride(from: 1, to: 40, by: 3) {
                // The nearest lattice point, by brute force over the lattice (20.3 + 7i + 3.5j, 14.6 + h·j).
                var best = (0.0, 0.0), distance = Double.infinity
                for j in -4...4 {
                    for i in -6...6 {
                        let qx = 20.3 + 7 * Double(i) + 3.5 * Double(j), qy = 14.6 + h * Double(j)
                        let d = pow(Double(x) + 0.5 - qx, 2) + pow(Double(y) + 0.5 - qy, 2)
                        if d < distance { (best, distance) = ((qx, qy), d) }
                    }
                }
                let sx = min(max(Int(best.0.rounded(.down)), 0), 39), sy = min(max(Int(best.1.rounded(.down)), 0), 29)
                let inside = best.0 >= 0 && best.0 < 40 && best.1 >= 0 && best.1 < 30
                #expect(pixel(output, x, y) == (inside ? pixel(input, sx, sy) : [0, 0, 0, 0]), "(\(x), \(y)) → \(best)")
            }
        }
        #expect(image.applyingFilter("CIHexagonalPixellate").extent == image.extent)
    }

    @Test func rowAndColumnAveragesAreMeans() throws {
        let image = TestImages.patternImage(width: 16, height: 12)
        let input = Render.linearFloats(image, CGRect(x: 0, y: 0, width: 16, height: 12))
        let box = CGRect(x: 3, y: 2, width: 9, height: 7)
        let rows = image.applyingFilter("CIRowAverage", parameters: [kCIInputExtentKey: CIVector(cgRect: box)])
        let columns = image.applyingFilter("CIColumnAverage", parameters: [kCIInputExtentKey: CIVector(cgRect: box)])
        #expect(rows.extent == CGRect(x: 3, y: 2, width: 1, height: 7))
        #expect(columns.extent == CGRect(x: 3, y: 2, width: 9, height: 1))
        let rowValues = Render.linearFloats(rows, rows.extent), columnValues = Render.linearFloats(columns, columns.extent)
        func value(_ x: Int, _ y: Int, _ c: Int) -> Double { Double(input[((11 - y) * 16 + x) * 4 + c]) }
        for y in 2..<9 {
            for c in 0..<4 {
                let mean = (3..<12).map { value($0, y, c) }.reduce(0, +) / 9
                #expect(abs(Double(rowValues[(8 - y) * 4 + c]) - mean) <= 1e-6, "row \(y) channel \(c)")
            }
        }
        for x in 3..<12 {
            for c in 0..<4 {
                let mean = (2..<9).map { value(x, $0, c) }.reduce(0, +) / 7
                #expect(abs(Double(columnValues[(x - 3) * 4 + c]) - mean) <= 1e-6, "column \(x) channel \(c)")
            }
        }
        let typed = CIFilter.rowAverage()
        typed.inputImage = image; typed.extent = box
        #expect(Render.linearFloats(try #require(typed.outputImage), rows.extent) == rowValues)
        #expect(CIFilter(name: "CIColumnAverage", parameters: [kCIInputImageKey: image, kCIInputExtentKey: CIVector(cgRect: .zero)])?.outputImage == nil)
    }
}
