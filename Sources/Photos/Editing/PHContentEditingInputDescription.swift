import Foundation
import PhotoLibrary

/// Everything a `PHContentEditingInput` carries except pixels, as plain values: what a host writes for an
/// editing extension running in another process, which rebuilds the input from it. Property-list coded.
package struct PHContentEditingInputDescription: Codable, Sendable, Equatable {
    /// A place, without the accuracy and timestamp a `CLLocation` also carries.
    package struct Location: Codable, Sendable, Equatable {
        package var latitude: Double
        package var longitude: Double
        package var altitude: Double
        package init(latitude: Double, longitude: Double, altitude: Double) {
            self.latitude = latitude; self.longitude = longitude; self.altitude = altitude
        }
    }

    package var assetIdentifier: String
    package var mediaType: Int
    package var mediaSubtypes: UInt
    package var creationDate: Date?
    package var location: Location?
    package var uniformTypeIdentifier: String?
    package var playbackStyle: Int
    package var adjustmentData: AdjustmentPayload?
    package var fullSizeImagePath: String?
    /// A video's movie, or a Live Photo's paired movie (absent in requests from hosts before Live Photo support).
    package var moviePath: String?
    package var fullSizeImageOrientation: Int32
    package var baseIsOriginal: Bool
}

extension AdjustmentPayload: Codable {
    private enum CodingKeys: String, CodingKey { case formatIdentifier, formatVersion, data }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(formatIdentifier: try container.decode(String.self, forKey: .formatIdentifier),
                  formatVersion: try container.decode(String.self, forKey: .formatVersion),
                  data: try container.decode(Data.self, forKey: .data))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatIdentifier, forKey: .formatIdentifier)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(data, forKey: .data)
    }
}
