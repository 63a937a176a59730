import Foundation
import Testing
@testable import PhotoLibrary
import _TestSupport

/// Several importers at once, each with its own `Library` on the same directory (as separate processes would
/// have), over overlapping folders: the duplicate rule must hold across writers, not only within one import.
struct ConcurrentImportTests {
    /// Writes JPEGs with the given seeds into a new folder (same seed, same bytes).
    func makeFolder(_ dir: TemporaryDirectory, _ name: String, seeds: Range<Int>) throws -> URL {
        let folder = dir.appending(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for seed in seeds { _ = try FixtureImages.writeJPEG(to: folder.appendingPathComponent("IMG_\(seed).JPG"), seed: seed) }
        return folder
    }

    @Test func overlappingImportsCreateEachDistinctFileOnce() throws {
        let dir = TemporaryDirectory()
        let libraryURL = dir.appending("Shared.photoslibrary")
        _ = try Library.open(at: libraryURL)
        let first = try makeFolder(dir, "first", seeds: 0..<40)
        let second = try makeFolder(dir, "second", seeds: 20..<60)
        let sources = [first, second, first, second]
        let libraries = try sources.map { _ in try Library.open(at: libraryURL) }

        // One thread per importer (not a dispatch queue, whose width on a small machine would run them one after
        // another), started together.
        let results = Results(count: sources.count)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in sources.indices {
            done.enter()
            Thread {
                start.wait()
                results.set(index, Result { () throws(LibraryError) -> ImportSummary in
                    // One batch per import: every importer checks for duplicates before any of them commits, as
                    // processes started together do; only the transaction's own check can then tell.
                    try Importer(library: libraries[index], batchSize: 64, maximumConcurrency: 1).importItems(at: [sources[index]])
                })
                done.leave()
            }.start()
        }
        for _ in sources { start.signal() }
        done.wait()

        let summaries = try results.values.map { try #require($0).get() }
        let distinct = 60
        let filesOffered = summaries.reduce(0) { $0 + $1.filesConsidered }
        #expect(summaries.allSatisfy { $0.rejected.isEmpty }, "\(summaries.map(\.rejected))")
        #expect(summaries.reduce(0) { $0 + $1.imported } == distinct)
        #expect(summaries.reduce(0) { $0 + $1.duplicatesSkipped } == filesOffered - distinct,
                "every file is either created once or reported as a duplicate: \(summaries.map(\.duplicatesSkipped))")
        let library = libraries[0]
        #expect(try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") } == distinct)
        #expect(try library.read { try Int.fetchOne($0, sql: "SELECT count(DISTINCT sha256) FROM resource") } == distinct)
        let stored = TemporaryDirectory.files(under: libraryURL).filter { $0.hasPrefix("originals/") }
        #expect(stored.count == distinct, "the skipped duplicates' files were removed")
    }

    @Test(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
    func overlappingPhotosImportProcessesCreateEachDistinctFileOnce() throws {
        let dir = TemporaryDirectory()
        let libraryURL = dir.appending("Shared.photoslibrary")
        _ = try Library.open(at: libraryURL)
        let first = try makeFolder(dir, "first", seeds: 0..<40)
        let second = try makeFolder(dir, "second", seeds: 20..<60)
        let processes = try [first, second, first, second].map { folder in
            let process = Process()
            process.executableURL = PhotosBinary.url
            process.arguments = ["import", folder.path, "--json", "--library", libraryURL.path]
            var environment = ProcessInfo.processInfo.environment
            environment["PHOTOS_DERIVATIVES"] = "on-demand"
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            return (process, output)
        }
        var imported = 0, duplicates = 0
        for (process, output) in processes {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(String(decoding: data, as: UTF8.self))")
            let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            imported += summary["imported"] as? Int ?? -1000
            duplicates += summary["duplicatesSkipped"] as? Int ?? -1000
        }
        #expect(imported == 60)
        #expect(duplicates == 160 - 60, "the summaries' duplicate counts add up")
        let library = try Library.open(at: libraryURL)
        #expect(try library.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM asset") } == 60)
        #expect(TemporaryDirectory.files(under: libraryURL).filter { $0.hasPrefix("originals/") }.count == 60)
    }

    @Test func aRequestThatSkipsDuplicatesIsSkippedInsideTheTransaction() throws {
        let dir = TemporaryDirectory()
        let library = try Library.open(at: dir.appending("Test.photoslibrary"))
        let jpeg = FixtureImages.jpeg(seed: 7)
        let request = { NewAsset(resources: [NewResource(type: .photo, source: .data(jpeg))], skipsDuplicateContent: true) }
        let a = request(), b = request()
        let outcome = try library.apply(ChangeBatch(operations: [.createAsset(a), .createAsset(b)]))
        #expect(outcome.insertedAssets.count == 1, "the second request of one batch sees the first")
        #expect(outcome.skippedDuplicates == [b.identifier])
        #expect(try library.assetRowIDs(identifiers: [b.identifier]).isEmpty)
        let plain = NewAsset(resources: [NewResource(type: .photo, source: .data(jpeg))])
        #expect(try library.apply(ChangeBatch(operations: [.createAsset(plain)])).insertedAssets.count == 1,
                "PhotoKit's creation requests (no flag) keep creating what they are asked to")
    }
}

/// Per-importer results, filled from worker threads under a lock.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<ImportSummary, LibraryError>?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    var values: [Result<ImportSummary, LibraryError>?] { lock.lock(); defer { lock.unlock() }; return storage }
    func set(_ index: Int, _ value: Result<ImportSummary, LibraryError>) { lock.lock(); storage[index] = value; lock.unlock() }
}
