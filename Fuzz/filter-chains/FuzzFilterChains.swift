import CoreGraphics
import CoreImage
import FilterChains
import Foundation
import FuzzSupport

/// The fuzz body for the built-in editor's filter chains. Bytes starting with `{` are stored adjustment
/// data (JSON, as read back from a library); anything else is command-line steps, one per line:
/// `CIName key=value key=value` (what `photos edit --filter` and `photos image filter` take). A chain that
/// reads and validates is applied to a small image and rendered, so stored values reach Core Image's filters.
/// A thrown error is a correct answer; anything that stops the process is a bug.
func fuzzFilterChains(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = fuzzData(bytes, count)
    let chain: FilterChain
    if data.first == UInt8(ascii: "{") {
        guard let stored = try? FilterChain(json: data) else { return 0 }
        chain = stored
    } else {
        guard let parsed = try? parseSteps(String(decoding: data, as: UTF8.self)) else { return 0 }
        chain = parsed
    }
    _ = chain.summary
    guard (try? chain.validate()) != nil, let json = try? chain.json() else { return 0 }
    // What was written must read back.
    guard (try? FilterChain(json: json)) != nil else { fatalError("a valid chain's JSON does not read back: \(chain.summary)") }
    render(chain)
    return 0
}

/// Steps as the command line splits them: a filter name, then `key=value` words.
func parseSteps(_ text: String) throws -> FilterChain {
    var filters: [FilterChain.Filter] = []
    for line in text.split(separator: "\n").prefix(8) {
        let words = line.split(separator: " ")
        guard let name = words.first else { continue }
        let parameters = words.dropFirst().map { word -> (key: String, value: String) in
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        filters.append(try FilterChain.Filter(name: String(name), text: parameters))
    }
    return FilterChain(filters: filters)
}

/// The chain applied to an 8×8 grey image, rendered at most 16×16 pixels around the origin, with a deadline of one
/// second as `photos edit` renders with its `--deadline`: parameters that ask for unbounded work (a blur radius of
/// 1e308) make the render fail there instead of timing the fuzzer out.
func render(_ chain: FilterChain) {
    let source = CIImage(color: CIColor(red: 0.5, green: 0.4, blue: 0.3)).cropped(to: CGRect(x: 0, y: 0, width: 8, height: 8))
    guard let output = try? chain.apply(to: source) else { return }
    let extent = output.extent.intersection(CGRect(x: -4, y: -4, width: 16, height: 16))
    guard !extent.isNull, !extent.isEmpty, extent.width.isFinite, extent.height.isFinite else { return }
    _ = context.createCGImage(output, from: extent)
}

nonisolated(unsafe) let context = CIContext(options: [.renderTimeLimit: 1.0, .cacheIntermediates: false])

@main enum FilterChainsFuzzer {
    static func main() { runFuzzer(fuzzFilterChains) }
}
