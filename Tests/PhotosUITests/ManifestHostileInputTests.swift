import Foundation
import Testing
@testable import PhotosUI
import PhotoLibrary
import Photos

/// An extension's manifest comes from the extension (its Info.plist, or what `manifest` prints): bytes the host
/// must survive. The fuzz target `extension-manifest` found a binary property list with a set object crashing
/// Foundation's bridging; it is now an invalid manifest like any other.
@Suite struct ManifestHostileInputTests {
    @Test func aBinaryPlistWithASetIsAnInvalidManifest() throws {
        // `{"k": Set(["k"])}`: the smallest form of the fuzzer's reproducers.
        let bytes = Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xD1, 0x01, 0x02, 0x51, 0x6B, 0xC1, 0x01,
                          0x08, 0x0B, 0x0D, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 3,
                          0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0F])
        #expect {
            try PHEditingExtensionManifest(propertyListData: bytes)
        } throws: { error in
            "\(error)".contains("not a property list dictionary")
        }
    }
}

/// The `edit` request file (host → extension) and the result file (extension → host) are property lists too.
/// FoundationEssentials' `PropertyListDecoder` traps on some damaged ones (non-UTF-8 bytes inside an `<integer>`,
/// a binary list's damaged string): found by the fuzz target, once by CI's short pass. Both sides now decode them
/// through `PropertyListBytes.decode`, which lets only Foundation's parser see outside bytes.
@Suite struct WireFileHostileInputTests {
    static let reproducers = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions/extension-manifest")

    @Test(arguments: ["xml-request-integer-trap.plist", "xml-request-integer-whitespace-trap.plist",
                      "bplist-request-string-trap.bplist"])
    func aDamagedWireFileIsAnErrorNotACrash(_ name: String) throws {
        let bytes = try Data(contentsOf: Self.reproducers.appendingPathComponent(name))
        // Reaching the expectations at all is the point: the process used to stop inside the decoder.
        let request = Result { try PropertyListBytes.decode(EditingExtensionRequest.self, from: bytes) }
        let result = Result { try PropertyListBytes.decode(EditingExtensionResult.self, from: bytes) }
        if case .success = result { Issue.record("a request file read as a result") }
        if case .success(let decoded) = request {
            #expect(!decoded.outputDirectory.isEmpty)   // what survived the damage is still a whole request
        }
    }

    @Test(arguments: ["request.xml", "request.bplist"])
    func anIntactRequestStillDecodes(_ name: String) throws {
        let seeds = Self.reproducers.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Seeds/extension-manifest")
        let bytes = try Data(contentsOf: seeds.appendingPathComponent(name))
        let plain = try PropertyListDecoder().decode(EditingExtensionRequest.self, from: bytes)
        let checked = try PropertyListBytes.decode(EditingExtensionRequest.self, from: bytes)
        #expect(checked.input.assetIdentifier == plain.input.assetIdentifier)
        #expect(checked.input.mediaSubtypes == plain.input.mediaSubtypes)
        #expect(checked.input.creationDate == plain.input.creationDate)
        #expect(checked.input.adjustmentData == plain.input.adjustmentData)
        #expect(checked.parameters == plain.parameters)
        #expect(checked.outputDirectory == plain.outputDirectory)
    }
}
