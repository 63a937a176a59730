import XCTest
import Photos
import PhotosUI
import PhotoLibrary
import ExtensionSandbox
import ImageIO
import _TestSupport

/// Project extensions run by `PHProjectExtensionHost`: the example photo book makes a real PDF, and a misbehaving
/// extension changes nothing, sees only its project, and cannot store more than the limit or reach the library.
final class ProjectExtensionTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var library: PHPhotoLibrary!
    private var userExtensions: URL!
    private var photoBook: PHProjectExtension!
    private var misbehaving: PHProjectExtension!

    override func setUpWithError() throws {
        guard let book = BuiltExecutable.url(named: "photobook") else { throw XCTSkip(BuiltExecutable.missingMessage("photobook")) }
        guard let test = BuiltExecutable.url(named: "photos-test-project-extension") else {
            throw XCTSkip(BuiltExecutable.missingMessage("photos-test-project-extension"))
        }
        guard SandboxedProcess.capabilities.landlockABI > 0 else {
            throw XCTSkip("Landlock is not available on this kernel: project extensions cannot be isolated, so they are not run")
        }
        directory = TemporaryDirectory(prefix: "photos-projects")
        library = try PHPhotoLibrary(url: directory.appending("Projects.photoslibrary"))
        userExtensions = directory.appending("user-extensions")
        for executable in [book, test] {
            _ = try PHEditingExtension.install(executable: executable, scope: .library, library: library, userDirectory: userExtensions)
        }
        photoBook = try PHProjectExtension.named("Photo Book", for: library, userDirectory: userExtensions)
        misbehaving = try PHProjectExtension.named("org.photokit-linux.tests.misbehaving-project", for: library, userDirectory: userExtensions)
    }

    override func tearDown() {
        library = nil
        directory = nil
    }

    /// Dated photos (generated JPEGs of different scenes), in date order.
    private func makePhotos(_ count: Int, width: Int = 640, height: Int = 480) throws -> [PHAsset] {
        var identifiers: [String] = []
        try library.performChangesAndWait {
            for index in 0..<count {
                let request = PHAssetCreationRequest.forAsset()
                request.addResource(with: .photo, data: FixtureImages.jpeg(width: width, height: height, seed: index + 1), options: nil)
                request.creationDate = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 600)
                identifiers.append(request.placeholderForCreatedAsset!.localIdentifier)
            }
        }
        let options = PHFetchOptions()
        options.photoLibrary = library
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
        let fetched = PHAsset.fetchAssets(withLocalIdentifiers: identifiers, options: options)
        return fetched.objects(at: IndexSet(integersIn: 0..<fetched.count))
    }

    private func projects() -> PHFetchResult<PHProject> {
        let options = PHFetchOptions()
        options.photoLibrary = library
        return PHProject.fetchProjects(with: options)
    }

    private var core: Library { library.localLibrary! }

    private func assetCount() -> Int {
        let options = PHFetchOptions()
        options.photoLibrary = library
        return PHAsset.fetchAssets(with: options).count
    }
    private var output: URL { directory.appending("made") }

    func testProjectTypesComeFromTheExtensionsDataSource() throws {
        let host = PHProjectExtensionHost(library: library)
        let types = try host.projectTypes(of: misbehaving, category: .card)
        XCTAssertEqual(types.map(\.projectType.rawValue), ["test.card"])
        XCTAssertEqual(types.first?.subtypeDescriptions.map(\.localizedTitle), ["Small card"])
        XCTAssertEqual(try host.projectTypes(of: photoBook).map(\.projectType.rawValue),
                       ["org.photokit-linux.photobook.square", "org.photokit-linux.photobook.landscape"])
        // A project extension is not an editing extension, and the other way round.
        XCTAssertFalse(PHEditingExtension.installed(for: library, userDirectory: userExtensions).extensions.contains { $0.id == photoBook.id })
    }

    func testPhotoBookMakesAPDFAndResumesWithoutRemovedPhotos() throws {
        let photos = try makePhotos(10)
        let info = try PHProjectInfo.projectInfo(for: .assets(photos), projectType: PHProjectType("org.photokit-linux.photobook.landscape"), in: library)
        let host = PHProjectExtensionHost(library: library)
        let made = try host.createProject(from: info, title: "Holiday", with: photoBook, deliveringTo: output)
        XCTAssertEqual(made.products.map(\.lastPathComponent), ["Holiday.pdf"])
        let project = made.project
        XCTAssertEqual(project.localizedTitle, "Holiday")
        XCTAssertEqual(project.projectType.rawValue, "org.photokit-linux.photobook.landscape")
        XCTAssertEqual(project.extensionIdentifier, photoBook.id)
        XCTAssertEqual(project.estimatedAssetCount, 10)
        XCTAssertTrue(project.hasProjectPreview)
        let preview = try XCTUnwrap(try core.projectPreview(identifier: project.localIdentifier))
        XCTAssertTrue(preview.starts(with: [0xFF, 0xD8, 0xFF]), "the preview is a JPEG")

        // The book the extension kept: a cover, then pages holding every curated photo once.
        let state = try bookState(project)
        let pages = try XCTUnwrap(state["pages"] as? [[String: Any]])
        XCTAssertEqual(pages.first?["layout"] as? String, "cover")
        let pagePhotos = pages.dropFirst().flatMap { ($0["photos"] as? [[String: Any]]) ?? [] }.compactMap { $0["localIdentifier"] as? String }
        XCTAssertFalse(pagePhotos.isEmpty)
        XCTAssertEqual(Set(pagePhotos).count, pagePhotos.count, "no photo twice")
        let pdf = try Data(contentsOf: made.products[0])
        XCTAssertTrue(pdf.starts(with: Array("%PDF".utf8)))
        XCTAssertEqual(try pageCount(made.products[0]), pages.count)
        try assertPageShowsAPhoto(made.products[0], page: 2)

        // Take two of the book's photos out of the project; resuming lays out the rest.
        let removed = Array(pagePhotos.prefix(2))
        try library.performChangesAndWait {
            let options = PHFetchOptions()
            options.photoLibrary = self.library
            PHProjectChangeRequest(project: project).removeAssets(PHAsset.fetchAssets(withLocalIdentifiers: removed, options: options))
        }
        let reopened = try XCTUnwrap(projects().firstObject)
        XCTAssertEqual(reopened.estimatedAssetCount, 8)
        let resumed = try host.resumeProject(reopened, with: photoBook, deliveringTo: output)
        XCTAssertEqual(resumed.products.map(\.lastPathComponent), ["Holiday.pdf"])
        let after = try bookState(resumed.project)
        let afterPhotos = ((after["pages"] as? [[String: Any]]) ?? []).dropFirst().flatMap { ($0["photos"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["localIdentifier"] as? String }
        XCTAssertEqual(afterPhotos, pagePhotos.filter { !removed.contains($0) })
        XCTAssertEqual(try pageCount(resumed.products[0]), (after["pages"] as? [Any])?.count)
        XCTAssertEqual(assetCount(), 10, "taking photos out of a project never deletes them")
    }

    func testExtensionSeesOnlyItsProjectAndItsCheckedChangesComeBack() throws {
        let photos = try makePhotos(3, width: 64, height: 48)
        let outsider = photos[2]
        let info = try PHProjectInfo.projectInfo(for: .assets(Array(photos.prefix(2))), in: library)
        let before = projects()
        let observer = ProjectObserver()
        library.register(observer)
        defer { library.unregisterChangeObserver(observer) }
        let made = try PHProjectExtensionHost(library: library)
            .createProject(from: info, title: "ok:\(outsider.localIdentifier)", with: misbehaving, deliveringTo: output)
        // Only its regular, visible files are handed over (not the link, not the hidden file).
        XCTAssertEqual(made.products.map(\.lastPathComponent), ["made.txt"])
        let report = try String(contentsOf: made.products[0], encoding: .utf8)
        XCTAssertEqual(report, "assets=2 members=2 sections=\(info.sections.count) outsider=missing")
        let project = made.project
        XCTAssertEqual(project.localizedTitle, "Renamed by extension")
        XCTAssertEqual(project.projectExtensionData, Data(report.utf8))
        XCTAssertTrue(project.hasProjectPreview)
        XCTAssertEqual(project.estimatedAssetCount, 1, "the extension took one photo out")
        XCTAssertEqual(assetCount(), 3)
        // Observers hear of the new project.
        let change = try XCTUnwrap(observer.wait { $0.changeDetails(for: before)?.insertedObjects.isEmpty == false })
        XCTAssertEqual(change.changeDetails(for: before)?.insertedObjects.map(\.localIdentifier), [project.localIdentifier])
        XCTAssertEqual(leftovers(), [])
    }

    func testTheLibraryIsOutOfReach() throws {
        let photos = try makePhotos(1, width: 64, height: 48)
        let database = core.url.appendingPathComponent("database/Photos.sqlite").path
        let info = try PHProjectInfo.projectInfo(for: .assets(photos), in: library)
        let made = try PHProjectExtensionHost(library: library).createProject(from: info, title: "escape:\(database)", with: misbehaving, deliveringTo: output)
        XCTAssertEqual(String(decoding: made.project.projectExtensionData, as: UTF8.self), "denied")
    }

    func testWhatAnExtensionLeavesInItsViewIsNeverActedOn() throws {
        let photos = try makePhotos(1, width: 64, height: 48)
        let originals = TemporaryDirectory.files(under: core.url.appendingPathComponent("originals"))
        XCTAssertEqual(originals.count, 1)
        let info = try PHProjectInfo.projectInfo(for: .assets(photos), in: library)
        // The extension rewrote its view so that recovering or purging it would delete the library's original.
        let made = try PHProjectExtensionHost(library: library).createProject(from: info, title: "trap", with: misbehaving, deliveringTo: output)
        XCTAssertEqual(made.project.estimatedAssetCount, 1)
        XCTAssertEqual(TemporaryDirectory.files(under: core.url.appendingPathComponent("originals")), originals)
        XCTAssertEqual(assetCount(), 1)
    }

    func testMisbehavingExtensionsChangeNothing() throws {
        let photos = try makePhotos(2, width: 64, height: 48)
        let info = try PHProjectInfo.projectInfo(for: .assets(photos), in: library)
        let host = PHProjectExtensionHost(library: library, deadline: 3, cancellationGrace: 0.5)
        let cases: [(String, (PHEditingExtensionError) -> Bool)] = [
            ("crash", { if case .crashed = $0 { true } else { false } }),
            ("hang", { if case .timedOut = $0 { true } else { false } }),
            ("fail", { if case .failed(_, _, let message) = $0 { message.contains("refused on purpose") } else { false } }),
            ("oversize", { if case .failed(_, _, let message) = $0 { message.contains("1 MB") } else { false } }),
            ("sneak", { if case .invalidOutput(_, let reason) = $0 { reason.contains("1 MB") } else { false } }),
        ]
        for (title, expected) in cases {
            XCTAssertThrowsError(try host.createProject(from: info, title: title, with: misbehaving, deliveringTo: output), title) { error in
                let hostError = error as? PHEditingExtensionError
                XCTAssertTrue(hostError.map(expected) ?? false, "\(title): \(error)")
            }
            XCTAssertEqual(projects().count, 0, "\(title): the new project was deleted again")
            XCTAssertEqual(leftovers(), [], "\(title): no working files are left")
        }
        XCTAssertEqual(try core.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM project") }, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing was delivered")
        XCTAssertEqual(assetCount(), 2)
    }

    // MARK: Helpers

    private func bookState(_ project: PHProject) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: project.projectExtensionData) as? [String: Any])
    }

    private func leftovers() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: library.renderedContentDirectory.path)) ?? []
    }

    /// Pages of a PDF, as poppler's `pdfinfo` counts them (an independent reader).
    private func pageCount(_ pdf: URL) throws -> Int {
        let info = try runTool("pdfinfo", [pdf.path])
        let line = try XCTUnwrap(info.split(separator: "\n").first { $0.hasPrefix("Pages:") })
        return try XCTUnwrap(Int(line.split(separator: " ").last ?? ""))
    }

    /// Turns a page into PNG with poppler's `pdftoppm` and checks it holds a photo: varied, not blank.
    private func assertPageShowsAPhoto(_ pdf: URL, page: Int) throws {
        let prefix = directory.appending("page").path
        _ = try runTool("pdftoppm", ["-r", "30", "-f", "\(page)", "-l", "\(page)", "-png", "-singlefile", pdf.path, prefix])
        let png = URL(fileURLWithPath: prefix + ".png")
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(png as CFURL, nil))
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let data = try XCTUnwrap(image.dataProvider?.data) as Data
        let channels = image.bitsPerPixel / 8
        var values: [Double] = []
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) { values.append(Double(data[y * image.bytesPerRow + x * channels])) }
        }
        let mean = values.reduce(0, +) / Double(values.count)
        let spread = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        XCTAssertGreaterThan(spread, 20, "page \(page) looks blank (mean \(mean), spread \(spread))")
    }

    private func runTool(_ name: String, _ arguments: [String]) throws -> String {
        guard let tool = ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("\(name) (poppler-utils) is not installed: scripts/setup.sh installs it")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(name) \(arguments.joined(separator: " "))")
        return String(decoding: output, as: UTF8.self)
    }
}

/// Collects library changes until one matches.
private final class ProjectObserver: NSObject, PHPhotoLibraryChangeObserver, @unchecked Sendable {
    private let condition = NSCondition()
    private var changes: [PHChange] = []

    func photoLibraryDidChange(_ changeInstance: PHChange) {
        condition.lock(); changes.append(changeInstance); condition.broadcast(); condition.unlock()
    }

    func wait(timeout: TimeInterval = 10, until match: (PHChange) -> Bool) -> PHChange? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = changes.first(where: match) { return found }
            guard condition.wait(until: deadline) else { return nil }
        }
    }
}
