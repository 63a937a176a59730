import Foundation
import Synchronization

/// Named points in the middle of the library's writes where a test can stop a process, kill it and check that
/// the library recovers. Off unless `PHOTOS_FAULT_INJECTION` is set to `POINT[:N]`: the Nth time the process
/// reaches `POINT` (default the first), it prints `PHOTOS_FAULT <point>` to stderr and sleeps for a minute — or,
/// when `PHOTOS_FAULT_RESUME` names a file, until that file exists (so a test can change the world, such as
/// renaming the library, and let the write go on).
///
/// Every point, in the order a write reaches them (Docs/Reliability.md lists which operation passes where):
public enum FaultPoint: String, Sendable, CaseIterable {
    /// `Library.apply`: new files and edits copied into `tmp/` and flushed; no journal entry yet.
    case afterStaging = "after-staging"
    /// `Library.apply`: the journal entry naming every path the change decides is written; nothing placed.
    case afterIntent = "after-intent"
    /// `Library.apply`: staged files renamed into `originals/`; the transaction has not started.
    case afterPlacingFiles = "after-placing-files"
    /// `Library.apply` and `Library.fill`: the transaction's statements have run; it has not committed.
    case beforeCommit = "before-commit"
    /// `Library.apply` and `Library.fill`: committed; superseded files not yet deleted, the journal entry not cleared.
    case afterCommit = "after-commit"
    /// `Library.apply`: the first superseded or purged file deleted, the others not.
    case midDelete = "mid-delete"
    /// A derivative (thumbnail, screen picture) written and flushed under its temporary name, not renamed.
    case derivativeBeforeRename = "derivative-before-rename"
    /// An editing extension finished and its output is in `tmp/editing`; the host has not committed it.
    case extensionOutputReady = "extension-output-ready"
    /// A project extension finished; the host has not read its view back.
    case projectExtensionFinished = "project-extension-finished"

    private static let setting: (FaultPoint, Int)? = {
        guard let value = ProcessInfo.processInfo.environment["PHOTOS_FAULT_INJECTION"] else { return nil }
        let parts = value.split(separator: ":")
        guard let point = parts.first.flatMap({ FaultPoint(rawValue: String($0)) }) else { return nil }
        return (point, parts.count > 1 ? Int(parts[1]) ?? 1 : 1)
    }()

    private static let hits = Atomic<Int>(0)

    /// Marks that the process reached this point; stalls when the setting names it and this is its Nth time.
    public func reach() {
        guard let (target, index) = Self.setting, target == self else { return }
        guard Self.hits.add(1, ordering: .relaxed).newValue == index else { return }
        FileHandle.standardError.write(Data("PHOTOS_FAULT \(rawValue)\n".utf8))
        let resume = ProcessInfo.processInfo.environment["PHOTOS_FAULT_RESUME"]
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let resume, FileManager.default.fileExists(atPath: resume) { return }
            Thread.sleep(forTimeInterval: resume == nil ? 60 : 0.02)
        }
    }
}
