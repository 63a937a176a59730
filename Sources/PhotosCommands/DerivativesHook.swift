import Foundation
import PhotoLibrary
import ImageManagement

/// How `photos import` keeps derivatives (thumbnails, screen images) in step: it starts a change-log watch
/// before importing, so derivatives are made in the background while later batches are still being imported
/// (newest first; the import never waits for them), then lets the process finish them, with a progress line.
/// `PHOTOS_DERIVATIVES=on-demand` skips both: requests then make them when first needed.
enum ImportDerivatives {
    static var enabled: Bool { ProcessInfo.processInfo.environment["PHOTOS_DERIVATIVES"] != "on-demand" }

    /// Starts making derivatives for whatever gets committed from now on.
    static func begin(_ library: Library) {
        guard enabled else { return }
        ImagingContext.context(for: library).watch(library)
    }

    /// Queues the imported assets (in case the watch has not seen the last commit yet) and waits for them.
    static func finish(_ library: Library, created identifiers: [String]) throws {
        guard enabled, !identifiers.isEmpty else { return }
        let generator = ImagingContext.context(for: library).generator
        generator.enqueue(try library.assetRowIDs(identifiers: identifiers).sorted(by: >), in: library)
        let progress = Progress(totalUnitCount: Int64(identifiers.count))
        let reporter = ProgressReporter(progress: progress, label: "Making thumbnails")
        reporter.start()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { generator.waitUntilIdle(); done.signal() }
        while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            progress.completedUnitCount = max(0, Int64(identifiers.count) - Int64(generator.pendingCount))
        }
        progress.completedUnitCount = Int64(identifiers.count)
        reporter.stop()
    }
}
