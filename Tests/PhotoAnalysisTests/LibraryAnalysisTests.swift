import Foundation
import ImageManagement
import PhotoAnalysis
import PhotoLibrary
import Testing
import _TestSupport

@Suite(.enabled(if: AnalysisPhotos.samplesAvailable, Comment(rawValue: AnalysisPhotos.samplesMissing)))
struct LibraryAnalysisTests {
    @Test func sharpPhotoOutranksItsBlurredCopy() throws {
        let directory = TemporaryDirectory()
        let blurred = directory.appending("coffee-blurred.png")
        try AnalysisPhotos.vips(["gaussblur", AnalysisPhotos.sample("coffee").path, blurred.path, "2.5"])
        let (library, ids) = try AnalysisPhotos.library(in: directory, importing: [AnalysisPhotos.sample("coffee"), blurred])
        let report = try LibraryAnalysis(library: library).run()
        #expect(report.analysed == 2 && report.failed == 0)
        let sharp = try #require(try library.analysisRecord(assetRowID: ids["coffee.png"]!)?.analysis)
        let soft = try #require(try library.analysisRecord(assetRowID: ids["coffee-blurred.png"]!)?.analysis)
        #expect(sharp.sharpness > soft.sharpness + 0.2, "sharp \(sharp.sharpness) vs blurred \(soft.sharpness)")
        #expect(sharp.quality > soft.quality)
        #expect(abs(sharp.exposure - soft.exposure) < 0.1, "blurring does not change exposure much")
        #expect(sharp.faces.isEmpty && sharp.salientRegion != nil, "no faces: a salient region instead")
    }

