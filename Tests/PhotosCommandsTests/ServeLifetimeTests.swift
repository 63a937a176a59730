import Foundation
import Testing
import _TestSupport

/// `photos serve --exit-with-parent` (what the test and benchmark harnesses start): a server whose parent is gone
/// — here a shell that starts it in the background and exits at once, as a crashed test process would leave it —
/// stops by itself instead of living on as an orphan.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct ServeLifetimeTests {
    /// Whether `pid` is a live process (a zombie, waiting for its new parent to reap it, is not).
    static func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    @Test func aServerWhoseParentIsGoneStops() throws {
        let dir = TemporaryDirectory()
        let photos = try #require(PhotosBinary.url).path
        let socket = dir.appending("s.sock").path
        let pidFile = dir.appending("serve.pid").path
        // The shell starts the server in the background, waits until it listens (so the server has seen its
        // parent), writes its pid to a file (a pipe would be held open by the server) and exits.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #""$0" serve --exit-with-parent --library "$1" --no-tcp --socket "$2" </dev/null >/dev/null 2>&1 &"#
                            + #" echo $! > "$3"; n=0; while [ ! -S "$2" ] && [ $n -lt 600 ]; do sleep 0.05; n=$((n+1)); done"#,
                           photos, dir.appending("Library").path, socket, pidFile]
        try shell.run()
        shell.waitUntilExit()
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { if Self.isRunning(pid) { kill(pid, SIGKILL) } }
        #expect(FileManager.default.fileExists(atPath: socket), "photos serve started")
        // Orphaned now, it goes within a few seconds.
        let deadline = Date().addingTimeInterval(10)
        while Self.isRunning(pid), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!Self.isRunning(pid), "photos serve (pid \(pid)) outlived its parent")
    }
}
