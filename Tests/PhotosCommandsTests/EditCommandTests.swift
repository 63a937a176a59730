import XCTest
import FilterChains
import CoreImage
import Photos
import PhotoLibrary
import _TestSupport
@testable import PhotosCommands

/// `photos edit`, `photos revert` and `photos history` run as the real binary on a real library; the results
/// are checked in-process (pixels decoded and compared with the same Core Image chain, adjustment data, history).
final class EditCommandTests: XCTestCase {
    var directory: TemporaryDirectory!
    var libraryURL: URL { directory.appending("Edit.photoslibrary") }
    var lib: [String] { ["--library", libraryURL.path] }
    let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!

    override func setUpWithError() throws {
        try XCTSkipIf(PhotosBinary.url == nil, PhotosBinary.missingMessage)
        directory = TemporaryDirectory(prefix: "edit-command")
    }

    override func tearDown() { directory = nil }

    // MARK: Helpers

    /// Imports the files and returns their identifiers by file name.
    func importFiles(_ files: [String: Data]) throws -> [String: String] {
        let input = directory.appending("in-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: input.appendingPathComponent(name)) }
        let imported = try PhotosBinary.run(["import", input.path] + lib)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let listed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(PhotosBinary.run(["list", "--json"] + lib).stdout.utf8)) as? [[String: Any]])
        var ids: [String: String] = [:]
        for asset in listed { ids[asset["originalFilename"] as? String ?? ""] = asset["localIdentifier"] as? String }
        return ids
    }

    func run(_ arguments: [String]) throws -> PhotosBinary.Result { try PhotosBinary.run(arguments + lib) }

    func succeed(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(arguments)
        XCTAssertEqual(result.status, 0, "photos \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(succeed(arguments + ["--json"]).utf8)) as? [String: Any])
    }

    /// The core library, opened fresh (as another process would).
    func core() throws -> Library { try Library.open(at: libraryURL) }

    func rowID(_ identifier: String) throws -> Int64 { try XCTUnwrap(try core().assetRowIDs(identifiers: [identifier]).first) }

    /// The current edit's rendered file and its adjustment payload.
    func currentEdit(_ identifier: String) throws -> (url: URL, payload: AdjustmentPayload) {
        let library = try core()
        let edit = try XCTUnwrap(try library.currentEdit(assetRowID: rowID(identifier)), "\(identifier) has no edit")
        return (library.fileURL(for: edit.rendered), try XCTUnwrap(edit.adjustment))
    }

    func record(_ identifier: String) throws -> AssetRecord {
        let row = try rowID(identifier)
        return try XCTUnwrap(try core().assets(rowIDs: [row])[row])
    }

    /// `history --json`'s current version as "original" or "edit N on [M, …]".
    func version(_ history: [String: Any]) -> String {
        guard let current = history["currentVersion"] as? [String: Any], current["kind"] as? String == "edit" else { return "original" }
        return "edit \(current["edit"] as? Int ?? -1) on \((current["stackedOn"] as? [Int]) ?? [-1])"
    }

    func storedChain(_ identifier: String) throws -> [[String: Any]] {
        let payload = try currentEdit(identifier).payload
        XCTAssertEqual(payload.formatIdentifier, "org.photokit-linux.filter-chain")
        XCTAssertEqual(payload.formatVersion, "1.1")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: payload.data) as? [String: Any])
        return try XCTUnwrap(object["filters"] as? [[String: Any]])
    }

    func originalURL(_ identifier: String) throws -> URL {
        let library = try core()
        return library.fileURL(for: try XCTUnwrap(try library.resources(assetRowID: rowID(identifier)).first { $0.type == .photo }))
    }

    /// 8-bit RGBA pixels of an image in sRGB.
    func pixels(_ image: CIImage) -> [UInt8] {
        let width = Int(image.extent.width), height = Int(image.extent.height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { buffer in
            CIContext().render(image, toBitmap: buffer.baseAddress!, rowBytes: width * 4, bounds: image.extent, format: .RGBA8, colorSpace: sRGB)
        }
        return bytes
    }

    func pixels(of url: URL) throws -> [UInt8] { pixels(try XCTUnwrap(CIImage(contentsOf: url, options: [.applyOrientationProperty: true]))) }

    func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        XCTAssertEqual(a.count, b.count)
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(1, min(a.count, b.count)))
    }

    /// The mean of each of R, G, B.
    func channelMeans(_ p: [UInt8]) -> [Double] {
        (0..<3).map { c in Double(stride(from: c, to: p.count, by: 4).reduce(0) { $0 + Int(p[$1]) }) / Double(p.count / 4) }
    }

    /// A chain applied in-process, as `photos edit` should have applied it.
    func expected(_ url: URL, _ filters: [(String, [String: Any])]) throws -> [UInt8] {
        pixels(try applying(filters, to: try XCTUnwrap(CIImage(contentsOf: url, options: [.applyOrientationProperty: true]))))
    }

    /// `filters` (names and inputs) applied to `image` in order, cropped to its extent.
    func applying(_ filters: [(String, [String: Any])], to source: CIImage) throws -> CIImage {
        var image = source
        for (name, parameters) in filters {
            let filter = try XCTUnwrap(CIFilter(name: name))
            filter.setValue(image, forKey: kCIInputImageKey)
            for (key, value) in parameters { filter.setValue(value, forKey: key) }
            image = try XCTUnwrap(filter.outputImage)
        }
        return image.cropped(to: source.extent)
    }

    /// A uniform mid-grey JPEG.
    func greyJPEG(width: Int = 48, height: Int = 32) throws -> Data {
        let image = CIImage(bitmapData: Data(repeating: 128, count: width * height * 4), bytesPerRow: width * 4,
                            size: CGSize(width: width, height: height), format: .RGBA8, colorSpace: sRGB)
        return try XCTUnwrap(CIContext().jpegRepresentation(of: image, colorSpace: sRGB, options: [:]))
    }

    // MARK: Tests

    func testEditAppendsToTheChainAndRendersFromTheOriginal() throws {
        let ids = try importFiles(["Gradient.jpg": FixtureImages.jpeg(width: 120, height: 80, seed: 3, quality: 95)])
        let id = try XCTUnwrap(ids["Gradient.jpg"])
        let original = try originalURL(id)
        let originalBytes = try Data(contentsOf: original)

        let first = try json(["edit", id, "--filter", "CISepiaTone", "inputIntensity=0.8", "--filter", "CIVignette", "intensity=1", "inputRadius=2"])
        XCTAssertEqual(first["renderedFrom"] as? String, "original")
        XCTAssertEqual(first["appendedTo"] as? Int, 0)
        XCTAssertEqual(first["pixelWidth"] as? Int, 120)
        XCTAssertTrue(try record(id).hasAdjustments)
        XCTAssertEqual(try storedChain(id).map { $0["name"] as? String }, ["CISepiaTone", "CIVignette"])
        XCTAssertEqual(try storedChain(id)[1]["parameters"] as? [String: Double], ["inputIntensity": 1, "inputRadius": 2])
        let payload = try currentEdit(id).payload
        XCTAssertEqual(String(decoding: payload.data, as: UTF8.self),
                       #"{"filters":[{"name":"CISepiaTone","parameters":{"inputIntensity":0.8}},{"name":"CIVignette","parameters":{"inputIntensity":1,"inputRadius":2}}]}"#)

        // The pixels are the chain's, applied to the original (JPEG quality 0.9 aside), and clearly not the original's.
        let rendered = try pixels(of: currentEdit(id).url)
        let reference = try expected(original, [("CISepiaTone", ["inputIntensity": 0.8]), ("CIVignette", ["inputIntensity": 1.0, "inputRadius": 2.0])])
        XCTAssertLessThan(meanDifference(rendered, reference), 2.5)
        XCTAssertGreaterThan(meanDifference(rendered, try pixels(of: original)), 15)
        XCTAssertEqual(try Data(contentsOf: original), originalBytes, "the original is untouched")

        // Appending: +1 EV then −1 EV. Rendered from the original in floating point the two cancel, highlights
        // included; stacked on the clipped 8-bit render they would not.
        let brighter = try json(["edit", id, "--replace", "--filter", "CIExposureAdjust", "inputEV=1"])
        XCTAssertEqual(brighter["appendedTo"] as? Int, 0, "--replace starts a new chain")
        XCTAssertEqual(try storedChain(id).map { $0["name"] as? String }, ["CIExposureAdjust"])
        let clipped = try pixels(of: currentEdit(id).url)
        let back = try json(["edit", id, "--filter", "CIExposureAdjust", "inputEV=-1"])
        XCTAssertEqual(back["appendedTo"] as? Int, 1)
        XCTAssertEqual(back["renderedFrom"] as? String, "original")
        XCTAssertEqual(try storedChain(id).compactMap { ($0["parameters"] as? [String: Double])?["inputEV"] }, [1, -1])
        let restored = try pixels(of: currentEdit(id).url)
        let originalPixels = try pixels(of: original)
        XCTAssertLessThan(meanDifference(restored, originalPixels), 2.5, "rendered from the original: no clipping")
        XCTAssertGreaterThan(meanDifference(clipped, originalPixels), 20)

        let history = try json(["history", id])
        let entries = try XCTUnwrap(history["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["kind"] as? String }, ["edit", "edit", "edit"])
        XCTAssertEqual(entries.map { $0["basedOnOriginal"] as? Bool }, [true, true, true])
        XCTAssertEqual(entries.map { $0["formatIdentifier"] as? String }, Array(repeating: "org.photokit-linux.filter-chain", count: 3))
        XCTAssertEqual(entries.map { $0["pixelWidth"] as? Int }, [120, 120, 120])
        XCTAssertEqual(entries.last?["adjustmentByteCount"] as? Int, try currentEdit(id).payload.data.count)
        XCTAssertEqual(version(history), "edit 3 on []")
        XCTAssertEqual((history["filters"] as? [[String: Any]])?.count, 2)
    }

    func testSepiaOnGreyAndRevertRestoresTheOriginal() throws {
        let grey = try greyJPEG()
        let id = try XCTUnwrap(try importFiles(["Grey.jpg": grey])["Grey.jpg"])
        let text = try succeed(["edit", id, "--filter", "CISepiaTone", "inputIntensity=0.8"])
        XCTAssertTrue(text.contains("Edited \(id)") && text.contains("CISepiaTone(inputIntensity=0.8)"), text)
        let means = channelMeans(try pixels(of: currentEdit(id).url))
        XCTAssertGreaterThan(means[0], means[1] + 5, "sepia: red over green \(means)")
        XCTAssertGreaterThan(means[1], means[2] + 5, "sepia: green over blue \(means)")

        XCTAssertTrue(try succeed(["revert", id]).contains("Reverted \(id)"))
        let photos = try PHPhotoLibrary(url: libraryURL)
        let options = PHFetchOptions()
        options.photoLibrary = photos
        let asset = try XCTUnwrap(PHAsset.fetchAssets(withLocalIdentifiers: [id], options: options).firstObject)
        XCTAssertFalse(asset.hasAdjustments)
        XCTAssertNil(try core().currentEdit(assetRowID: rowID(id)))
        // What the library serves as the current version is the original, byte for byte.
        let out = directory.appending("export")
        _ = try succeed(["export", id, "--version", "current", "--format", "original", "-o", out.path])
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("Grey.jpg")), grey)

        let again = try run(["revert", id])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("has no edit"), again.stderr)

        let history = try succeed(["history", id])
        XCTAssertTrue(history.contains("Current version: original"), history)
        let entries = try XCTUnwrap(try json(["history", id])["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["kind"] as? String }, ["edit", "revert"])
        XCTAssertEqual(entries.map { $0["sequence"] as? Int }, [1, 2])
    }

    func testBadStepsFailAndChangeNothing() throws {
        let id = try XCTUnwrap(try importFiles(["A.jpg": FixtureImages.jpeg(seed: 1)])["A.jpg"])
        _ = try succeed(["edit", id, "--filter", "CIPhotoEffectNoir"])
        let token = try core().currentChangeToken()
        let before = try Data(contentsOf: currentEdit(id).url)
        let cases: [([String], String)] = [
            (["--filter", "CINoSuchFilter"], "CINoSuchFilter"),
            (["--filter", "CISepiaTone", "strength=1"], "strength"),
            (["--filter", "CISepiaTone", "inputIntensity=lots"], "lots"),
            (["--filter", "CIVignetteEffect", "inputCenter=1"], "inputCenter"),
            (["--filter", "CIFalseColor", "inputColor0=red"], "inputColor0"),
            (["--filter", "CISepiaTone", "--filter", "CIConstantColorGenerator"], "CIConstantColorGenerator"),
        ]
        for (steps, named) in cases {
            let result = try run(["edit", id] + steps)
            XCTAssertEqual(result.status, 1, "\(steps): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(named), "\(steps): \(result.stderr)")
        }
        // Usage mistakes exit 64.
        for steps in [[], ["--bogus"], ["inputIntensity=1"], ["--filter", "CISepiaTone", "0.8"]] {
            let result = try run(["edit", id] + steps)
            XCTAssertEqual(result.status, 64, "\(steps): \(result.stderr)")
        }
        let missing = try run(["edit", "00000000-0000-0000-0000-000000000000/L0/001", "--filter", "CISepiaTone"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("No asset"), missing.stderr)

        XCTAssertEqual(try core().currentChangeToken(), token, "nothing was committed")
        XCTAssertEqual(try Data(contentsOf: currentEdit(id).url), before)
        XCTAssertEqual(try storedChain(id).map { $0["name"] as? String }, ["CIPhotoEffectNoir"])
        let staging = libraryURL.appendingPathComponent("tmp/editing")
        XCTAssertEqual(TemporaryDirectory.files(under: staging), [], "no rendered file is left behind")
    }

    func testAnotherEditorsEditIsStackedOn() throws {
        let id = try XCTUnwrap(try importFiles(["B.jpg": FixtureImages.jpeg(width: 80, height: 60, seed: 5)])["B.jpg"])
        // Another editor's edit (a render of its own), committed through the core.
        let foreign = FixtureImages.jpeg(width: 80, height: 60, seed: 9)
        try core().apply(ChangeBatch(operations: [.editContent(ContentEdit(identifier: id, rendered: .data(foreign),
            adjustment: AdjustmentPayload(formatIdentifier: "com.example.other", formatVersion: "3.0", data: Data("x".utf8))))]))

        let stacked = try json(["edit", id, "--filter", "CISepiaTone", "inputIntensity=1"])
        XCTAssertEqual(stacked["renderedFrom"] as? String, "currentVersion")
        XCTAssertEqual(try storedChain(id).map { $0["name"] as? String }, ["CISepiaTone"], "the other editor's data is not ours to extend")
        // The sepia was applied to the other editor's render, not to the original.
        let foreignURL = directory.appending("foreign.jpg")
        try foreign.write(to: foreignURL)
        XCTAssertLessThan(meanDifference(try pixels(of: currentEdit(id).url), try expected(foreignURL, [("CISepiaTone", ["inputIntensity": 1.0])])), 2.5)

        // Our chain sits on a version whose base is gone, so the next edit stacks again rather than losing it.
        let next = try json(["edit", id, "--filter", "CIVignette", "inputIntensity=1"])
        XCTAssertEqual(next["renderedFrom"] as? String, "currentVersion")
        XCTAssertEqual(try storedChain(id).map { $0["name"] as? String }, ["CIVignette"])
        let history = try json(["history", id])
        XCTAssertEqual(version(history), "edit 3 on [1, 2]")
        XCTAssertTrue(try succeed(["history", id]).contains("Current version: edit 3, stacked on edits 1, 2"))

        // --replace goes back to the original.
        let replaced = try json(["edit", id, "--replace", "--filter", "CIPhotoEffectNoir"])
        XCTAssertEqual(replaced["renderedFrom"] as? String, "original")
        let history2 = try json(["history", id])
        XCTAssertEqual(version(history2), "edit 4 on []")
        let means = channelMeans(try pixels(of: currentEdit(id).url))
        XCTAssertEqual(means[0], means[2], accuracy: 2, "noir is grey")

        // Purging the asset deletes its history.
        let rowID = try rowID(id)
        try core().apply(ChangeBatch(operations: [.trashAssets([id])]))
        XCTAssertEqual(try core().editHistory(assetRowID: rowID).entries.count, 4, "history survives reopening and trashing")
        try core().apply(ChangeBatch(operations: [.purgeAssets([id])]))
        XCTAssertEqual(try core().editHistory(assetRowID: rowID).entries, [])
        let gone = try run(["history", id])
        XCTAssertEqual(gone.status, 1)
        XCTAssertTrue(gone.stderr.contains("No asset"), gone.stderr)
    }

    /// The rules of Docs/AdjustmentFormat.md, on the reference reader.
    func testAdjustmentFormatRules() throws {
        let identifier = "org.photokit-linux.filter-chain"
        XCTAssertTrue(FilterChain.canRead(formatIdentifier: identifier, formatVersion: "1.0"))
        XCTAssertTrue(FilterChain.canRead(formatIdentifier: identifier, formatVersion: "1.7"), "same major version")
        for version in ["2.0", "0.9", "one", ""] { XCTAssertFalse(FilterChain.canRead(formatIdentifier: identifier, formatVersion: version), version) }
        XCTAssertFalse(FilterChain.canRead(formatIdentifier: "com.example.filters", formatVersion: "1.0"))

        // Unknown members are ignored; alpha and parameters may be omitted.
        let chain = try FilterChain(json: Data(#"{"filters":[{"name":"CIFalseColor","parameters":{"inputColor0":{"red":1,"green":0,"blue":0}},"note":"x"},{"name":"CIPhotoEffectNoir"}],"future":[1]}"#.utf8))
        XCTAssertEqual(chain.filters.map(\.name), ["CIFalseColor", "CIPhotoEffectNoir"])
        XCTAssertEqual(chain.filters[0].parameters["inputColor0"], .color(FilterChain.Color(red: 1, green: 0, blue: 0, alpha: 1)))
        XCTAssertEqual(chain.filters[1].parameters, [:])
        XCTAssertNoThrow(try chain.validate())
        XCTAssertEqual(String(decoding: try chain.json(), as: UTF8.self),
                       #"{"filters":[{"name":"CIFalseColor","parameters":{"inputColor0":{"alpha":1,"blue":0,"green":0,"red":1}}},{"name":"CIPhotoEffectNoir","parameters":{}}]}"#)
        XCTAssertEqual(try FilterChain(json: chain.json()), chain)

        // Not values: booleans, empty arrays, null; no filters member.
        for bad in [#"{"filters":[{"name":"CISepiaTone","parameters":{"inputIntensity":true}}]}"#,
                    #"{"filters":[{"name":"CISepiaTone","parameters":{"inputIntensity":[]}}]}"#,
                    #"{"filters":[{"name":"CISepiaTone","parameters":{"inputIntensity":null}}]}"#, #"{"chain":[]}"#, "not json"] {
            XCTAssertThrowsError(try FilterChain(json: Data(bad.utf8)), bad)
        }
        // Decodable but unusable by this Core Image: the error names the filter or key.
        for (stored, named) in [(#"{"filters":[{"name":"CINoSuchFilter"}]}"#, "CINoSuchFilter"),
                                (#"{"filters":[{"name":"CISepiaTone","parameters":{"inputStrength":1}}]}"#, "inputStrength"),
                                (#"{"filters":[{"name":"CISepiaTone","parameters":{"inputIntensity":[1,2]}}]}"#, "inputIntensity")] {
            XCTAssertThrowsError(try FilterChain(json: Data(stored.utf8)).validate()) { XCTAssertTrue("\($0)".contains(named), "\($0)") }
        }
    }

    /// The web app's geometry (Docs/AdjustmentFormat.md, "Geometry") through `photos edit`, PhotoKit's
    /// content-editing path: a 120×80 photo turned right (80×120) and cropped is saved at the crop's 60×90, its
    /// pixels the chain's, and an edit resumed on it keeps the turn and the crop.
    func testTurnedAndCroppedChainIsSavedAtItsSize() throws {
        let id = try XCTUnwrap(try importFiles(["Wide.jpg": FixtureImages.jpeg(width: 120, height: 80, seed: 4, quality: 95)])["Wide.jpg"])
        let turn = ["--filter", "CIPerspectiveTransform", "inputTopLeft=80,120", "inputTopRight=80,0", "inputBottomRight=0,0", "inputBottomLeft=0,120"]
        let crop = ["--filter", "CICrop", "inputRectangle=10,0,60,90"]   // the bottom 90 rows, 10 in from the left
        let result = try json(["edit", id] + turn + crop)
        XCTAssertEqual([result["pixelWidth"] as? Int, result["pixelHeight"] as? Int], [60, 90])
        XCTAssertEqual([try record(id).pixelWidth, try record(id).pixelHeight], [60, 90])
        let rendered = try currentEdit(id).url
        XCTAssertEqual(try XCTUnwrap(CIImage(contentsOf: rendered)).extent.size, CGSize(width: 60, height: 90))
        let chain = try FilterChain(json: try currentEdit(id).payload.data)
        let reference = try chain.apply(to: XCTUnwrap(CIImage(contentsOf: try originalURL(id))))
        XCTAssertEqual(reference.extent.size, CGSize(width: 60, height: 90))
        XCTAssertLessThan(meanDifference(try pixels(of: rendered), pixels(reference)), 2.5)

        let resumed = try json(["edit", id, "--filter", "CISepiaTone", "inputIntensity=0.5"])
        XCTAssertEqual(resumed["appendedTo"] as? Int, 2)
        XCTAssertEqual(resumed["renderedFrom"] as? String, "original")
        XCTAssertEqual([resumed["pixelWidth"] as? Int, resumed["pixelHeight"] as? Int], [60, 90])
        XCTAssertEqual(try storedChain(id).map { $0["name"] as? String }, ["CIPerspectiveTransform", "CICrop", "CISepiaTone"])
    }

    func testRotatedPhotoIsRenderedUpright() throws {
        guard let url = TestMedia.url("images/orientation/orientation_6.jpg") else { throw XCTSkip(TestMedia.skipMessage) }
        let id = try XCTUnwrap(try importFiles(["Turned.jpg": Data(contentsOf: url)])["Turned.jpg"])
        let result = try json(["edit", id, "--filter", "CIPhotoEffectNoir"])
        XCTAssertEqual([result["pixelWidth"] as? Int, result["pixelHeight"] as? Int], [600, 400])
        let rendered = try currentEdit(id).url
        let image = try XCTUnwrap(CIImage(contentsOf: rendered))
        XCTAssertEqual(image.extent.size, CGSize(width: 600, height: 400), "stored upright")
        XCTAssertEqual((image.properties[kCGImagePropertyOrientation as String] as? Int) ?? 1, 1)
        let asset = try record(id)
        XCTAssertEqual([asset.pixelWidth, asset.pixelHeight], [600, 400])
        XCTAssertLessThan(meanDifference(try pixels(of: rendered), try expected(url, [("CIPhotoEffectNoir", [:])])), 2.5)
    }
}
