import Foundation
import Photos
import PhotosUI
import PhotoLibrary
import Testing
import _TestSupport

/// `PHProjectInfo` and its sections, contents, elements and regions, made from a memory, an album and a selection.
@Suite struct ProjectInfoTests {
    /// A library with a home and a three-day trip, the trip's photos analysed (one person in every third).
    static func library(in directory: TemporaryDirectory) throws -> (PHPhotoLibrary, Library, [Int64]) {
        let url = directory.appending("Projects.photoslibrary")
        let core = try Library.open(at: url)
        var operations: [ChangeOperation] = []
        var identifiers: [String] = []
        let home = GeoPoint(latitude: 48.8566, longitude: 2.3522), away = GeoPoint(latitude: 35.6762, longitude: 139.6503)
        var dates: [(Date, GeoPoint)] = (0..<20).map { (Date(timeIntervalSince1970: 1_672_531_200 + Double($0) * 7 * 86_400), home) }
        dates += (0..<12).map { (Date(timeIntervalSince1970: 1_686_000_000 + Double($0) * 5 * 3600), away) }
        for (index, (date, place)) in dates.enumerated() {
            let identifier = LocalIdentifier.make(.asset)
            identifiers.append(identifier)
            operations.append(.createAsset(NewAsset(identifier: identifier, resources: [
                NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 40, height: 30, seed: index)), originalFilename: "IMG_\(index).JPG"),
            ], edits: AssetEdits(creationDate: .some(date), location: .some(place)))))
        }
        try core.apply(ChangeBatch(operations: operations))
        let rows = try core.assetRowIDs(identifiers: identifiers)
        let person = [Float](repeating: 0.02, count: 128)
        for (offset, row) in rows[20...].enumerated() {
            let candidate = try #require(try core.analysisCandidates(analyserVersion: 1, limit: 1, before: row + 1).first)
            let faces = offset % 3 == 0 ? [AnalysedFace(rect: NormalizedRect(x: 0.6, y: 0.1, width: 0.2, height: 0.3), confidence: 1.2, quality: 0.7, descriptor: person)] : []
            try core.recordAnalysis(.success(AssetAnalysis(quality: offset == 4 ? 0.95 : 0.5, sharpness: 0.5, exposure: 0.8, noise: 0.1,
                                                           perceptualHash: UInt64(offset + 1) &* 0x9E37_79B9_7F4A_7C15,
                                                           salientRegion: faces.isEmpty ? NormalizedRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3) : nil,
                                                           faces: faces)), for: candidate, contentKey: "k", analyserVersion: 1)
        }
        return (try PHPhotoLibrary(url: url), core, rows)
    }

    @Test func aMemoryMakesACoverAndCuratedSectionsWithRegionsOfInterest() throws {
        let directory = TemporaryDirectory(prefix: "project-info")
        let (photos, core, rows) = try Self.library(in: directory)
        let memory = try #require(try core.memories().first { $0.kind == .trip })
        let info = try PHProjectInfo.projectInfo(for: .memory(identifier: memory.identifier), projectType: PHProjectType("org.example.book"), in: photos)
        #expect(info.creationSource == .memory && info.projectType.rawValue == "org.example.book")
        #expect(info.sections.first?.sectionType == .cover && info.sections.dropFirst().allSatisfy { $0.sectionType == .content })
        let cover = try #require(info.sections.first?.sectionContents.first)
        #expect(cover.elements.first is PHProjectAssetElement && (cover.elements.last as? PHProjectTextElement)?.textElementType == .title)
        #expect((cover.elements.last as? PHProjectTextElement)?.text == memory.title)

        let everything = info.sections.dropFirst().flatMap { $0.sectionContents.last!.elements }.compactMap { $0 as? PHProjectAssetElement }
        #expect(everything.count == 12)
        let localIdentifiers = try photos.localIdentifierMappings(for: everything.map(\.cloudAssetIdentifier)).values.map { try $0.get() }
        #expect(Set(localIdentifiers) == Set(try core.assets(rowIDs: Array(rows[20...])).values.map(\.identifier)), "cloud identifiers lead back to the photos")
        let faces = everything.flatMap(\.regionsOfInterest).filter { !$0.identifier.rawValue.hasPrefix("salient-") }
        #expect(faces.count == 4 && Set(faces.map(\.identifier)).count == 1, "one person, one identifier")
        #expect(faces.allSatisfy { $0.weight == 1 && $0.quality == 0.7 && $0.rect.minX == 0.6 })
        let heaviest = try #require(everything.max { $0.weight < $1.weight })
        #expect(heaviest.cloudAssetIdentifier.stringValue == CloudIdentity.own(try core.assets(rowIDs: [rows[24]])[rows[24]]!.identifier), "the best photo weighs most")
        for section in info.sections {
            for content in section.sectionContents {
                #expect(content.numberOfColumns == 20 && content.cloudAssetIdentifiers.count == content.elements.compactMap { $0 as? PHProjectAssetElement }.count)
                for element in content.elements { #expect(element.placement.maxX <= 20 && element.placement.minX >= 0) }
            }
        }

        // Archived and read back whole (how a project extension receives it).
        let data = try NSKeyedArchiver.archivedData(withRootObject: info, requiringSecureCoding: true)
        let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: PHProjectInfo.self, from: data))
        #expect(copy.sections.count == info.sections.count && copy.projectType == info.projectType)
        #expect(copy.sections.last?.sectionContents.last?.cloudAssetIdentifiers == info.sections.last?.sectionContents.last?.cloudAssetIdentifiers)
    }

    @Test func albumsAndSelectionsMakeProjectsAndUnknownSourcesAreRefused() throws {
        let directory = TemporaryDirectory(prefix: "project-info")
        let (photos, _, _) = try Self.library(in: directory)
        let options = PHFetchOptions()
        options.photoLibrary = photos
        let assets = PHAsset.fetchAssets(with: options)
        let chosen = (0..<5).map { assets.object(at: $0) }
        let selection = try PHProjectInfo.projectInfo(for: .assets(chosen), in: photos)
        #expect(selection.creationSource == .userSelection && selection.sections.count == 2)
        #expect(Set(selection.sections[1].sectionContents.last!.cloudAssetIdentifiers.map(\.stringValue)) == Set(chosen.map { CloudIdentity.own($0.localIdentifier) }))

        var albumID = ""
        try photos.performChangesAndWait {
            let request = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Trip album")
            request.addAssets(chosen as NSArray)
            albumID = request.placeholderForCreatedAssetCollection.localIdentifier
        }
        let album = try #require(PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [albumID], options: options).firstObject)
        let fromAlbum = try PHProjectInfo.projectInfo(for: .collection(album), in: photos)
        #expect(fromAlbum.creationSource == .album && fromAlbum.sections.first?.title == "Trip album")

        #expect(throws: PHPhotosError.self) { try PHProjectInfo.projectInfo(for: .memory(identifier: "00000000-0000-0000-0000-000000000000"), in: photos) }
        #expect(throws: PHPhotosError.self) { try PHProjectInfo.projectInfo(for: .assets([]), in: photos) }
    }
}
