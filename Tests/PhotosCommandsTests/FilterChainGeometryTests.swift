import XCTest
import CoreImage
import FilterChains
import _TestSupport

/// The geometry the web app's editor stores in a filter chain (Docs/AdjustmentFormat.md, "Geometry"): quarter
/// turns and a flip as one `CIPerspectiveTransform` taking the original's corners to the turned image's corners,
/// then `CIStraightenFilter`, then `CICrop` in the turned image's coordinates. Checked on small made images whose
/// marked corner is found again pixel by pixel, full size, scaled for a preview, and rendered from a file.
final class FilterChainGeometryTests: XCTestCase {
    let context = CIContext(options: [.cacheIntermediates: false])
    let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!
    static let red: [UInt8] = [255, 0, 0, 255]
    static let grey: [UInt8] = [60, 60, 60, 255]

    /// A `width`×`height` opaque image, grey, with a red `mark`×`mark` block in its top left corner.
    func markedImage(width: Int, height: Int, mark: Int) -> CIImage {
        var bytes = [UInt8]()
        for row in 0..<height { for column in 0..<width { bytes += row < mark && column < mark ? Self.red : Self.grey } }
        return CIImage(bitmapData: Data(bytes), bytesPerRow: width * 4, size: CGSize(width: width, height: height), format: .RGBA8, colorSpace: sRGB)
    }

