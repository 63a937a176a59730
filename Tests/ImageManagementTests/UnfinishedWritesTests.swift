import Foundation
import Testing
import _TestSupport
@testable import ImageManagement

/// A process that ends normally while one of its atomic writes is between creating its temporary file and
/// renaming it (a background derivative when `photos thumbnail` exits) leaves no temporary file behind.
struct UnfinishedWritesTests {
    @Test func exitRemovesTheTemporaryFilesOfUnfinishedWrites() throws {
        let folder = TemporaryDirectory()
        let destination = folder.url.appendingPathComponent("picture.jpg")
        let writer = try AtomicFileWriter(destination: destination)
        try writer.append(Data("half a picture".utf8))
        let temporary = try #require(TemporaryDirectory.files(under: folder.url).first)
        #expect(temporary.hasSuffix(".partial"))

        UnfinishedWrites.removeAll(under: folder.url.path)   // what the exit hook does, for this folder only
        #expect(TemporaryDirectory.files(under: folder.url).isEmpty, "the temporary file is gone")
        #expect(throws: ImageManagementError.self) { try writer.commit() }
        #expect(!FileManager.default.fileExists(atPath: destination.path), "nothing half-written took the final name")
    }

    @Test func finishedAndAbandonedWritesAreForgotten() throws {
        let folder = TemporaryDirectory()
        let committed = try AtomicFileWriter(destination: folder.url.appendingPathComponent("a.jpg"))
        try committed.append(Data("a".utf8))
        let abandoned = try AtomicFileWriter(destination: folder.url.appendingPathComponent("b.jpg"))
        let temporaries = TemporaryDirectory.files(under: folder.url).map { folder.url.appendingPathComponent($0).path }
        #expect(temporaries.count == 2 && temporaries.allSatisfy(UnfinishedWrites.contains))
        try committed.commit()
        abandoned.abandon()
        #expect(!temporaries.contains(where: UnfinishedWrites.contains))
        #expect(TemporaryDirectory.files(under: folder.url) == ["a.jpg"])
    }
}
