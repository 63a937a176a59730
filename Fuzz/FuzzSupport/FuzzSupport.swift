import CFuzzerDriver
import Foundation

/// A fuzz target's body: gets one input (bytes and count) and returns 0. It must not keep the pointer.
public typealias FuzzBody = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer over `body` with this process's arguments and exits with the driver's status.
///
/// SwiftPM gives every executable target a `main` of its own, so the targets cannot use libFuzzer's `main`;
/// they call its driver from theirs (`@main enum … { static func main() { runFuzzer(body) } }`).
public func runFuzzer(_ body: FuzzBody) -> Never {
    exit(photokit_fuzzer_run(CommandLine.argc, CommandLine.unsafeArgv, body))
}

/// The input as `Data` (copied: libFuzzer reuses its buffer).
public func fuzzData(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    guard let bytes, count > 0 else { return Data() }
    return Data(bytes: bytes, count: count)
}
