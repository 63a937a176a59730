import XCTest
import FilterChains
import CoreImage
import PhotoLibrary
import _TestSupport

/// `photos edit --raw`: the RAW development as the first step of a filter chain, through the real binary on a
/// real library, checked against `CIRAWFilter` run in this process with the same settings.
extension EditCommandTests {
    func corpusDNG() throws -> Data {
        guard let url = TestMedia.url("raw/synthetic_rggb_12bit.dng"), let data = try? Data(contentsOf: url) else { throw XCTSkip(TestMedia.skipMessage) }
        return data
    }

    /// The corpus DNG developed here with `settings` (RAW keys), then `filters`, as 8-bit sRGB pixels.
    func developedHere(_ settings: [String: Any], filters: [(String, [String: Any])] = []) throws -> [UInt8] {
        let raw = try XCTUnwrap(CIRAWFilter(imageData: try corpusDNG(), identifierHint: "dng"))
        for (key, value) in settings { raw.setValue(value, forKey: key) }
        let image = try applying(filters, to: try XCTUnwrap(raw.outputImage))
        // Through the same JPEG encoding (quality 0.9, sRGB) as `photos edit`, so only a different render differs.
        let jpeg = try XCTUnwrap(CIContext().jpegRepresentation(of: image, colorSpace: sRGB, options: [
            kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.9,
        ]))
        return pixels(try XCTUnwrap(CIImage(data: jpeg)))
    }

    func testRawEditDevelopsWithItsSettingsAndResumesThem() throws {
        let id = try XCTUnwrap(try importFiles(["RAW.DNG": try corpusDNG()])["RAW.DNG"])
        _ = try succeed(["edit", id, "--raw", "exposure=1", "--filter", "CIVignette", "inputIntensity=1"])
        var chain = try storedChain(id)
        XCTAssertEqual(chain.map { $0["name"] as? String }, ["CIRAWFilter", "CIVignette"])
        var settings = try XCTUnwrap(chain[0]["parameters"] as? [String: Any])
        XCTAssertEqual(settings["inputEV"] as? Double, 1)
        XCTAssertEqual(settings["inputDecoderVersion"] as? String, "PhotoKitLinux.2", "the pipeline version is stored with the edit")
        let vignette: [(String, [String: Any])] = [("CIVignette", ["inputIntensity": 1])]
        let first = try pixels(of: currentEdit(id).url)
        XCTAssertLessThan(meanDifference(first, try developedHere([kCIInputEVKey: 1], filters: vignette)), 0.5)
        let plain = try developedHere([:], filters: vignette)
        XCTAssertGreaterThan(channelMeans(first)[1], channelMeans(plain)[1] + 15, "+1 EV is brighter than the default development")

        // Resuming: a new setting joins the stored ones, the filters stay, the whole is developed from the RAW again.
        _ = try succeed(["edit", id, "--raw", "temperature=4000", "detail=1.5"])
        chain = try storedChain(id)
        XCTAssertEqual(chain.map { $0["name"] as? String }, ["CIRAWFilter", "CIVignette"])
        settings = try XCTUnwrap(chain[0]["parameters"] as? [String: Any])
        XCTAssertEqual(settings["inputEV"] as? Double, 1)
        XCTAssertEqual(settings["inputNeutralTemperature"] as? Double, 4000)
        XCTAssertEqual(settings["inputNoiseReductionDetailAmount"] as? Double, 0.5, "detail 0…3 is stored as its key's 0…1")
        let second = try pixels(of: currentEdit(id).url)
        let expected = try developedHere([kCIInputEVKey: 1, kCIInputNeutralTemperatureKey: 4000, kCIInputNoiseReductionDetailAmountKey: 0.5], filters: vignette)
        XCTAssertLessThan(meanDifference(second, expected), 0.5)
        let (warm, cool) = (channelMeans(first), channelMeans(second))
        XCTAssertGreaterThan(cool[2] / cool[0], warm[2] / warm[0] * 1.05, "a lower neutral temperature makes the picture bluer")
        let history = try json(["history", id])
        XCTAssertEqual(version(history), "edit 2 on []", "rendered from the original both times")

        // --replace starts a new development from the original.
        _ = try succeed(["edit", id, "--replace", "--raw", "boost=0"])
        chain = try storedChain(id)
        XCTAssertEqual(chain.count, 1)
        XCTAssertEqual(try XCTUnwrap(chain[0]["parameters"] as? [String: Any]).keys.sorted(), ["inputBoost", "inputDecoderVersion"])
    }

    func testAFilterEditOfARAWPhotoStoresItsDevelopmentVersion() throws {
        let id = try XCTUnwrap(try importFiles(["RAW.DNG": try corpusDNG()])["RAW.DNG"])
        _ = try succeed(["edit", id, "--filter", "CISepiaTone", "inputIntensity=0.5"])
        let chain = try storedChain(id)
        XCTAssertEqual(chain.map { $0["name"] as? String }, ["CIRAWFilter", "CISepiaTone"])
        XCTAssertEqual(try XCTUnwrap(chain[0]["parameters"] as? [String: Any]) as NSDictionary, ["inputDecoderVersion": "PhotoKitLinux.2"])
        XCTAssertLessThan(meanDifference(try pixels(of: currentEdit(id).url), try developedHere([:], filters: [("CISepiaTone", ["inputIntensity": 0.5])])), 0.5)
    }

