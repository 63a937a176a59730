import Foundation

extension AssetRecord {
    /// Stands in for a row that was erased after a fetch result captured its id (its identifier is empty).
    public static func vanished(rowID: Int64) -> AssetRecord {
        AssetRecord(rowID: rowID, identifier: "", mediaType: .unknown, mediaSubtypes: [], pixelWidth: 0, pixelHeight: 0,
                    creationDate: nil, modificationDate: nil, addedDate: Date(timeIntervalSince1970: 0), location: nil, duration: 0,
                    isFavorite: false, isHidden: false, sourceType: 1, playbackStyle: .unsupported, playbackVariation: 0,
                    burstIdentifier: nil, burstSelectionTypes: 0, representsBurst: false, hasAdjustments: false, isSelfie: false,
                    isRAW: false, uniformTypeIdentifier: "public.data", trashedDate: Date(timeIntervalSince1970: 0), momentID: nil,
                    originalFilename: "")
    }
}

extension CollectionRecord {
    /// Stands in for a collection deleted after a fetch result captured its id.
    public static func vanished(rowID: Int64) -> CollectionRecord {
        CollectionRecord(rowID: rowID, identifier: "", kind: .assetCollection, type: CollectionRaw.album, subtype: CollectionRaw.albumRegular,
                         title: nil, parentID: nil, position: 0, startDate: nil, endDate: nil, location: nil, cachedCount: 0,
                         creationDate: Date(timeIntervalSince1970: 0), modificationDate: nil, clusterListID: nil, yearListID: nil)
    }
}
