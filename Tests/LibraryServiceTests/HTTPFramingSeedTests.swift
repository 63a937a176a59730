import Foundation
import Testing
@testable import LibraryService

/// The seeds of the HTTP framing fuzz target (`Fuzz/service-http`) sent to the real server the target drives:
/// each `ok-*` seed gets a 2xx answer to every request it holds (so the fuzzer starts signed in, from requests
/// that reach the routes), each `bad-*` seed an HTTP error or a closed connection, and the server is still there.
@Suite(.serialized) struct HTTPFramingSeedTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Seeds/service-http").standardized

    /// The status codes of every response in `answer`, in order.
    static func statuses(_ answer: Data) -> [Int] {
        let text = String(decoding: answer, as: UTF8.self)
        let pattern = try! NSRegularExpression(pattern: "HTTP/1\\.[01] ([0-9]{3}) ")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Int(text[$0]) }
        }.filter { $0 != 100 }
    }

    /// Sends on a Dispatch thread: the exchange blocks, and the server's handlers need the cooperative pool.
    /// `answers`: how many responses to wait for before half-closing (see `ServiceHTTPFuzzing.run`).
    static func send(_ request: Data, answers: Int = 1) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: ServiceHTTPFuzzing.run(request, expectedAnswers: answers)) }
        }
    }

    @Test func seedsGetTheirAnswers() async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).sorted()
        #expect(names.count >= 20)
        for name in names {
            let request = try Data(contentsOf: Self.seeds.appendingPathComponent(name))
            let expected = String(decoding: request, as: UTF8.self).components(separatedBy: " HTTP/1.").count - 1
            let answer = await Self.send(request, answers: name.hasPrefix("ok-") ? expected : 0)
            let statuses = Self.statuses(answer)
            if name.hasPrefix("ok-") {
                #expect(statuses.count == expected && statuses.allSatisfy { (200..<300).contains($0) }, "\(name): \(statuses) \(String(decoding: answer.prefix(600), as: UTF8.self))")
            } else {
                #expect(statuses.allSatisfy { $0 >= 400 }, "\(name): \(statuses)")
            }
        }
        #expect(Self.statuses(await Self.send(Data("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))) == [200])
    }
}
