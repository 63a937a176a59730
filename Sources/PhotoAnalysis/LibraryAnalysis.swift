import Foundation
import ImageManagement
import PhotoLibrary

/// Brings a library's analysis up to date: every photo whose current version has not been analysed (new, edited,
/// reverted, or analysed by an older analyser) is decoded at `PhotoAnalyzer.pictureSide`, analysed, and recorded
/// on its own, so an interrupted run loses at most the photos in flight and the next run goes on where it stopped.
/// A photo whose pixels cannot be read is recorded as failed and not tried again until it changes.
///
/// Threading: `run` blocks; it analyses `workers` photos at once. Cancelling `progress` stops it after the photos
/// in flight.
public struct LibraryAnalysis: Sendable {
    public let library: Library
    public let workers: Int

    /// An analysis of `library` running `workers` photos at once (one per core by default).
    public init(library: Library, workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.library = library
        self.workers = max(1, workers)
    }

    /// What a run did.
    public struct Report: Sendable, Equatable {
        /// Photos analysed and recorded.
        public var analysed = 0
        /// Photos whose pixels could not be read (recorded as failed).
        public var failed = 0
        /// Photos that changed (edited, reverted, trashed, deleted) while being analysed: left for the next run.
        public var changedMeanwhile = 0
        /// Whether the run stopped because it was cancelled.
        public var cancelled = false

        /// A value with the given fields.
        public init(analysed: Int = 0, failed: Int = 0, changedMeanwhile: Int = 0, cancelled: Bool = false) {
            (self.analysed, self.failed, self.changedMeanwhile, self.cancelled) = (analysed, failed, changedMeanwhile, cancelled)
        }
    }

    /// Analyses what needs it. `progress` (if given) gets the number of photos to do as its total and counts them.
    public func run(progress: Progress? = nil) throws(LibraryError) -> Report {
        let total = try library.analysisSummary(analyserVersion: PhotoAnalyzer.version)
        progress?.totalUnitCount = Int64(total.photos - total.analysed)
        let state = RunState()
        var before: Int64?
        while !state.stopped(progress) {
            let page = try library.analysisCandidates(analyserVersion: PhotoAnalyzer.version, limit: 256, before: before)
            guard let last = page.last else { break }
            before = last.assetRowID
            // Each worker takes the next photo of the page, analyses it and records it (SQLite serialises the writes).
            let library = library
            DispatchQueue.concurrentPerform(iterations: min(workers, page.count)) { _ in
                while !state.stopped(progress), let index = state.nextIndex(below: page.count) {
                    let candidate = page[index]
                    let (key, result) = Self.analyse(candidate, in: library)
                    do {
                        let recorded = try library.recordAnalysis(result, for: candidate, contentKey: key, analyserVersion: PhotoAnalyzer.version)
                        state.count(recorded ? (result.isFailure ? \.failed : \.analysed) : \.changedMeanwhile, progress: progress)
                    } catch {
                        state.fail(error as? LibraryError ?? LibraryError.wrap(error, "Recording an analysis failed"))
                    }
                }
            }
            state.resetIndex()
        }
        return try state.finish(cancelled: progress?.isCancelled == true)
    }

    /// One candidate's content key and analysis, or why it has none (the key is empty when nothing was decoded).
    static func analyse(_ candidate: AnalysisCandidate, in library: Library) -> (String, Result<AssetAnalysis, AnalysisFailure>) {
        do {
            guard let picture = try AnalysisPictures.picture(assetRowID: candidate.assetRowID, in: library, longestSide: PhotoAnalyzer.pictureSide) else {
                return ("", .failure(AnalysisFailure("The asset has no still picture")))
            }
            do { return (picture.contentKey, .success(try PhotoAnalyzer.analyse(picture))) } catch {
                return (picture.contentKey, .failure(AnalysisFailure("Analysis failed: \(error)")))
            }
        } catch {
            return ("", .failure(AnalysisFailure("\(error)")))
        }
    }
}

extension Result {
    fileprivate var isFailure: Bool { if case .failure = self { true } else { false } }
}

/// A run's shared state: the next photo of the page, the counts, the first library error (which stops the run).
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var index = 0
    private var report = LibraryAnalysis.Report()
    private var error: LibraryError?

    func nextIndex(below limit: Int) -> Int? {
        lock.withLock {
            guard index < limit else { return nil }
            defer { index += 1 }
            return index
        }
    }

    func resetIndex() { lock.withLock { index = 0 } }

    func count(_ field: WritableKeyPath<LibraryAnalysis.Report, Int>, progress: Progress?) {
        lock.withLock {
            report[keyPath: field] += 1
            progress?.completedUnitCount += 1
        }
    }

    func fail(_ failure: LibraryError) { lock.withLock { if error == nil { error = failure } } }

    /// Whether to stop: cancelled, or a library error happened.
    func stopped(_ progress: Progress?) -> Bool { progress?.isCancelled == true || lock.withLock { error != nil } }

    func finish(cancelled: Bool) throws(LibraryError) -> LibraryAnalysis.Report {
        let (report, error) = lock.withLock { (self.report, self.error) }
        if let error { throw error }
        var result = report
        result.cancelled = cancelled
        return result
    }
}
