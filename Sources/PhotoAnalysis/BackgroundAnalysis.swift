import Foundation
import PhotoLibrary

/// Keeps a library's analysis up to date in the background, for long-running programs (`photos serve`): once at
/// start, and again after every commit — from any process — that adds photos or changes their content (edits,
/// reverts). Runs never overlap; commits arriving during a run make one more run after it. It analyses with few
/// workers at background priority, so imports, uploads and requests are never kept waiting; each photo is
/// recorded as soon as it is analysed, so stopping the process loses nothing but the photos in flight.
public final class BackgroundAnalysis: @unchecked Sendable {
    public let library: Library
    private let analysis: LibraryAnalysis
    private let queue = DispatchQueue(label: "PhotoAnalysis.background", qos: .background)
    private let lock = NSLock()
    private var running = false
    private var again = false
    private var stoppedFlag = false
    private var monitor: ChangeMonitor<Bool>?
    private var reports: [LibraryAnalysis.Report] = []
    private var lastError: LibraryError?
    private var current: Progress?
    private let idle = NSCondition()

    /// A background analysis of `library` with `workers` photos at once (one by default).
    public init(library: Library, workers: Int = 1) {
        self.library = library
        analysis = LibraryAnalysis(library: library, workers: workers)
    }

    deinit { monitor?.cancel() }

    /// Starts watching the library and runs once now. Idempotent.
    public func start() {
        lock.lock()
        guard monitor == nil, !stoppedFlag, let token = try? library.currentChangeToken() else { lock.unlock(); return }
        monitor = ChangeMonitor(library: library, after: token, queue: queue,
                                prepare: { change, _ in !change.changes.assets.inserted.isEmpty || !change.changes.assets.contentChanged.isEmpty },
                                deliver: { [weak self] needed in if needed { self?.requestRun() } })
        lock.unlock()
        requestRun()
    }

    /// Stops watching; a run in progress finishes its photos in flight and stops.
    public func stop() {
        lock.withLock { stoppedFlag = true; monitor?.cancel(); monitor = nil; current?.cancel() }
    }

    /// What the runs so far did, oldest first, and the last library error if a run failed.
    public var history: (reports: [LibraryAnalysis.Report], error: LibraryError?) { lock.withLock { (reports, lastError) } }

    /// Blocks until no run is going or due, or `timeout` passes; returns whether it became idle.
    @discardableResult
    public func waitUntilIdle(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        idle.lock(); defer { idle.unlock() }
        while lock.withLock({ running || again }) {
            if !idle.wait(until: deadline) { return false }
        }
        return true
    }

    /// Asks for a run: now if none is going, else once more after the current one.
    public func requestRun() {
        lock.lock()
        guard !stoppedFlag else { lock.unlock(); return }
        if running { again = true; lock.unlock(); return }
        running = true
        lock.unlock()
        queue.async { [self] in loop() }
    }

    private func loop() {
        while true {
            let progress = Progress(totalUnitCount: 0)
            let stopped: Bool = lock.withLock { current = progress; return stoppedFlag }
            if stopped { progress.cancel() }
            var report: LibraryAnalysis.Report?
            var failure: LibraryError?
            do { report = try analysis.run(progress: progress) } catch { failure = error }
            let more: Bool = lock.withLock {
                current = nil
                if let report { reports.append(report) }
                if let failure { lastError = failure }
                if again && !stoppedFlag { again = false; return true }
                running = false
                again = false
                return false
            }
            if !more { break }
        }
        idle.lock(); idle.broadcast(); idle.unlock()
    }
}
