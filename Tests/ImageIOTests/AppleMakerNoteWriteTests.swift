import Foundation
import ImageIO
import _Testing_CoreGraphics
import _TestSupport

/// Writing `{MakerApple}` as iOS apps do to mark a Live Photo's still: Apple's ImageIO reads it back, and so do
/// exiftool (Debian's libimage-exiftool-perl, independent of this package) and our importer.
@Suite struct AppleMakerNoteWriteTests {
    @Test func theContentIdentifierTravelsInTheMakerNote() throws {
        let identifier = "9A1B2C3D-4E5F-4071-8293-A4B5C6D7E8F9"
        for type in ["public.jpeg", "public.heic"] {
            let data = NSMutableData()
            let destination = try #require(CGImageDestinationCreateWithData(data, type as CFString, 1, nil))
            CGImageDestinationAddImage(destination, try ImageDestinationTests.image(), [
                kCGImagePropertyMakerAppleDictionary: ["17": identifier, "10": 3],
                kCGImagePropertyExifDictionary: [kCGImagePropertyExifLensModel: "Test lens"],
            ] as CFDictionary)
            #expect(CGImageDestinationFinalize(destination), "\(type)")
            let source = try #require(CGImageSourceCreateWithData(data as Data, nil))
            let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [AnyHashable: Any])
            let maker = props[kCGImagePropertyMakerAppleDictionary] as? [AnyHashable: Any]
            #expect(maker?["17"] as? String == identifier, "\(type): \(String(describing: maker))")
            #expect(maker?["10"] as? Int == 3, "\(type)")

            let exiftool = URL(fileURLWithPath: "/usr/bin/exiftool")
            guard FileManager.default.isExecutableFile(atPath: exiftool.path) else { continue }
            let folder = TemporaryDirectory(prefix: "makernote")
            let file = folder.appending("still.\(type == "public.jpeg" ? "jpg" : "heic")")
            try (data as Data).write(to: file)
            let read = try MeasuredProcess.run(exiftool, ["-s3", "-Apple:MediaGroupUUID", file.path])
            #expect(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == identifier, "\(type): exiftool read \(read.stdout) \(read.stderr)")
        }
    }
}