    /// The image's pixels over its extent, RGBA8 sRGB, rows top-down.
    func pixels(_ image: CIImage) -> (values: [UInt8], width: Int, height: Int) {
        let rect = image.extent
        let width = Int(rect.width), height = Int(rect.height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBytes { raw in
            context.render(image, toBitmap: raw.baseAddress!, rowBytes: width * 4, bounds: rect, format: .RGBA8, colorSpace: sRGB)
        }
        return (out, width, height)
    }

    /// Which pixels (column, row from the top) are red.
    func redPixels(_ image: CIImage) -> Set<[Int]> {
        let (values, width, height) = pixels(image)
        var found = Set<[Int]>()
        for row in 0..<height { for column in 0..<width {
            let i = (row * width + column) * 4
            if values[i] > 200 && values[i + 1] < 50 && values[i + 2] < 50 { found.insert([column, row]) }
        } }
        return found
    }

    /// Every pixel of the block `columns`×`rows` (top-down rows).
    func block(_ columns: Range<Int>, _ rows: Range<Int>) -> Set<[Int]> {
        Set(columns.flatMap { column in rows.map { [column, $0] } })
    }

    /// The editor's step for `turns` quarter turns clockwise after an optional horizontal flip, on an upright
    /// original of `width`×`height` (the same corners editor.js computes).
    func orientation(turns: Int, flipped: Bool = false, width: Double, height: Double) -> FilterChain.Filter {
        var w = width, h = height
        var points = [[0, h], [w, h], [w, 0], [0, 0]]   // top left, top right, bottom right, bottom left
        if flipped { points = points.map { [w - $0[0], $0[1]] } }
        for _ in 0..<turns {
            points = points.map { [$0[1], w - $0[0]] }
            (w, h) = (h, w)
        }
        return FilterChain.Filter(name: "CIPerspectiveTransform", parameters: [
            "inputTopLeft": .vector(points[0]), "inputTopRight": .vector(points[1]),
            "inputBottomRight": .vector(points[2]), "inputBottomLeft": .vector(points[3]),
        ])
    }

    func testTurningRightMovesTheTopLeftCornerToTheTopRightAndSwapsTheSize() throws {
        let image = markedImage(width: 6, height: 4, mark: 2)
        XCTAssertEqual(redPixels(image), block(0..<2, 0..<2), "the mark starts at the top left")
        let turned = try FilterChain(filters: [orientation(turns: 1, width: 6, height: 4)]).apply(to: image)
        XCTAssertEqual(turned.extent, CGRect(x: 0, y: 0, width: 4, height: 6))
        XCTAssertEqual(redPixels(turned), block(2..<4, 0..<2))
        // Every other pixel is the grey, exactly: whole-pixel turns sample pixel centres, no blending, no clear edge.
        let (values, width, height) = pixels(turned)
        for row in 0..<height { for column in 0..<width where !(column >= 2 && row < 2) {
            XCTAssertEqual(Array(values[(row * width + column) * 4..<(row * width + column) * 4 + 4]), Self.grey, "pixel \(column),\(row)")
        } }
    }

    func testTurningLeftHalfAndFlippingPlaceTheCornerWhereTheUserSeesIt() throws {
        let image = markedImage(width: 6, height: 4, mark: 2)
        func red(_ filter: FilterChain.Filter) throws -> (CGRect, Set<[Int]>) {
            let output = try FilterChain(filters: [filter]).apply(to: image)
            return (output.extent, redPixels(output))
        }
        let left = try red(orientation(turns: 3, width: 6, height: 4))
        XCTAssertEqual(left.0, CGRect(x: 0, y: 0, width: 4, height: 6))
        XCTAssertEqual(left.1, block(0..<2, 4..<6), "turned left, the top left corner is at the bottom left")
        let half = try red(orientation(turns: 2, width: 6, height: 4))
        XCTAssertEqual(half.0, CGRect(x: 0, y: 0, width: 6, height: 4))
        XCTAssertEqual(half.1, block(4..<6, 2..<4))
        let flipped = try red(orientation(turns: 0, flipped: true, width: 6, height: 4))
        XCTAssertEqual(flipped.0, CGRect(x: 0, y: 0, width: 6, height: 4))
        XCTAssertEqual(flipped.1, block(4..<6, 0..<2))
        // Flipped, then turned right: the mirrored corner (top right) goes to the bottom right.
        let flippedRight = try red(orientation(turns: 1, flipped: true, width: 6, height: 4))
        XCTAssertEqual(flippedRight.0, CGRect(x: 0, y: 0, width: 4, height: 6))
        XCTAssertEqual(flippedRight.1, block(2..<4, 4..<6))
    }

    func testACropAfterATurnIsInTheTurnedImagesCoordinates() throws {
        let image = markedImage(width: 6, height: 4, mark: 2)
        // Turned right the image is 4×6 with the red block at its top right; the user's crop of the top 4×3
        // (origin top left) is Core Image's rectangle [0, 6 - 3, 4, 3].
        let chain = FilterChain(filters: [
            orientation(turns: 1, width: 6, height: 4),
            FilterChain.Filter(name: "CICrop", parameters: ["inputRectangle": .vector([0, 3, 4, 3])]),
        ])
        let output = try chain.apply(to: image)
        XCTAssertEqual(output.extent, CGRect(x: 0, y: 3, width: 4, height: 3))
        XCTAssertEqual(redPixels(output), block(2..<4, 0..<2))
        // A straighten between them keeps the turned size, so the crop's coordinates still hold.
        let straightened = try FilterChain(filters: [chain.filters[0], FilterChain.Filter(name: "CIStraightenFilter", parameters: ["inputAngle": .number(0.05)]), chain.filters[1]])
            .apply(to: image)
        XCTAssertEqual(straightened.extent, CGRect(x: 0, y: 3, width: 4, height: 3))
    }

    func testAPreviewScaledChainTurnsTheDisplaySizeImageTheSameWay() throws {
        // Written for a 12×8 original; the preview renders it on the 6×4 display image at half the scale.
        let chain = FilterChain(filters: [
            orientation(turns: 1, width: 12, height: 8),
            FilterChain.Filter(name: "CICrop", parameters: ["inputRectangle": .vector([0, 4, 8, 8])]),
        ])
        let full = try chain.apply(to: markedImage(width: 12, height: 8, mark: 4))
        XCTAssertEqual(full.extent, CGRect(x: 0, y: 4, width: 8, height: 8))
        XCTAssertEqual(redPixels(full), block(4..<8, 0..<4))
        let preview = try chain.scaled(by: 0.5).apply(to: markedImage(width: 6, height: 4, mark: 2))
        XCTAssertEqual(preview.extent, CGRect(x: 0, y: 2, width: 4, height: 4))
        XCTAssertEqual(redPixels(preview), block(2..<4, 0..<2))
    }

    func testAPreviewWhoseScaleDoesNotDivideTheSizeHasNoPartlyClearEdge() throws {
        // A 12×7 original previewed on a 6×4 picture (7 × 0.5 rounded up): the turned quad is 3.5×6, and the
        // result is the 3×6 whole pixels inside it, every one opaque and of the picture (no clear or dark column).
        let chain = FilterChain(filters: [orientation(turns: 1, width: 12, height: 7)]).scaled(by: 0.5)
        let preview = try chain.apply(to: markedImage(width: 6, height: 4, mark: 2))
        XCTAssertEqual(preview.extent, CGRect(x: 0, y: 0, width: 3, height: 6))
        let (values, _, _) = pixels(preview)
        for pixel in stride(from: 0, to: values.count, by: 4) {
            XCTAssertEqual(values[pixel + 3], 255, "opaque")
            XCTAssertGreaterThanOrEqual(Int(values[pixel]), 55, "red or grey, not black")
        }
        // Whole extents are left as they are; so is an extent too small to hold a pixel.
        let whole = markedImage(width: 6, height: 4, mark: 2)
        XCTAssertEqual(try FilterChain(filters: []).apply(to: whole).extent, whole.extent)
        let sliver = whole.cropped(to: CGRect(x: 1.2, y: 1.2, width: 0.5, height: 2))
        XCTAssertEqual(try FilterChain(filters: []).apply(to: sliver).extent, sliver.extent)
    }

    func testRenderingFromAFileWritesTheTurnedSizeAfterTheFilesOrientation() throws {
        let directory = TemporaryDirectory(prefix: "chain-geometry")
        let input = directory.appending("marked.png"), output = directory.appending("turned.jpg")
        try context.writePNGRepresentation(of: markedImage(width: 64, height: 48, mark: 16), to: input, format: .RGBA8, colorSpace: sRGB)
        let chain = FilterChain(filters: [orientation(turns: 1, width: 64, height: 48)])
        let size = try chain.renderJPEG(imageAt: input, orientation: 1, to: output)
        XCTAssertEqual(size.width, 48)
        XCTAssertEqual(size.height, 64)
        let rendered = try XCTUnwrap(CIImage(contentsOf: output))
        XCTAssertEqual(rendered.extent.size, CGSize(width: 48, height: 64))
        let red = redPixels(rendered)
        XCTAssertTrue(block(34..<46, 2..<14).isSubset(of: red), "the marked corner is at the top right")
        XCTAssertTrue(red.allSatisfy { $0[0] >= 30 && $0[1] < 18 }, "and nowhere else")

        // The chain applies to the image displayed upright: stored sideways (EXIF 6, shown 48×64), the same
        // file turned right by the chain comes out 64×48 with the mark at the bottom right.
        let sideways = FilterChain(filters: [orientation(turns: 1, width: 48, height: 64)])
        let uprightSize = try sideways.renderJPEG(imageAt: input, orientation: 6, to: output)
        XCTAssertEqual(uprightSize.width, 64)
        XCTAssertEqual(uprightSize.height, 48)
        let turned = redPixels(try XCTUnwrap(CIImage(contentsOf: output)))
        XCTAssertTrue(block(50..<62, 34..<46).isSubset(of: turned), "EXIF 6 puts the mark top right; a turn right, bottom right")
    }
}
