import Foundation

extension PHAsset {
    /// The key-value coding table behind `value(forKey:)`: Objective-C property names (a flag also under its
    /// `is…` getter) and the private `filename` and `uniformTypeIdentifier` that iOS apps read.
    func keyedValue(forKey key: String) -> Any? {
        switch key {
        case "filename": record.originalFilename
        case "uniformTypeIdentifier": record.uniformTypeIdentifier
        case "mediaType": NSNumber(value: mediaType.rawValue)
        case "mediaSubtypes": NSNumber(value: mediaSubtypes.rawValue)
        case "playbackStyle": NSNumber(value: playbackStyle.rawValue)
        case "pixelWidth": NSNumber(value: pixelWidth)
        case "pixelHeight": NSNumber(value: pixelHeight)
        case "creationDate": creationDate
        case "modificationDate": modificationDate
        case "addedDate": addedDate
        case "location": location
        case "duration": NSNumber(value: duration)
        case "hidden", "isHidden": NSNumber(value: isHidden)
        case "favorite", "isFavorite": NSNumber(value: isFavorite)
        case "burstIdentifier": burstIdentifier
        case "burstSelectionTypes": NSNumber(value: burstSelectionTypes.rawValue)
        case "representsBurst": NSNumber(value: representsBurst)
        case "sourceType": NSNumber(value: sourceType.rawValue)
        case "hasAdjustments": NSNumber(value: hasAdjustments)
        default: nil
        }
    }
}
