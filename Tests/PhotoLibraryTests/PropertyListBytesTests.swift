import Foundation
import Testing
@testable import PhotoLibrary

/// Property lists from outside (adjustment data files, extension manifests) are read through `PropertyListBytes`:
/// swift-corelibs-foundation dereferences null when it bridges a binary property list's set object to Swift, so
/// the fuzz target `extension-manifest` crashed the process with a 49-byte adjustment data file. Such files are
/// now refused like any other non-adjustment data.
@Suite struct PropertyListBytesTests {
    /// `{"k": Set(["k"])}` as a binary property list (the minimal form of the fuzzer's reproducers, which are in
    /// `Fuzz/Regressions/extension-manifest`).
    static let dictionaryWithSet = Data([
        0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30,   // bplist00
        0xD1, 0x01, 0x02,                                 // object 0: dictionary, key 1, value 2
        0x51, 0x6B,                                       // object 1: "k"
        0xC1, 0x01,                                       // object 2: set holding object 1
        0x08, 0x0B, 0x0D,                                 // offset table
        0, 0, 0, 0, 0, 0, 1, 1,                           // trailer: offset and reference sizes
        0, 0, 0, 0, 0, 0, 0, 3,                           // 3 objects
        0, 0, 0, 0, 0, 0, 0, 0,                           // top object 0
        0, 0, 0, 0, 0, 0, 0, 0x0F,                        // offset table at 15
    ])

    @Test func aBinaryPlistWithASetIsRefusedWithoutCrashing() {
        #expect(PropertyListBytes.hasSetObject(Self.dictionaryWithSet))
        #expect(PropertyListBytes.dictionary(Self.dictionaryWithSet) == nil)
        #expect(AdjustmentPayload(encoded: Self.dictionaryWithSet) == nil)
    }

    @Test func adjustmentDataStillReadsInEveryFormat() throws {
        let payload = AdjustmentPayload(formatIdentifier: "com.example.filter", formatVersion: "1.0", data: Data([1, 2, 3]))
        let binary = try payload.encoded()
        #expect(!PropertyListBytes.hasSetObject(binary))
        #expect(AdjustmentPayload(encoded: binary) == payload)
        let xml = try PropertyListSerialization.data(fromPropertyList: [
            "formatIdentifier": "com.example.filter", "formatVersion": "1.0", "data": Data([1, 2, 3]),
        ] as [String: Any], format: .xml, options: 0)
        #expect(AdjustmentPayload(encoded: xml) == payload)
    }

    @Test func aDamagedObjectTableIsRefused() {
        var damaged = Self.dictionaryWithSet
        damaged[damaged.count - 1] = 0x30   // the offset table points past the objects
        #expect(PropertyListBytes.hasSetObject(damaged))
        #expect(!PropertyListBytes.hasSetObject(Data("bplist00".utf8)))   // too short to have a trailer: Foundation refuses it
        #expect(AdjustmentPayload(encoded: Data("bplist00".utf8)) == nil)
    }
}
