import Foundation
import FuzzSupport
import PhotoLibrary
import Photos
import PhotosUI

/// The shape of `EditingExtensionRequest` (PhotosUI's wire request, internal there): decoding these fields
/// runs the same property-list decoders an extension runs on the host's request file.
struct WireRequest: Decodable {
    var input: PHContentEditingInputDescription
    var parameters: [String: String]
    var outputDirectory: String
}

/// The fuzz body for what crosses between a host and an editing extension: an extension's Info.plist
/// manifest (with host-set parameter text checked against its declarations), the adjustment data file of
/// `can-handle`, and the `edit` request property list. The bytes are read as each of them.
/// A thrown error is a correct answer; anything that stops the process is a bug.
func fuzzExtensionManifest(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = fuzzData(bytes, count)
    // Manifest, then `name=value` lines after a NUL byte as host-set parameters.
    let parts = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    if let manifest = try? PHEditingExtensionManifest(propertyListData: parts[0]) {
        if parts.count > 1 {
            for line in String(decoding: parts[1], as: UTF8.self).split(separator: "\n").prefix(8) {
                let pair = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                _ = try? manifest.parameterValue(named: String(pair[0]), from: pair.count > 1 ? String(pair[1]) : "")
            }
        }
        _ = try? manifest.propertyListData()
    }
    if let payload = AdjustmentPayload(encoded: data) {
        _ = PHAdjustmentData(payload)
        _ = try? payload.encoded()
    }
    _ = try? PropertyListBytes.decode(WireRequest.self, from: data)
    return 0
}

@main enum ExtensionManifestFuzzer {
    static func main() { runFuzzer(fuzzExtensionManifest) }
}
