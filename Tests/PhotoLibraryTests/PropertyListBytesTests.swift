import Foundation
import CMalloc
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

    /// swift-corelibs-foundation's `PropertyListSerialization` leaks Core Foundation's error (~600 bytes) on every
    /// refusal, so each damaged manifest or adjustment file cost memory for the life of the process (the fuzz
    /// target `extension-manifest` stopped at its 3 GB limit). Refusals now cost nothing: the heap's bytes in use
    /// (glibc's count, not the resident size) stay where they were over 20,000 of them (with the leak: ~12 MB).
    @Test func refusedPropertyListsLeaveNothingBehind() throws {
        let damaged: [Data] = [
            Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><string>b".utf8),   // cut short
            Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><strin>b</strin></dict></plist>".utf8),
            Data("bplist00".utf8) + Data(repeating: 0x5A, count: 40),
            Data((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
        ]
        for data in damaged { #expect(PropertyListBytes.dictionary(data) == nil) }   // one-time set-up before measuring
        // The heap count is the whole process's: scripts/test.sh runs this suite on its own. Should other suites
        // run beside it, the smallest growth of three rounds is the measure (a leak would add ~12 MB to every one).
        var smallest = Int.max
        for _ in 0..<3 where smallest >= 1_000_000 {
            let before = Int(mallinfo2().uordblks)
            for _ in 0..<5_000 {
                for data in damaged where PropertyListBytes.dictionary(data) != nil {
                    Issue.record("\(data.count) damaged bytes read as a dictionary")
                }
            }
            smallest = min(smallest, Int(mallinfo2().uordblks) - before)
        }
        #expect(smallest < 1_000_000, "20,000 refused property lists left \(smallest) bytes allocated")
    }
}