    @Test func nearDuplicatesAreGroupedAndOthersAreNot() throws {
        let directory = TemporaryDirectory()
        let smaller = directory.appending("coffee-small.jpg"), brighter = directory.appending("coffee-bright.png")
        try AnalysisPhotos.vips(["resize", AnalysisPhotos.sample("coffee").path, smaller.path + "[Q=70]", "0.6"])
        try AnalysisPhotos.vips(["linear", AnalysisPhotos.sample("coffee").path, brighter.path, "1.1", "8"])
        let files = [AnalysisPhotos.sample("coffee"), smaller, brighter, AnalysisPhotos.sample("chelsea"), AnalysisPhotos.sample("astronaut"),
                     AnalysisPhotos.sample("motorcycle_left")]
        let (library, ids) = try AnalysisPhotos.library(in: directory, importing: files)
        try LibraryAnalysis(library: library).run()
        let groups = try library.nearDuplicateGroups()
        let coffees = Set(["coffee.png", "coffee-small.jpg", "coffee-bright.png"].map { ids[$0]! })
        #expect(groups.count == 1, "\(groups)")
        #expect(Set(groups.first ?? []) == coffees)
        let hashes = try ids.mapValues { try #require(try library.analysisRecord(assetRowID: $0)?.analysis?.perceptualHash) }
        #expect((hashes["coffee.png"]! ^ hashes["coffee-small.jpg"]!).nonzeroBitCount <= 4)
        #expect((hashes["coffee.png"]! ^ hashes["chelsea.png"]!).nonzeroBitCount > 16)
    }

    @Test func runsAreIncrementalAndEditsAreAnalysedAgain() throws {
        let directory = TemporaryDirectory()
        let files = ["coffee", "chelsea", "motorcycle_left"].map(AnalysisPhotos.sample)
        let (library, ids) = try AnalysisPhotos.library(in: directory, importing: files)
        let analysis = LibraryAnalysis(library: library)
        let progress = Progress(totalUnitCount: 0)
        #expect(try analysis.run(progress: progress).analysed == 3)
        #expect(progress.totalUnitCount == 3 && progress.completedUnitCount == 3)
        #expect(try analysis.run() == LibraryAnalysis.Report(), "nothing left to do")
        let before = try #require(try library.analysisRecord(assetRowID: ids["chelsea.png"]!))

        // An edit: only that photo is analysed again, and its result describes the render.
        let render = directory.appending("render.jpg")
        try AnalysisPhotos.vips(["gaussblur", AnalysisPhotos.sample("chelsea").path, render.path, "4"])
        let identifier = try #require(try library.assets(rowIDs: [ids["chelsea.png"]!])[ids["chelsea.png"]!]?.identifier)
        try library.apply(ChangeBatch(operations: [.editContent(ContentEdit(identifier: identifier, rendered: .data(try Data(contentsOf: render)),
            adjustment: AdjustmentPayload(formatIdentifier: "org.example.blur", formatVersion: "1", data: Data([4]))))]))
        #expect(try library.analysisSummary(analyserVersion: PhotoAnalyzer.version).analysed == 2)
        #expect(try analysis.run().analysed == 1)
        let after = try #require(try library.analysisRecord(assetRowID: ids["chelsea.png"]!))
        #expect(after.contentKey != before.contentKey)
        #expect(after.analysis!.sharpness < before.analysis!.sharpness, "the blurred render was measured")
        // A revert brings the original back, which is analysed again too.
        try library.apply(ChangeBatch(operations: [.revertContent(identifier: identifier)]))
        #expect(try analysis.run().analysed == 1)
        #expect(try library.analysisRecord(assetRowID: ids["chelsea.png"]!)?.contentKey == before.contentKey)
    }

    @Test func resultForAVersionThatChangedMeanwhileIsRefused() throws {
        let directory = TemporaryDirectory()
        let (library, ids) = try AnalysisPhotos.library(in: directory, importing: [AnalysisPhotos.sample("coffee")])
        let candidate = try #require(try library.analysisCandidates(analyserVersion: PhotoAnalyzer.version, limit: 10).first)
        let picture = try #require(try AnalysisPictures.picture(assetRowID: candidate.assetRowID, in: library, longestSide: 256))
        let analysis = try PhotoAnalyzer.analyse(picture)
        let identifier = try #require(try library.assets(rowIDs: [ids["coffee.png"]!]).first?.value.identifier)
        try library.apply(ChangeBatch(operations: [.editContent(ContentEdit(identifier: identifier,
            rendered: .data(FixtureImages.jpeg(width: 64, height: 48, seed: 9)), adjustment: AdjustmentPayload(formatIdentifier: "x", formatVersion: "1", data: Data([1]))))]))
        #expect(try !library.recordAnalysis(.success(analysis), for: candidate, contentKey: picture.contentKey, analyserVersion: PhotoAnalyzer.version))
        #expect(try library.analysisRecord(assetRowID: candidate.assetRowID) == nil, "nothing written")
    }

    @Test func unreadablePhotoIsRecordedOnceAsFailed() throws {
        let directory = TemporaryDirectory()
        let (library, ids) = try AnalysisPhotos.library(in: directory, importing: [AnalysisPhotos.sample("coffee"), AnalysisPhotos.sample("motorcycle_left")])
        // The stored original of one photo is damaged on disk (the library itself is intact).
        let damaged = ids["motorcycle_left.png"]!
        let file = library.fileURL(for: try #require(try library.resources(assetRowID: damaged).first))
        let bytes = try Data(contentsOf: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        try Data(bytes.prefix(200)).write(to: file)
        let report = try LibraryAnalysis(library: library).run()
        #expect(report.analysed == 1 && report.failed == 1)
        let record = try #require(try library.analysisRecord(assetRowID: damaged))
        #expect(record.analysis == nil && record.failure?.isEmpty == false, "\(record)")
        #expect(try LibraryAnalysis(library: library).run() == LibraryAnalysis.Report(), "not retried until the photo changes")
        #expect(try library.analysisSummary(analyserVersion: PhotoAnalyzer.version).failed == 1)
    }

    @Test func trashedPhotosLeaveTheAnalysisAndPurgedOnesTakeItWithThem() throws {
        let directory = TemporaryDirectory()
        let (library, ids) = try AnalysisPhotos.library(in: directory, importing: [AnalysisPhotos.sample("coffee"), AnalysisPhotos.sample("chelsea")])
        try LibraryAnalysis(library: library).run()
        let identifier = try #require(try library.assets(rowIDs: [ids["coffee.png"]!]).first?.value.identifier)
        try library.apply(ChangeBatch(operations: [.trashAssets([identifier])]))
        #expect(try library.analysisSummary(analyserVersion: PhotoAnalyzer.version) == AnalysisSummary(photos: 1, analysed: 1, failed: 0, faces: 0, facesWithPerson: 0, people: 0))
        #expect(try library.analysisRecord(assetRowID: ids["coffee.png"]!) != nil, "kept while it may be recovered")
        try library.apply(ChangeBatch(operations: [.purgeAssets([identifier])]))
        #expect(try library.analysisRecord(assetRowID: ids["coffee.png"]!) == nil)
    }
}

/// Photos that are hostile to decode still get an analysis (or a recorded failure), never a crash or a stall.
@Suite(.enabled(if: TestRepro.folder != nil, Comment(rawValue: TestRepro.skipMessage)))
struct HostileAnalysisTests {
    @Test func aDecompressionBombIsAnalysedFromAShrunkDecode() throws {
        let directory = TemporaryDirectory()
        let bomb = try #require(TestRepro.files(prefix: "bomb_png_14142x14142_rgba8").first)
        let (library, ids) = try AnalysisPhotos.library(in: directory, importing: [bomb])
        let report = try LibraryAnalysis(library: library).run()
        #expect(report.analysed + report.failed == 1)
        let record = try #require(try library.analysisRecord(assetRowID: ids[bomb.lastPathComponent]!))
        #expect(record.analysis != nil || record.failure != nil)
    }
}
