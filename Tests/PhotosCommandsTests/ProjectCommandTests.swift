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
}
