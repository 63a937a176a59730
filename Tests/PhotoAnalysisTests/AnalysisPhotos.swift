import Foundation
import PhotoLibrary
import _TestSupport

/// Photos the analysis tests use: scikit-image's sample photos (Debian's python3-skimage) and the public-domain
/// portraits from face_recognition's test images (`scripts/setup.sh` unpacks them), plus copies made with vips.
enum AnalysisPhotos {
    static let skimage = "/usr/lib/python3/dist-packages/skimage/data"
    static let faces = ProcessInfo.processInfo.environment["PHOTOKIT_TEST_FACES"] ?? "/usr/local/share/photokit-test-faces"

    static var samplesAvailable: Bool { FileManager.default.fileExists(atPath: skimage + "/coffee.png") && FileManager.default.isExecutableFile(atPath: "/usr/bin/vips") }
    static let samplesMissing = "needs scikit-image's sample photos (python3-skimage) and vips (libvips-tools); scripts/setup.sh installs them"
    static var facesAvailable: Bool { samplesAvailable && FileManager.default.fileExists(atPath: faces + "/biden.jpg") }
    static let facesMissing = "needs the portraits scripts/setup.sh unpacks to /usr/local/share/photokit-test-faces (or PHOTOKIT_TEST_FACES)"

    static func sample(_ name: String) -> URL { URL(fileURLWithPath: "\(skimage)/\(name).png") }
    static func portrait(_ name: String) -> URL { URL(fileURLWithPath: "\(faces)/\(name).jpg") }

    /// Runs vips with `arguments` (e.g. `["gaussblur", in, out, "3"]`).
    static func vips(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/vips")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "vips \(arguments) failed"]) }
    }

    /// A new library in `directory` holding `files` imported in that order; their row ids, by file name.
    static func library(in directory: TemporaryDirectory, importing files: [URL]) throws -> (Library, [String: Int64]) {
        let library = try Library.open(at: directory.appending("Library"))
        var rowIDs: [String: Int64] = [:]
        for file in files {
            let summary = try Importer(library: library).importItems(at: [file])
            guard let identifier = summary.createdAssetIdentifiers.first, let rowID = try library.assetRowIDs(identifiers: [identifier]).first else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(file.lastPathComponent) was not imported: \(summary.rejected)"])
            }
            rowIDs[file.lastPathComponent] = rowID
        }
        return (library, rowIDs)
    }
}
