import Foundation
import PhotoLibrary
import Testing
import _TestSupport

/// `photos project info` through the real binary: a selection's project content as JSON, and its refusals.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct ProjectCommandTests {
    @Test func aSelectionPrintsItsProjectContent() throws {
        let directory = TemporaryDirectory(prefix: "project-command")
        let url = directory.appending("Library.photoslibrary")
        let library = try Library.open(at: url)
        let identifiers = (0..<3).map { _ in LocalIdentifier.make(.asset) }
        try library.apply(ChangeBatch(operations: identifiers.enumerated().map { index, identifier in
            .createAsset(NewAsset(identifier: identifier, resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 60, height: 40, seed: index)))],
                                  edits: AssetEdits(creationDate: .some(Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)))))
        }))
        let run = try MeasuredProcess.run(PhotosBinary.url!, ["project", "info", "--library", url.path] + identifiers)
        #expect(run.status == 0, "\(run.stderr)")
        let plan = try JSONDecoder().decode(ProjectPlan.self, from: run.stdoutData)
        #expect(plan.source == .userSelection && plan.sections.map(\.kind) == [.cover, .content])
        let elements = plan.sections[1].contents.last?.elements ?? []
        #expect(Set(elements.compactMap { if case .asset(let a) = $0 { a.localIdentifier } else { nil } }) == Set(identifiers))
        #expect(elements.allSatisfy { $0.weight == 0.5 }, "photos not analysed weigh 0.5")

        let neither = try MeasuredProcess.run(PhotosBinary.url!, ["project", "info", "--library", url.path])
        #expect(neither.status != 0 && neither.stderr.contains("exactly one of"))
        let unknown = try MeasuredProcess.run(PhotosBinary.url!, ["project", "info", "--memory", UUID().uuidString, "--library", url.path])
        #expect(unknown.status != 0 && unknown.stderr.contains("No memory"))
    }

    @Test func aPhotoBookIsMadeListedPreviewedAndOpened() throws {
        guard let book = BuiltExecutable.url(named: "photobook") else { Issue.record(Comment(rawValue: BuiltExecutable.missingMessage("photobook"))); return }
        let directory = TemporaryDirectory(prefix: "project-create")
        let url = directory.appending("Library.photoslibrary")
        let library = try Library.open(at: url)
        let identifiers = (0..<5).map { _ in LocalIdentifier.make(.asset) }
        try library.apply(ChangeBatch(operations: identifiers.enumerated().map { index, identifier in
            .createAsset(NewAsset(identifier: identifier, resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 160, height: 120, seed: index)))],
                                  edits: AssetEdits(creationDate: .some(Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)))))
        }))
        let lib = ["--library", url.path]
        let install = try MeasuredProcess.run(PhotosBinary.url!, ["extensions", "install", "--for-library", book.path] + lib)
        #expect(install.status == 0 && install.stdout.contains("project extension"), "\(install.stderr)")
        let types = try MeasuredProcess.run(PhotosBinary.url!, ["project", "types", "--extension", "Photo Book"] + lib)
        #expect(types.stdout.contains("org.photokit-linux.photobook.square"))
        let output = directory.appending("books")
        let made = try MeasuredProcess.run(PhotosBinary.url!, ["project", "create", "--extension", "Photo Book", "--title", "Five",
                                                              "--output", output.path, "--json"] + lib + identifiers)
        #expect(made.status == 0, "\(made.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: made.stdoutData) as? [String: Any])
        let project = try #require(result["localIdentifier"] as? String)
        #expect(result["products"] as? [String] == [output.appendingPathComponent("Five.pdf").path])
        #expect(result["assetCount"] as? Int == 5 && result["hasProjectPreview"] as? Bool == true)
        #expect(try Data(contentsOf: output.appendingPathComponent("Five.pdf")).starts(with: Array("%PDF".utf8)))

        let listed = try MeasuredProcess.run(PhotosBinary.url!, ["projects", "--json"] + lib)
        let projects = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        #expect(projects.map { $0["localIdentifier"] as? String } == [project])
        let preview = directory.appending("cover.jpg")
        #expect(try MeasuredProcess.run(PhotosBinary.url!, ["project", "preview", project, "--output", preview.path] + lib).status == 0)
        #expect(try Data(contentsOf: preview).starts(with: [0xFF, 0xD8, 0xFF]))
        try FileManager.default.removeItem(at: output.appendingPathComponent("Five.pdf"))
        let opened = try MeasuredProcess.run(PhotosBinary.url!, ["project", "open", project, "--output", output.path] + lib)
        #expect(opened.status == 0 && opened.stdout.contains("Five.pdf"), "\(opened.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("Five.pdf").path))
        let unknown = try MeasuredProcess.run(PhotosBinary.url!, ["project", "create", "--extension", "Nope"] + lib + identifiers)
        #expect(unknown.status != 0 && unknown.stderr.contains("Nope"))
    }
}
