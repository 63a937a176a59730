import Foundation
import GRDB
import Testing
@testable import PhotoLibrary
import _TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A library in a temporary folder driven through the real `photos` executable, for tests that stop or fail it
/// on purpose (`PHOTOS_FAULT_INJECTION`, `PHOTOS_IO_FAULTS`) and check what is left.
final class FaultHarness: Sendable {
    let directory = TemporaryDirectory(prefix: "photos-faults")
    var libraryURL: URL { directory.appending("Faults.photoslibrary") }
    /// Extensions install here (not in the user's data folder).
    var environment: [String: String] { ["XDG_DATA_HOME": directory.appending("xdg").path] }

    /// What a command did.
    struct Outcome { let status: Int32; let stdout: String; let stderr: String }

    /// Runs `photos ARGUMENTS --library L` with `extra` in its environment.
    @discardableResult
    func run(_ arguments: [String], extra: [String: String] = [:]) throws -> Outcome {
        let result = try MeasuredProcess.run(PhotosBinary.url!, arguments + ["--library", libraryURL.path],
                                             environment: environment.merging(extra) { $1 })
        return Outcome(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Runs a command that must succeed; returns its standard output.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let outcome = try run(arguments)
        #expect(outcome.status == 0, "photos \(arguments.joined(separator: " ")): \(outcome.stderr)", sourceLocation: sourceLocation)
        return outcome.stdout
    }

    /// Runs `photos` with a fault point set, waits until it stalls there and kills it with SIGKILL. Returns false
    /// (with an issue recorded) when the process never reached the point.
    @discardableResult
    func runAndKill(_ arguments: [String], at point: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let stalled = try startStalling(arguments, at: point, capturingOutput: false, sourceLocation: sourceLocation)
        kill(stalled.process.processIdentifier, SIGKILL)
        stalled.process.waitUntilExit()
        #expect(stalled.process.terminationReason == .uncaughtSignal, "the kill ended the process", sourceLocation: sourceLocation)
        return stalled.reached
    }

    /// Runs `photos` with a fault point set, waits until it stalls there, calls `meanwhile`, lets it go on and
    /// returns what it printed and its exit status.
    func runPausing(_ arguments: [String], at point: String, meanwhile: () throws -> Void,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let resume = directory.appending("resume-\(UUID().uuidString)")
        var stalled = try startStalling(arguments, at: point, extra: ["PHOTOS_FAULT_RESUME": resume.path], capturingOutput: true,
                                        sourceLocation: sourceLocation)
        try meanwhile()
        FileManager.default.createFile(atPath: resume.path, contents: Data())
        let out = stalled.stdout?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        stalled.seen.append(stalled.stderr.fileHandleForReading.readDataToEndOfFile())
        stalled.process.waitUntilExit()
        return Outcome(status: stalled.process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                       stderr: String(decoding: stalled.seen, as: UTF8.self))
    }

    /// A `photos` process stopped at a fault point (or that never reached it), with its output pipes.
    private struct Stalled {
        let process: Process
        /// Standard output, when captured (else it goes to /dev/null).
        let stdout: Pipe?
        let stderr: Pipe
        /// Standard error up to the point.
        var seen: Data
        let reached: Bool
    }

    /// Starts `photos ARGUMENTS --library L` with `PHOTOS_FAULT_INJECTION=point` (and `extra`; never I/O faults) and
    /// reads its standard error until it says it stalled at the point, or ends, or 90 s pass.
    private func startStalling(_ arguments: [String], at point: String, extra: [String: String] = [:], capturingOutput: Bool,
                               sourceLocation: SourceLocation) throws -> Stalled {
        let process = Process()
        process.executableURL = PhotosBinary.url!
        process.arguments = arguments + ["--library", libraryURL.path]
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.merging(extra) { $1 }
        env["PHOTOS_FAULT_INJECTION"] = point
        env.removeValue(forKey: "PHOTOS_IO_FAULTS")
        process.environment = env
        let stderr = Pipe(), stdout = capturingOutput ? Pipe() : nil
        process.standardError = stderr
        process.standardOutput = stdout ?? FileHandle.nullDevice
        try process.run()
        var seen = Data()
        let deadline = Date().addingTimeInterval(90)
        let marker = "PHOTOS_FAULT \(point.split(separator: ":")[0])"
        while !String(decoding: seen, as: UTF8.self).contains(marker), Date() < deadline {
            let chunk = stderr.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        let reached = String(decoding: seen, as: UTF8.self).contains(marker)
        #expect(reached, "photos \(arguments.joined(separator: " ")) never reached \(point): \(String(decoding: seen, as: UTF8.self))",
                sourceLocation: sourceLocation)
        return Stalled(process: process, stdout: stdout, stderr: stderr, seen: seen, reached: reached)
    }

    /// Writes `count` distinct generated photos into a new folder and returns it.
    func makePhotos(_ count: Int, folder name: String = "camera", seed: Int = 0, width: Int = 96, height: Int = 64) throws -> URL {
        let folder = directory.appending(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 0..<count {
            try FixtureImages.writeJPEG(to: folder.appendingPathComponent(String(format: "IMG_%04d.JPG", seed + i)), width: width, height: height, seed: seed + i)
        }
        return folder
    }

    /// The identifiers of the library's assets, oldest row first (read in this process).
    func identifiers() throws -> [String] {
        try Library.open(at: libraryURL).read { try String.fetchAll($0, sql: "SELECT identifier FROM asset ORDER BY id") }
    }

    /// What an interrupted or failed operation may change: every asset with its trash state and current edit.
    struct State: Equatable, CustomStringConvertible {
        var assets: [String: String] = [:]
        var description: String { assets.sorted { $0.key < $1.key }.map { "\($0.key.prefix(8)) \($0.value)" }.joined(separator: ", ") }
    }

    /// The library's state, read without running recovery (the database only).
    func state() throws -> State {
        let pool = try DatabaseQueue(path: libraryURL.appendingPathComponent("database/Photos.sqlite").path)
        return try pool.read { db in
            var state = State()
            let rows = try Row.fetchAll(db, sql: """
                SELECT a.identifier, a.trashed_date IS NOT NULL AS trashed,
                       (SELECT group_concat(r.sha256) FROM resource r WHERE r.asset_id = a.id AND r.type != 1) AS edits
                FROM asset a
                """)
            for row in rows {
                let identifier: String = row["identifier"]
                state.assets[identifier] = "\((row["trashed"] as Bool) ? "trashed" : "live") \((row["edits"] as String?) ?? "-")"
            }
            return state
        }
    }

    /// The library is whole: `photos verify` (which opens it, recovering interrupted work) is clean, nothing is
    /// left in `tmp/`, `journal/` or `derivatives/tmp`, and the library can be written again.
    func expectWhole(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let verify = try run(["verify"])
        #expect(verify.status == 0, "photos verify: \(verify.stdout) \(verify.stderr)", sourceLocation: sourceLocation)
        for folder in ["tmp", "journal", "derivatives/tmp"] {
            let left = TemporaryDirectory.files(under: libraryURL.appendingPathComponent(folder))
            #expect(left.isEmpty, "left in \(folder)/: \(left)", sourceLocation: sourceLocation)
        }
    }

    /// Makes every partial derivative file look a few minutes old, as after a crash long ago.
    func ageDerivativePartials() {
        let folder = libraryURL.appendingPathComponent("derivatives/tmp")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            var times = [timespec(tv_sec: time(nil) - 600, tv_nsec: 0), timespec(tv_sec: time(nil) - 600, tv_nsec: 0)]
            _ = utimensat(AT_FDCWD, folder.appendingPathComponent(name).path, &times, 0)
        }
    }
}
