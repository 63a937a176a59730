import Foundation
import OptionalLibraries
import Testing

/// The groups of libraries loaded on first use, in this process (where every one is installed).
struct OptionalLibraryTests {
    @Test func everyGroupLoadsAndSaysSo() throws {
        #expect(OptionalLibrary.all.map(\.name) == ["ffmpeg", "heif", "libraw", "tesseract", "zbar", "zint", "qrencode", "dlib", "fonts", "cairo"])
        for library in OptionalLibrary.all {
            try library.load()
            #expect(library.isLoaded, "\(library)")
            try library.load()  // once loaded, loading again is a no-op
        }
    }

    @Test func loadingFromManyThreadsAtOnceIsSafe() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<32 { group.addTask { try OptionalLibrary.all[index % OptionalLibrary.all.count].load() } }
            try await group.waitForAll()
        }
        let loaded = OptionalLibrary.all.filter(\.isLoaded)
        #expect(loaded.count == OptionalLibrary.all.count)
    }
}
