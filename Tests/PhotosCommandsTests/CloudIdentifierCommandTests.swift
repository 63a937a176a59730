import Foundation
import Testing
import Photos
import _TestSupport

/// Cloud identifiers between two libraries: `photos export --with-metadata` writes each asset's identity in an XMP
/// sidecar, `photos import` in another library honours it, and PhotoKit's mappings then agree both ways.
@Suite(.enabled(if: PhotosBinary.url != nil, Comment(rawValue: PhotosBinary.missingMessage)))
struct CloudIdentifierCommandTests {
    /// The repository's demo photos (no corpus needed): a JPEG, a HEIC and a burst frame.
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Demo/media").standardized

    func identifiers(_ args: [String]) throws -> [String: String] {
        let listed = try #require(try PhotosBinary.json(["list", "--json"] + args) as? [[String: Any]])
        return Dictionary(listed.map { ($0["originalFilename"] as? String ?? "", $0["localIdentifier"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    @Test func identitiesTravelWithExportedFilesAndMapBothWays() throws {
        let dir = TemporaryDirectory()
        let a = ["--library", dir.appending("A.photoslibrary").path], b = ["--library", dir.appending("B.photoslibrary").path]
        let input = dir.appending("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for name in ["dragonfly.jpg", "IMG_0001.HEIC", "burst/burst_1.jpg"] {
            try FileManager.default.copyItem(at: Self.demo.appendingPathComponent(name), to: input.appendingPathComponent(URL(fileURLWithPath: name).lastPathComponent))
        }
        #expect(try PhotosBinary.run(["import", input.path] + a).status == 0)
        let inA = try identifiers(a)
        #expect(inA.count == 3, "\(inA)")

        // Export with sidecars: each names the asset's identity, the UUID of its local identifier in A.
        let out = dir.appending("out")
        let exported = try PhotosBinary.run(["export"] + inA.values.sorted() + ["--with-metadata", "-o", out.path] + a)
        #expect(exported.status == 0, "\(exported.stderr)")
        for (name, local) in inA {
            let sidecar = try String(contentsOf: out.appendingPathComponent(name + ".xmp"), encoding: .utf8)
            #expect(sidecar.contains("photos:CloudIdentifier=\"\(local.prefix(36))\""), "\(sidecar)")
        }
        let shown = try #require(try PhotosBinary.json(["show", inA["dragonfly.jpg"]!, "--json"] + a) as? [String: Any])
        #expect(shown["cloudIdentifier"] as? String == String(inA["dragonfly.jpg"]!.prefix(36)))

        // Into B: new local identifiers, the same cloud identifiers; the sidecars are not imported as media.
        let imported = try PhotosBinary.run(["import", out.path, "--json"] + b)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stdout.contains(".xmp"), "sidecars are not rejections: \(imported.stdout)")
        let inB = try identifiers(b)
        #expect(inB.count == 3)
        let libraryA = try PHPhotoLibrary(url: URL(fileURLWithPath: a[1])), libraryB = try PHPhotoLibrary(url: URL(fileURLWithPath: b[1]))
        let cloudA = libraryA.cloudIdentifierMappings(forLocalIdentifiers: Array(inA.values))
        let cloudB = libraryB.cloudIdentifierMappings(forLocalIdentifiers: Array(inB.values))
        for name in inA.keys {
            let idA = try cloudA[inA[name]!]!.get(), idB = try cloudB[inB[name]!]!.get()
            #expect(idA == idB, "\(name): one identity in both libraries")
            #expect(inA[name] != inB[name], "\(name): local identifiers differ")
            // Both ways: A's identifier finds B's asset, and B's finds A's.
            #expect(try libraryB.localIdentifierMappings(for: [idA])[idA]!.get() == inB[name])
            #expect(try libraryA.localIdentifierMappings(for: [idB])[idB]!.get() == inA[name])
        }
        // Identities survive reopening (B's are stored, A's are its own).
        let reopened = try PHPhotoLibrary(url: URL(fileURLWithPath: b[1]))
        #expect(try reopened.cloudIdentifierMappings(forLocalIdentifiers: [inB["dragonfly.jpg"]!])[inB["dragonfly.jpg"]!]!.get()
                == cloudA[inA["dragonfly.jpg"]!]!.get())
    }

    @Test func theSamePhotoTwiceIsMultipleIdentifiersAndUnknownsAreNotFound() throws {
        let dir = TemporaryDirectory()
        let a = ["--library", dir.appending("A.photoslibrary").path], b = ["--library", dir.appending("B.photoslibrary").path]
        #expect(try PhotosBinary.run(["import", Self.demo.appendingPathComponent("dragonfly.jpg").path] + a).status == 0)
        let local = try #require(try identifiers(a)["dragonfly.jpg"])
        // Exported as stored and as a PNG: other bytes (not a duplicate), the same identity.
        let out = dir.appending("out")
        #expect(try PhotosBinary.run(["export", local, "--with-metadata", "-o", out.path] + a).status == 0)
        #expect(try PhotosBinary.run(["export", local, "--with-metadata", "--format", "png", "-o", out.path] + a).status == 0)
        #expect(try PhotosBinary.run(["import", out.path] + b).status == 0)
        let libraryB = try PHPhotoLibrary(url: URL(fileURLWithPath: b[1]))
        let cloud = PHCloudIdentifier(stringValue: String(local.prefix(36)))
        let unknown = PHCloudIdentifier(stringValue: UUID().uuidString), garbage = PHCloudIdentifier(stringValue: "not an identifier")
        let found = libraryB.localIdentifierMappings(for: [cloud, unknown, garbage])
        #expect(throws: PHPhotosError.self) { try found[cloud]!.get() }
        do { _ = try found[cloud]!.get() } catch let error as PHPhotosError {
            #expect(error.code == .multipleIdentifiersFound)
            #expect((error.userInfo[PHLocalIdentifiersErrorKey] as? [String])?.count == 2)
        }
        for missing in [unknown, garbage] {
            do { _ = try found[missing]!.get(); Issue.record("\(missing) found") } catch let error as PHPhotosError {
                #expect(error.code == .identifierNotFound)
            }
        }
        let notHere = "\(UUID().uuidString)/L0/001"
        do { _ = try libraryB.cloudIdentifierMappings(forLocalIdentifiers: [notHere])[notHere]!.get(); Issue.record("found") } catch let error as PHPhotosError {
            #expect(error.code == .identifierNotFound)
        }
    }
}
