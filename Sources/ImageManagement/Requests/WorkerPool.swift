import Foundation

/// Runs jobs on at most `maximumConcurrency` threads borrowed from a global dispatch queue, in submission order
/// within a priority, higher priorities first. Not a thread per job and not a `Task` per job: a fixed number
/// of drains that each run jobs until the queue is empty.
///
/// Threading: thread-safe. Jobs run on background threads and must not block waiting for other jobs.
public final class WorkerPool: @unchecked Sendable {
    public typealias Job = @Sendable () -> Void

    /// The most jobs running at once.
    public let maximumConcurrency: Int
    private let qos: DispatchQoS.QoSClass
    private let condition = NSCondition()
    private var heap = JobHeap()
    private var running = 0
    private var sequence: Int64 = 0

    /// A pool of at most `maximumConcurrency` (≥ 1) concurrent jobs at quality of service `qos`.
    public init(maximumConcurrency: Int, qos: DispatchQoS.QoSClass = .userInitiated) {
        self.maximumConcurrency = max(1, maximumConcurrency)
        self.qos = qos
    }

    /// Queues a job; higher `priority` runs first.
    public func submit(priority: Int64 = 0, _ job: @escaping Job) {
        condition.lock()
        sequence += 1
        heap.push(JobHeap.Item(priority: priority, sequence: sequence, job: job))
        let spawn = running < maximumConcurrency
        if spawn { running += 1 }
        condition.unlock()
        if spawn { DispatchQueue.global(qos: qos).async { self.drain() } }
    }

    /// Jobs queued and not started.
    public var pendingCount: Int { condition.lock(); defer { condition.unlock() }; return heap.count }

    /// Blocks until no job is queued or running.
    public func waitUntilIdle() {
        condition.lock()
        while running > 0 || heap.count > 0 { condition.wait() }
        condition.unlock()
    }

    private func drain() {
        while true {
            condition.lock()
            guard let item = heap.pop() else {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.unlock()
            item.job()
        }
    }
}

/// A binary max-heap of jobs by (priority, earliest submission).
struct JobHeap {
    struct Item {
        let priority: Int64
        let sequence: Int64
        let job: WorkerPool.Job
        func runsBefore(_ other: Item) -> Bool {
            priority != other.priority ? priority > other.priority : sequence < other.sequence
        }
    }

    private var items: [Item] = []
    var count: Int { items.count }

    mutating func push(_ item: Item) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].runsBefore(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Item? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < items.count, items[left].runsBefore(items[first]) { first = left }
            if right < items.count, items[right].runsBefore(items[first]) { first = right }
            if first == parent { break }
            items.swapAt(parent, first)
            parent = first
        }
        return top
    }
}
