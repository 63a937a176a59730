import CoreImage
import FilterChains
import Foundation
@testable import MotionEditing
import Photos
import Testing

/// The shared Live Photo edit (`photos live` and the service): its stored form, and the rule that the chain
/// runs on the upright frame and the result goes back to the stored orientation.
@Suite struct LivePhotoChainEditTests {
    struct Frame: PHLivePhotoFrame {
        var image: CIImage
        var time: CMTime = .zero
        var type: PHLivePhotoFrameType = .photo
        var renderScale: CGFloat = 1
    }

    /// A 40×20 image: red left half, blue right half (as stored).
    static func stored() -> CIImage {
        let red = CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 20, height: 20))
        let blue = CIImage(color: CIColor(red: 0, green: 0, blue: 1)).cropped(to: CGRect(x: 20, y: 0, width: 20, height: 20))
        return blue.composited(over: red)
    }

    static func pixels(_ image: CIImage) -> [UInt8] {
        let extent = image.extent.integral
        var bytes = [UInt8](repeating: 0, count: Int(extent.width * extent.height) * 4)
        CIContext().render(image, toBitmap: &bytes, rowBytes: Int(extent.width) * 4, bounds: extent, format: .RGBA8,
                           colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
        return bytes
    }

    @Test func theChainRunsOnTheUprightFrameAndTheResultIsStoredAsTheFrameWas() throws {

        let chain = FilterChain(filters: [try FilterChain.Filter(name: "CICrop", text: [("rectangle", "0,10,20,10")])])
        for orientation in [CGImagePropertyOrientation.right, .left, .down, .leftMirrored, .up] {
            let edit = LivePhotoChainEdit(chain: chain)
            let processor = edit.frameProcessor(stillOrientation: orientation, movieOrientation: .up)
            let output = try #require(processor(Frame(image: Self.stored()), nil))
            let upright = Self.stored().oriented(orientation)
            let expected = try chain.apply(to: upright)
            #expect(Self.pixels(output.oriented(orientation)) == Self.pixels(expected), "\(orientation)")
            #expect(output.extent.width * output.extent.height == 200, "\(orientation): \(output.extent)")
        }
        // Movie frames turn by the movie's own orientation.
        let processor = LivePhotoChainEdit(chain: chain).frameProcessor(stillOrientation: .up, movieOrientation: .right)
        let frame = try #require(processor(Frame(image: Self.stored(), type: .video), nil))
        #expect(Self.pixels(frame.oriented(.right)) == Self.pixels(try chain.apply(to: Self.stored().oriented(.right))))
    }

    @Test func aSquareCropKeepsTheCentredSquareOfTheUprightFrame() throws {
        let processor = LivePhotoChainEdit(chain: FilterChain(filters: []), squareCrop: true).frameProcessor(stillOrientation: .right, movieOrientation: .up)
        let output = try #require(processor(Frame(image: Self.stored()), nil))
        #expect(output.extent.size == CGSize(width: 20, height: 20))
    }

    @Test func theStoredFormReadsWhatEarlierBuildsWrote() throws {
        let written = Data(#"{"audioVolume":0.5,"crop":"square","filters":[{"name":"CIPhotoEffectNoir","parameters":{}}]}"#.utf8)
        let edit = try #require(LivePhotoChainEdit(formatIdentifier: LivePhotoChainEdit.formatIdentifier, formatVersion: "1.0", data: written))
        #expect(edit.squareCrop && edit.audioVolume == 0.5 && edit.chain.filters.map(\.name) == ["CIPhotoEffectNoir"])
        #expect(LivePhotoChainEdit(formatIdentifier: LivePhotoChainEdit.formatIdentifier, formatVersion: "1.0", data: try edit.json()) == edit)
        let plain = LivePhotoChainEdit(chain: FilterChain(filters: []))
        #expect(String(decoding: try plain.json(), as: UTF8.self) == #"{"audioVolume":1,"crop":null,"filters":[]}"#)
        #expect(LivePhotoChainEdit(formatIdentifier: FilterChain.formatIdentifier, formatVersion: "1.0", data: written) == nil)
        #expect(throws: (any Error).self) { try LivePhotoChainEdit(chain: FilterChain(filters: []), audioVolume: 2).validate() }
    }
}
