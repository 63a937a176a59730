import Foundation
import FuzzSupport
import LibraryService

/// The fuzz body for HTTP framing: the input is written as it is to a real server on a loopback port (request
/// lines, headers, chunked bodies, pipelining, bytes cut anywhere), with `@TOKEN@`, `@ASSET@` and `@ALBUM@`
/// replaced by an owner's API token and identifiers of the scratch library (`ServiceHTTPFuzzing`). A refusal is a
/// correct answer; anything that stops the process is a bug.
func fuzzServiceHTTP(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    ServiceHTTPFuzzing.run(fuzzData(bytes, count))
    return 0
}

@main enum ServiceHTTPFuzzer {
    static func main() { runFuzzer(fuzzServiceHTTP) }
}
