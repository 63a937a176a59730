import Foundation
import Synchronization

/// A test hook that stops a process at a chosen point of a write, so a test can kill it there and check
/// that the library recovers. Off unless `PHOTOS_FAULT_INJECTION` is set, e.g. `before-commit:2` (the second
/// write of the process stalls with its transaction open), `after-placing-files:1` or `after-commit:1` (the
/// transaction has committed; what follows it, such as clearing the intent, has not run). At the point, the process
/// prints `PHOTOS_FAULT <point>` to stderr and sleeps for a minute.
enum FaultInjection {
    enum Point: String { case afterPlacingFiles = "after-placing-files", beforeCommit = "before-commit", afterCommit = "after-commit" }

    private static let setting: (Point, Int)? = {
        guard let value = ProcessInfo.processInfo.environment["PHOTOS_FAULT_INJECTION"] else { return nil }
        let parts = value.split(separator: ":")
        guard let point = parts.first.flatMap({ Point(rawValue: String($0)) }) else { return nil }
        return (point, parts.count > 1 ? Int(parts[1]) ?? 1 : 1)
    }()

    private static let writes = Atomic<Int>(0)

    /// Counts a write; called once per `Library.apply` and per `Library.fill`.
    static func beginWrite() -> Int { writes.add(1, ordering: .relaxed).newValue }

    /// Stalls when the setting names this point and this write.
    static func check(_ point: Point, write: Int) {
        guard let (target, index) = setting, target == point, index == write else { return }
        FileHandle.standardError.write(Data("PHOTOS_FAULT \(point.rawValue)\n".utf8))
        Thread.sleep(forTimeInterval: 60)
    }
}
