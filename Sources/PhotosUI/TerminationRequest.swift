import Foundation

/// SIGTERM in an extension process, turned into a callback on an ordinary thread.
///
/// Not a Dispatch signal source: on Linux those miss signals once `dispatchMain()` parks the main thread in
/// `sigsuspend`. The handler only writes a byte to a pipe (async-signal-safe); a dedicated thread reads it.
enum TerminationRequest {
    /// The pipe the handler writes to (set once, before the handler is installed).
    nonisolated(unsafe) private static var pipeWriteEnd: Int32 = -1

    /// Calls `body` on a background thread when SIGTERM arrives. Install once.
    static func install(_ body: @escaping @Sendable () -> Void) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        pipeWriteEnd = fds[1]
        let readEnd = fds[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
            body()
        }
        thread.start()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(TerminationRequest.pipeWriteEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGTERM, &action, nil)
    }
}
