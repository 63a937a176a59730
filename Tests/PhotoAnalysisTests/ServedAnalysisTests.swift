import Foundation
import PhotoAnalysis
import PhotoLibrary
import Testing
import _TestSupport

/// `photos serve` analyses photos in the background: those there when it starts, and those another process adds.
@Suite(.enabled(if: AnalysisPhotos.samplesAvailable, Comment(rawValue: AnalysisPhotos.samplesMissing)),
       .enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct ServedAnalysisTests {
    @Test func theServiceAnalysesPhotosAsTheyArrive() throws {
        let directory = TemporaryDirectory()
        let (library, ids) = try AnalysisPhotos.library(in: directory, importing: [AnalysisPhotos.sample("coffee")])
        let server = Process()
        server.executableURL = PhotosBinary.url
        server.arguments = ["serve", "--exit-with-parent", "--library", library.url.path, "--no-tcp", "--socket", directory.appending("s.sock").path,
                            "--log-level", "error"]
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }

        func waitForAnalysis(of rowID: Int64) throws -> AnalysisRecord? {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if let record = try library.analysisRecord(assetRowID: rowID) { return record }
                Thread.sleep(forTimeInterval: 0.2)
            }
            return nil
        }
        #expect(try waitForAnalysis(of: ids["coffee.png"]!)?.analysis != nil, "the photo there at start")
        // Another process (this one) imports a photo: the server hears the commit and analyses it.
        let summary = try Importer(library: library).importItems(at: [AnalysisPhotos.sample("chelsea")])
        let added = try #require(try library.assetRowIDs(identifiers: summary.createdAssetIdentifiers).first)
        #expect(try waitForAnalysis(of: added)?.analysis != nil, "a photo added while serving")
        #expect(server.isRunning)
    }

    @Test func backgroundAnalysisRunsOnceAtStartAndAgainAfterCommits() throws {
        let directory = TemporaryDirectory()
        let (library, _) = try AnalysisPhotos.library(in: directory, importing: [AnalysisPhotos.sample("coffee")])
        let background = BackgroundAnalysis(library: library)
        background.start()
        defer { background.stop() }
        #expect(background.waitUntilIdle(timeout: 60))
        #expect(background.history.reports.map(\.analysed) == [1])
        _ = try Importer(library: library).importItems(at: [AnalysisPhotos.sample("chelsea"), AnalysisPhotos.sample("motorcycle_left")])
        let deadline = Date().addingTimeInterval(60)
        while try library.analysisSummary(analyserVersion: PhotoAnalyzer.version).analysed < 3, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(background.waitUntilIdle(timeout: 60))
        #expect(background.history.reports.reduce(0) { $0 + $1.analysed } == 3 && background.history.error == nil)
    }
}