    func testTheRAWOfAPairIsDevelopedAndOnlyWithRaw() throws {
        // A RAW+JPEG pair: the JPEG (half size) is the photo, the RAW its alternate.
        let dng = try corpusDNG()
        let raw = try XCTUnwrap(CIRAWFilter(imageData: dng, identifierHint: "dng"))
        raw.scaleFactor = 0.5
        let jpeg = try XCTUnwrap(CIContext().jpegRepresentation(of: try XCTUnwrap(raw.outputImage), colorSpace: sRGB, options: [:]))
        let ids = try importFiles(["PAIR.DNG": dng, "PAIR.JPG": jpeg])
        XCTAssertEqual(ids.count, 1, "imported as one pair: \(ids)")
        let id = try XCTUnwrap(ids.values.first)
        let native = (width: Int(raw.nativeSize.width), height: Int(raw.nativeSize.height))

        let filtered = try json(["edit", id, "--filter", "CISepiaTone"])
        XCTAssertEqual(filtered["pixelWidth"] as? Int, native.width / 2, "a filter edit of a pair renders its JPEG, as on Apple platforms")
        XCTAssertEqual(try storedChain(id).map { $0["name"] as? String }, ["CISepiaTone"])

        let developed = try json(["edit", id, "--replace", "--raw", "exposure=0.5"])
        XCTAssertEqual(developed["pixelWidth"] as? Int, native.width, "--raw develops the pair's RAW at its own size")
        XCTAssertEqual(developed["pixelHeight"] as? Int, native.height)
        XCTAssertLessThan(meanDifference(try pixels(of: currentEdit(id).url), try developedHere([kCIInputEVKey: 0.5])), 0.5)
    }

    func testRawSettingsAndPhotosWithoutRAWAreRefusedAndChangeNothing() throws {
        let ids = try importFiles(["A.jpg": FixtureImages.jpeg(seed: 3), "RAW.DNG": try corpusDNG()])
        let (jpeg, dng) = (try XCTUnwrap(ids["A.jpg"]), try XCTUnwrap(ids["RAW.DNG"]))
        let token = try core().currentChangeToken()
        let cases: [(String, [String], String)] = [
            (jpeg, ["--raw", "exposure=1"], "has no RAW file to develop"),
            (dng, ["--raw", "exposure=20"], "inputEV: 20 is outside -10…10"),
            (dng, ["--raw", "detail=4"], "detail: 4 is outside 0…3"),
            (dng, ["--raw", "warmth=1"], "--raw has no setting 'warmth'"),
            (dng, ["--raw", "exposure=bright"], "exposure: 'bright' is not a number"),
            (dng, ["--raw", "decoder-version=8"], "RAW pipeline 8, which this build does not have"),
        ]
        for (id, steps, message) in cases {
            let result = try run(["edit", id] + steps)
            XCTAssertEqual(result.status, 1, "\(steps): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(steps): \(result.stderr)")
        }
        for steps in [["--raw=exposure"], ["--raw", "exposure=1", "--raw", "tint=2"], ["--raw", "1"]] {
            XCTAssertEqual(try run(["edit", dng] + steps).status, 64, "\(steps) is a usage mistake")
        }
        XCTAssertEqual(try core().currentChangeToken(), token, "nothing was committed")
        XCTAssertEqual(TemporaryDirectory.files(under: libraryURL.appendingPathComponent("tmp/editing")), [], "no rendered file is left behind")
    }
}

extension EditCommandTests {
    /// An edit stored before development steps existed (format 1.0, a RAW-only photo, pipeline 1 implied) keeps
    /// rendering with pipeline 1 when it is resumed: the version written is the one it was made with.
    func testAFormat10ChainOfARAWPhotoResumesWithPipeline1() throws {
        let id = try XCTUnwrap(try importFiles(["RAW.DNG": try corpusDNG()])["RAW.DNG"])
        let rendered = directory.appending("old-render.jpg")
        try XCTUnwrap(CIContext().jpegRepresentation(of: CIImage(color: .gray).cropped(to: CGRect(x: 0, y: 0, width: 64, height: 48)), colorSpace: sRGB, options: [:])).write(to: rendered)
        let old = Data(#"{"filters":[{"name":"CISepiaTone","parameters":{"inputIntensity":0.5}}]}"#.utf8)
        try core().apply(ChangeBatch(operations: [.editContent(ContentEdit(
            identifier: id, rendered: .file(rendered),
            adjustment: AdjustmentPayload(formatIdentifier: FilterChain.formatIdentifier, formatVersion: "1.0", data: old), basedOnOriginal: true))]))
        _ = try succeed(["edit", id, "--filter", "CIVignette", "inputIntensity=1"])
        let chain = try storedChain(id)
        XCTAssertEqual(chain.map { $0["name"] as? String }, ["CIRAWFilter", "CISepiaTone", "CIVignette"])
        XCTAssertEqual(try XCTUnwrap(chain[0]["parameters"] as? [String: Any]) as NSDictionary, ["inputDecoderVersion": "PhotoKitLinux.1"])
        let expected = try developedHere([kCIInputDecoderVersionKey: "PhotoKitLinux.1"],
                                         filters: [("CISepiaTone", ["inputIntensity": 0.5]), ("CIVignette", ["inputIntensity": 1])])
        XCTAssertLessThan(meanDifference(try pixels(of: currentEdit(id).url), expected), 0.5)
    }
}
