import Foundation
@testable import LibraryService
@testable import PhotoLibrary
import Testing

/// The hand-written page JSON says exactly what JSONEncoder says, for assets with every optional field and
/// awkward text.
@Suite struct JSONOutputTests {
    @Test(arguments: [false, true])
    func handWrittenAssetJSONMatchesJSONEncoder(full: Bool) throws {
        var record = AssetRecord(
            rowID: 7, identifier: "\(UUID().uuidString)/L0/001", mediaType: .image, mediaSubtypes: MediaSubtypes(rawValue: full ? 8 : 0),
            pixelWidth: 4032, pixelHeight: 3024, creationDate: nil, modificationDate: nil, addedDate: Date(timeIntervalSince1970: 1_700_000_000.75),
            location: nil, duration: 0, isFavorite: full, isHidden: false, sourceType: 1, playbackStyle: .image, playbackVariation: 0,
            burstIdentifier: nil, burstSelectionTypes: 0, representsBurst: false, hasAdjustments: full, isSelfie: false, isRAW: false,
            uniformTypeIdentifier: "public.jpeg", trashedDate: nil, momentID: nil, originalFilename: "plain.jpg")
        if full {
            record.creationDate = Date(timeIntervalSince1970: -86_400 * 400)
            record.modificationDate = Date(timeIntervalSince1970: 1_750_000_000)
            record.trashedDate = Date(timeIntervalSince1970: 1_760_000_000)
            record.location = GeoPoint(latitude: 48.8583, longitude: -2.2945, altitude: 35.5)
            record.duration = 2.75
            record.burstIdentifier = "burst/1"
            record.originalFilename = "Ünïcode \"quoted\" \\ back\tslash\n😀.HEIC"
        }
        let json = AssetJSON(record, urlPrefix: full ? "/api/shared/s3cr/et" : "/api")
        var out = JSONOutput()
        json.write(to: &out)
        let mine = try JSONSerialization.jsonObject(with: Data(out.bytes)) as? NSDictionary
        let reference = try JSONSerialization.jsonObject(with: JSONBody.encoder.encode(json)) as? NSDictionary
        #expect(mine != nil)
        #expect(mine == reference)
    }
}
