import Foundation
import FuzzSupport
import LibraryService

/// The fuzz body for the service's requests: byte 0 picks the surface — change batches with idempotency keys,
/// fetches, filter-chain edits, edit commits and extension edits, setup/sign-in/accounts/tokens/links, uploads
/// (digest checks, announcing, `Upload-Offset` and chunks, imports), change-stream resume tokens, query strings
/// with `Range` and `Accept`, downloads — and the rest goes to the decoding and checks its routes run
/// (`ServiceRequestFuzzing`, a `package` hook: those types are internal). A refusal is a correct answer;
/// anything that stops the process is a bug.
func fuzzServiceRequests(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    ServiceRequestFuzzing.run(fuzzData(bytes, count))
    return 0
}

@main enum ServiceRequestsFuzzer {
    static func main() { runFuzzer(fuzzServiceRequests) }
}
