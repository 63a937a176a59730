import Foundation
@testable import LibraryService
import Testing

/// The request parsing the fuzz target `service-requests` drives (`ServiceRequestFuzzing`): its seeds read back.
@Suite struct RequestParsingTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Seeds/service-requests").standardized

    /// Every hand-written seed is a valid request of its surface (so the fuzzer starts from inputs that pass every
    /// check), and every surface has seeds.
    @Test func fuzzSeedsAreAccepted() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).sorted()
        var surfaces = Set<ServiceRequestFuzzing.Surface>()
        for name in names {
            let data = try Data(contentsOf: Self.seeds.appendingPathComponent(name))
            #expect(ServiceRequestFuzzing.run(data), "\(name) is refused")
            surfaces.insert(ServiceRequestFuzzing.Surface(rawValue: data[0] % UInt8(ServiceRequestFuzzing.Surface.allCases.count))!)
        }
        #expect(surfaces == Set(ServiceRequestFuzzing.Surface.allCases))
    }

    /// Malformed inputs of every surface are refused, not accepted.
    @Test func malformedInputsAreRefused() {
        for text in ["", "H", "H{}", "H{\"operations\":[{\"op\":\"explode\"}]}", "I{\"entity\":\"assets\",\"orderBy\":\"x\"}",
                     "J{\"filters\":[]}", "K0{\"upload\":\"x\",\"basedOn\":\"original\",\"adjustment\":{\"formatIdentifier\":\"a\",\"formatVersion\":\"1\",\"data\":\"!\"}}",
                     "LA{\"setupToken\":\"t\",\"username\":\"owner\",\"password\":\"short\"}", "LC{\"username\":\"a b\",\"password\":\"correct horse\",\"role\":\"admin\"}",
                     "LD{\"name\":\"\"}", "M0{\"sha256\":[\"abc\"]}", "M2{\"filename\":\"../\",\"length\":1}",
                     "M2{\"filename\":\"a\",\"length\":3}\n0\n\u{5}hello", "M2{\"filename\":\"a\",\"length\":3}\n7\n", "N1-1", "N2x",
                     "Owidth=0", "Ocrop=0,0,2,2&width=3", "O\nbytes=5000-\n1000", "O\n\n\ntext/html", "P{\"assets\":[\"../../etc/passwd\"]}"] {
            #expect(!ServiceRequestFuzzing.run(Data(text.utf8)), "\(text) is accepted")
        }
    }
}
