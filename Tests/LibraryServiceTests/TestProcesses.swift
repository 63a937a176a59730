import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `photos serve` child process on a free port, started and waited for until it says where it listens.
final class ServeProcess {
    let process = Process()
    let url: URL
    private let pipe = Pipe()
    /// What the server printed so far (its standard output).
    private(set) var printed = ""

    /// Starts `photos serve` on `library` with `extraArguments`, and waits until every line that `waitingFor`
    /// names has been printed (the TCP URL always).
    init(photos: URL, library: String, extraArguments: [String] = [], waitingFor markers: [String] = []) throws {
        process.executableURL = photos
        process.arguments = ["serve", "--exit-with-parent", "--no-analysis", "--library", library, "--listen", "127.0.0.1:0", "--log-level", "error"] + extraArguments
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        while !(([" at http://"] + markers).allSatisfy(printed.contains)) {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { throw HarnessError("photos serve ended: \(printed)") }
            printed += String(decoding: data, as: UTF8.self)
        }
        let start = printed.range(of: "http://")!.lowerBound
        url = URL(string: String(printed[start...].prefix { !$0.isWhitespace }))!
    }

    /// Sends SIGTERM and waits; returns the exit status and everything the server printed.
    @discardableResult
    func stop() -> (status: Int32, output: String) {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        printed += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, printed)
    }
}

/// Runs a program to its end: its exit status and its standard output and error together.
func runProcess(_ executable: URL, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe(), stdin = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Raw HTTP/1.1 over a socket, for requests URLSession cannot make (a body cut off mid-way).
enum RawHTTP {
    /// Connects, sends the head and `body`, and returns the open socket.
    static func open(port: Int, head: [String], body: Data) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { Glibc.close(fd); throw HarnessError("Cannot connect to port \(port)") }
        var bytes = Data((head.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        bytes.append(body)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { break }
            sent += n
        }
        return fd
    }

    /// Sends the head and part of a body, then closes the connection.
    static func sendAndHangUp(port: Int, head: [String], body: Data) throws {
        let fd = try open(port: port, head: head, body: body)
        usleep(50_000)
        Glibc.close(fd)
    }
}
