import XCTest
@testable import Photos
import CoreImage
import PhotoLibrary
import _TestSupport

/// The RAWExposed flow: an editor builds a `CIRAWFilter` from a RAW asset's `fullSizeImageURL`, commits the
/// development with adjustment data holding its settings, and on resume gets the RAW again with that data, so
/// it re-develops from the sensor data instead of stacking on the rendered JPEG.
final class RAWEditingTests: PhotosTestCase {
    let format = "org.photokit-linux.tests.raw"

    func testARAWAssetIsEditedFromItsSensorDataAndResumedFromIt() throws {
        guard let dng = TestMedia.url("raw/synthetic_rggb_12bit.dng") else { throw XCTSkip(TestMedia.skipMessage) }
        var identifier: String?
        try library.performChangesAndWait {
            identifier = PHAssetChangeRequest.creationRequestForAssetFromImage(atFileURL: dng)?.placeholderForCreatedAsset?.localIdentifier
        }
        let asset = try XCTUnwrap(PHAsset.fetchAssets(withLocalIdentifiers: [XCTUnwrap(identifier)], options: nil).firstObject)
        let format = self.format
        let input = try contentEditingInput(for: asset) { $0.formatIdentifier == format }
        let url = try XCTUnwrap(input.fullSizeImageURL)
        let rawFilter = try XCTUnwrap(CIRAWFilter(imageURL: url), "the editing input of a RAW asset is the RAW file")
        rawFilter.exposure = 0.7
        rawFilter.neutralTemperature = 5_000
        rawFilter.scaleFactor = 0.5
        let developed = try XCTUnwrap(rawFilter.outputImage)

        let output = PHContentEditingOutput(contentEditingInput: input)
        try CIContext().writeJPEGRepresentation(of: developed, to: output.renderedContentURL, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
        let settings = try JSONSerialization.data(withJSONObject: ["exposure": 0.7, "temperature": 5_000, "scale": 0.5])
        output.adjustmentData = PHAdjustmentData(formatIdentifier: format, formatVersion: CIRAWDecoderVersion.photoKitLinux1.rawValue, data: settings)
        try library.performChangesAndWait { PHAssetChangeRequest(for: asset).contentEditingOutput = output }

        let edited = try XCTUnwrap(PHAsset.fetchAssets(withLocalIdentifiers: [asset.localIdentifier], options: nil).firstObject)
        XCTAssertTrue(edited.hasAdjustments)
        XCTAssertEqual(edited.pixelWidth, Int(developed.extent.width))
        // Resumed by an editor that understands its data: the RAW file again, with the settings to re-develop.
        let resumed = try contentEditingInput(for: edited) { $0.formatIdentifier == format }
        XCTAssertEqual(resumed.fullSizeImageURL, url)
        let data = try XCTUnwrap(resumed.adjustmentData)
        XCTAssertEqual(data.formatVersion, CIRAWDecoderVersion.photoKitLinux1.rawValue)
        let stored = try XCTUnwrap(JSONSerialization.jsonObject(with: data.data) as? [String: Double])
        let again = try XCTUnwrap(CIRAWFilter(imageURL: XCTUnwrap(resumed.fullSizeImageURL)))
        again.exposure = Float(try XCTUnwrap(stored["exposure"]))
        again.neutralTemperature = Float(try XCTUnwrap(stored["temperature"]))
        again.scaleFactor = Float(try XCTUnwrap(stored["scale"]))
        let redeveloped = try XCTUnwrap(again.outputImage)
        XCTAssertEqual(redeveloped.extent, developed.extent)
        let context = CIContext()
        let region = CGRect(x: 300, y: 200, width: 8, height: 8)
        var a = [Float](repeating: 0, count: 256), b = [Float](repeating: 0, count: 256)
        let space = CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!
        a.withUnsafeMutableBytes { context.render(developed, toBitmap: $0.baseAddress!, rowBytes: 128, bounds: region, format: .RGBAf, colorSpace: space) }
        b.withUnsafeMutableBytes { context.render(redeveloped, toBitmap: $0.baseAddress!, rowBytes: 128, bounds: region, format: .RGBAf, colorSpace: space) }
        XCTAssertEqual(a, b, "the same settings re-develop the same pixels")
        // An editor that does not understand the data stacks on the rendered JPEG, which is not RAW.
        let stacked = try contentEditingInput(for: edited) { _ in false }
        XCTAssertNil(CIRAWFilter(imageURL: try XCTUnwrap(stacked.fullSizeImageURL)))
    }
}
