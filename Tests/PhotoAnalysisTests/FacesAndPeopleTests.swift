import Foundation
import PhotoAnalysis
import PhotoLibrary
import Testing
import _TestSupport

@Suite(.enabled(if: AnalysisPhotos.facesAvailable, Comment(rawValue: AnalysisPhotos.facesMissing)))
struct FacesAndPeopleTests {
    @Test func theSamePersonKeepsOneIdentifierAcrossPhotos() throws {
        try #require(try PhotoAnalyzer.faceRecognition.get().isEmpty == false, "the face-recognition model must be installed (scripts/setup.sh)")
        let directory = TemporaryDirectory()
        // A mirrored, smaller copy of one portrait: still the same person.
        let mirrored = directory.appending("obama-mirrored.jpg")
        try AnalysisPhotos.vips(["flip", AnalysisPhotos.portrait("obama2").path, directory.appending("flipped.png").path, "horizontal"])
        try AnalysisPhotos.vips(["resize", directory.appending("flipped.png").path, mirrored.path, "0.7"])
        let files = ["obama", "obama2", "obama3", "biden"].map(AnalysisPhotos.portrait) + [mirrored, AnalysisPhotos.sample("astronaut"), AnalysisPhotos.sample("coffee")]
        let (library, ids) = try AnalysisPhotos.library(in: directory, importing: files)
        let report = try LibraryAnalysis(library: library).run()
        #expect(report.analysed == files.count && report.failed == 0)

        func face(_ name: String) throws -> AnalysedFace {
            let faces = try #require(try library.analysisRecord(assetRowID: ids[name]!)?.analysis?.faces)
            try #require(faces.count == 1, "\(name): \(faces.count) faces")
            return faces[0]
        }
        let obama = try ["obama.jpg", "obama2.jpg", "obama3.jpg", "obama-mirrored.jpg"].map(face)
        let biden = try face("biden.jpg"), astronaut = try face("astronaut.png")
        let obamaID = try #require(obama[0].personIdentifier)
        #expect(obama.allSatisfy { $0.personIdentifier == obamaID }, "\(obama.map(\.personIdentifier))")
        #expect(biden.personIdentifier != nil && biden.personIdentifier != obamaID)
        #expect(astronaut.personIdentifier != nil && astronaut.personIdentifier != obamaID && astronaut.personIdentifier != biden.personIdentifier)
        #expect(obama.allSatisfy { $0.descriptor?.count == 128 })

        // Where the face is: the astronaut's face is in the upper middle of her 512×512 portrait (y down).
        let r = astronaut.rect
        #expect(r.x + r.width / 2 > 0.33 && r.x + r.width / 2 < 0.57 && r.y + r.height / 2 > 0.14 && r.y + r.height / 2 < 0.41, "\(r)")
        #expect(r.width > 0.1 && r.width < 0.35)

        let coffee = try #require(try library.analysisRecord(assetRowID: ids["coffee.png"]!)?.analysis)
        #expect(coffee.faces.isEmpty)

        let people = try library.people()
        #expect(people.count == 3)
        #expect(people.first?.identifier == obamaID && people.first?.faceCount == 4, "most photographed first")
        #expect(Set(try library.assetRowIDs(ofPerson: obamaID)) == Set(["obama.jpg", "obama2.jpg", "obama3.jpg", "obama-mirrored.jpg"].map { ids[$0]! }))
        let summary = try library.analysisSummary(analyserVersion: PhotoAnalyzer.version)
        #expect(summary.faces == 6 && summary.facesWithPerson == 6 && summary.people == 3)
    }

    @Test func identifiersStayWhenPhotosArriveLater() throws {
        let directory = TemporaryDirectory()
        let (library, _) = try AnalysisPhotos.library(in: directory, importing: [AnalysisPhotos.portrait("obama")])
        try LibraryAnalysis(library: library).run()
        let first = try #require(try library.people().first?.identifier)
        // More photos of him (and someone else) in a later import: the same identifier, a new one for the other.
        _ = try Importer(library: library).importItems(at: [AnalysisPhotos.portrait("obama3"), AnalysisPhotos.portrait("biden")])
        #expect(try LibraryAnalysis(library: library).run().analysed == 2)
        let people = try library.people()
        #expect(people.count == 2)
        #expect(people.first?.identifier == first && people.first?.faceCount == 2)
    }
}
