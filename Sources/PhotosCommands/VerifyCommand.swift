import ArgumentParser
import Foundation
import ImageManagement
import PhotoLibrary

/// `photos verify [--repair]`: checks the whole library as `fsck` checks a file system (`Library.verify`):
/// SQLite's integrity check, every stored file against its recorded length and SHA-256, files no record names,
/// and derivatives whose source is gone. Exit status 0 when clean, 1 when anything is wrong.
///
/// `--repair` changes only what can be changed without losing anything: unreferenced files are moved to
/// `recovered/` in the library (never deleted), derivatives of vanished sources are deleted (they are a cache).
/// Missing or altered originals are reported with their assets: the library has no second copy of them.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every stored file against the library's records (SHA-256), and the database.",
        discussion: "Exit status 0 when the library is consistent, 1 when something is wrong. --repair moves files no record names to recovered/ and deletes stale derivatives; it never deletes a photo.")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Move unreferenced files to recovered/ and delete derivatives whose source is gone.") var repair = false

    func run() throws {
        let library = try libraryOptions.open()
        let progress = Progress(totalUnitCount: 0)
        let reporter = ProgressReporter(progress: progress, label: "Verifying", unit: "bytes")
        reporter.start()
        let report: VerificationReport
        do { report = try library.verify(repair: repair, progress: progress) } catch { reporter.stop(); throw error }
        reporter.stop()
        let store = DerivativeStore(libraryURL: library.url)
        let stored = store.storedContentKeys()
        let staleDerivatives = stored.subtracting(try library.resourceHashesPresent(Array(stored))).sorted()
        if repair { staleDerivatives.forEach(store.remove(contentKey:)) }
        let clean = report.isClean && (staleDerivatives.isEmpty || repair)

        if output.json {
            Output.printJSON([
                "clean": clean, "filesChecked": report.filesChecked, "bytesChecked": report.bytesChecked, "recordsChecked": report.recordsChecked,
                "findings": report.findings.map { ["kind": $0.kind.rawValue, "path": $0.path, "detail": $0.detail, "assets": $0.assetIdentifiers] },
                "recovered": report.recovered.map { ["from": $0.from, "to": $0.to] },
                "staleDerivatives": staleDerivatives.count, "staleDerivativesRemoved": repair ? staleDerivatives.count : 0,
            ] as [String: Any])
        } else {
            let megabytes = String(format: "%.1f", Double(report.bytesChecked) / 1_000_000)
            print("Checked \(report.filesChecked) file\(report.filesChecked == 1 ? "" : "s") (\(megabytes) MB) for \(report.recordsChecked) record\(report.recordsChecked == 1 ? "" : "s").")
            for finding in report.findings { print(finding.line) }
            for moved in report.recovered { print("moved \(moved.from) to \(moved.to)") }
            if !staleDerivatives.isEmpty {
                print("\(staleDerivatives.count) derivative set\(staleDerivatives.count == 1 ? "" : "s") of vanished sources\(repair ? " deleted" : " (--repair deletes them)")")
            }
            print(clean ? "The library is consistent." : "The library has problems (see above).")
        }
        if !clean { throw ExitCode.failure }
    }
}

extension VerificationReport.Finding {
    /// How `photos verify` (and `photos bench soak`) print a finding: kind, path (or "database"), what is wrong and
    /// the assets concerned.
    var line: String {
        let assets = assetIdentifiers.isEmpty ? "" : " (asset\(assetIdentifiers.count == 1 ? "" : "s") \(assetIdentifiers.joined(separator: ", ")))"
        return "\(kind.rawValue): \(path.isEmpty ? "database" : path): \(detail)\(assets)"
    }
}
