import Foundation

/// A fixed set of rendering threads shared by every render in the process (not a Task per tile).
///
/// Threading rules: `run` may be called from any thread, also concurrently; each call is a job whose tasks
/// (tiles) are handed out one at a time to the calling thread (always worker 0 of its job) and to up to
/// `threads - 1` pool threads (workers 1…). A worker runs one task at a time, so per-worker state indexed by
/// the worker number needs no locking. The pool never blocks a caller on another job: the caller works on its
/// own job until every task is taken, so nested or concurrent renders always make progress.
package final class WorkerPool: @unchecked Sendable {
    /// One thread per core (the caller counts as one).
    package static let shared = WorkerPool(threads: ProcessInfo.processInfo.activeProcessorCount)

    private final class Job {
        let body: (_ task: Int, _ worker: Int) -> Void
        let count: Int
        let maxHelpers: Int
        var next = 0
        var helpers = 0
        var running = 0
        init(count: Int, maxHelpers: Int, body: @escaping (Int, Int) -> Void) {
            (self.count, self.maxHelpers, self.body) = (count, maxHelpers, body)
        }
    }

    /// Threads available to one job, the caller included.
    package let threadCount: Int
    private let condition = NSCondition()
    private var jobs: [Job] = []

    package init(threads: Int) {
        threadCount = max(1, threads)
        for index in 1..<max(threadCount, 1) {
            let thread = Thread { [unowned self] in self.workerLoop(worker: index) }
            thread.name = "CoreImage.render.\(index)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Runs `body(task, worker)` for tasks 0..<count on at most `threads` threads and returns when all are done.
    package func run(count: Int, threads: Int, _ body: (_ task: Int, _ worker: Int) -> Void) {
        guard count > 0 else { return }
        let helpers = max(0, min(threads, threadCount) - 1)
        withoutActuallyEscaping(body) { body in
            let job = Job(count: count, maxHelpers: helpers, body: body)
            condition.lock()
            if helpers > 0 { jobs.append(job); condition.broadcast() }
            while job.next < job.count {
                let task = job.next
                job.next += 1
                job.running += 1
                condition.unlock()
                job.body(task, 0)
                condition.lock()
                job.running -= 1
            }
            jobs.removeAll { $0 === job }
            while job.running > 0 { condition.wait() }
            condition.unlock()
        }
    }

    private func workerLoop(worker: Int) {
        condition.lock()
        while true {
            guard let job = jobs.first(where: { $0.next < $0.count && $0.helpers < $0.maxHelpers && worker <= $0.maxHelpers }) else {
                condition.wait()
                continue
            }
            job.helpers += 1
            while job.next < job.count {
                let task = job.next
                job.next += 1
                job.running += 1
                condition.unlock()
                job.body(task, worker)
                condition.lock()
                job.running -= 1
            }
            job.helpers -= 1
            condition.broadcast()
        }
    }
}
