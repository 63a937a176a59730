import Foundation
@testable import LibraryService
import PhotoLibrary
import Testing

/// The request parsing the fuzz target `service-requests` drives (`ServiceRequestFuzzing`): its seeds read back,
/// and the inputs that stopped the process (found reading the routes for it), now refused.
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

    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Regressions/service-requests").standardized

    /// An `editCollection` with `insertAt` or a `moveFrom` index at `Int.max` trapped while the batch was planned
    /// (`at + count` overflowed; `IndexSet` traps on a range ending past `Int.max`): one request from any member
    /// stopped the server. Such indexes are a 400 now; the largest allowed still plans (the core then refuses
    /// indexes past the album's end).
    @Test(arguments: ["insert-at-int-max", "move-from-int-max"]) func memberIndexesPastTheBoundAreRefused(_ name: String) throws {
        let data = try Data(contentsOf: Self.regressions.appendingPathComponent(name))
        #expect(!ServiceRequestFuzzing.run(data))
        let body = try JSONBody.decode(ChangeRequestBody.self, from: Data(data.dropFirst()))
        #expect(throws: Problem.self) { try body.plan() }
        let largest = String(decoding: data.dropFirst(), as: UTF8.self).replacingOccurrences(of: "9223372036854775807", with: "2147483647")
        #expect(ServiceRequestFuzzing.run(Data(("H" + largest).utf8)))
    }

    /// Packed row ids at both ends of `Int64` (`POST /api/photokit/assets`, found by the fuzzer within seconds of
    /// the surface existing) overflowed `high - low` while choosing how to read the rows: one request stopped the
    /// server. They read as absent rows now, in the core (`RowSpan`), for every caller.
    @Test func rowIDsAtBothEndsOfTheRangeReadAsAbsent() throws {
        let data = try Data(contentsOf: Self.regressions.appendingPathComponent("photokit-rows-span-overflow"))
        #expect(ServiceRequestFuzzing.run(data))
        let extremes = RowIDBytes.encode([Int64.min, 1, Int64.max])
        #expect(ServiceRequestFuzzing.run(Data("I".utf8) + Data([5]) + extremes))
    }

    /// Packed asset records as the client decodes them (surface 6) with a size field of `Int64.min`: the bound
    /// check called `abs`, which traps there, so a lying service stopped its client. An error now.
    @Test func packedRecordsWithIntMinAreRefused() throws {
        let data = try Data(contentsOf: Self.regressions.appendingPathComponent("packed-records-int-min"))
        #expect(!ServiceRequestFuzzing.run(data))
    }

    /// Digests were checked with `Character.isHexDigit`, which also takes full-width digits and letters: such a
    /// "digest" was accepted when an upload was announced and failed only after the whole file had been sent.
    @Test func digestsAreASCIIHex() {
        let fullWidth = String(repeating: "\u{FF10}\u{FF41}", count: 32)
        #expect(!ServiceRequestFuzzing.run(Data("M0{\"sha256\":[\"\(fullWidth)\"]}".utf8)))
        #expect(!ServiceRequestFuzzing.run(Data("M2{\"filename\":\"a.jpg\",\"length\":3,\"sha256\":\"\(fullWidth)\"}".utf8)))
        #expect(UploadStore.isSHA256Hex(String(repeating: "aF09", count: 16)))
        #expect(!UploadStore.isSHA256Hex(String(repeating: "aF0g", count: 16)) && !UploadStore.isSHA256Hex("abc"))
    }

    /// Upload names become file names when the upload is imported: at most 255 bytes (not characters), whole
    /// characters, the extension kept — a long non-ASCII name can be created on disk.
    @Test func uploadNamesFitTheFileNameLimitInBytes() throws {
        let long = String(repeating: "é", count: 200) + ".jpeg"          // 405 bytes, 205 characters
        let fitted = UploadStore.safeFilename("folder/" + long)
        #expect(fitted.utf8.count <= 255 && fitted.hasSuffix(".jpeg") && fitted.hasPrefix("éé"))
        #expect(fitted.utf8.count == 255, "as long as whole characters allow: \(fitted.utf8.count)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(fitted).path, contents: Data([1])))
        #expect(UploadStore.safeFilename("photo.jpg") == "photo.jpg")
        #expect(UploadStore.safeFilename(String(repeating: "a", count: 300)).utf8.count == 255, "no extension: cut")
        #expect(UploadStore.safeFilename("..") == "" && UploadStore.safeFilename("a/b\\c\u{7}d.png") == "cd.png")
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
