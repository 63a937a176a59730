import Foundation
import Testing
import PhotosUI

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
