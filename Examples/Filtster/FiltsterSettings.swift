import Foundation
import PhotosUI

/// Filtster's edit, as stored in its adjustment data: JSON `{"filter":"sepia","intensity":0.8,"vignette":1}`.
///
/// Format `org.photokit-linux.filtster`, version 1.1.0. Version 1.0.0 had no `intensity` (sepia was always
/// 1.0); 1.1.0 reads 1.0.x data. Data of a newer minor version (1.2+) or another major version is not
/// understood: Filtster then edits the rendered image, stacking on the earlier edit.
struct FiltsterSettings: Codable, Equatable, Sendable {
    static let formatIdentifier = "org.photokit-linux.filtster"
    static let formatVersion = SemanticVersion(major: 1, minor: 1, patch: 0)

    enum Filter: String, Codable, CaseIterable, Sendable { case none, sepia, noir, chrome }

    var filter: Filter = .sepia
    /// Sepia strength, 0…1.
    var intensity: Double = 1
    /// Vignette strength, 0…2 (0 = none).
    var vignette: Double = 1

    /// Whether Filtster can resume from this adjustment data.
    static func canRead(_ adjustmentData: PHAdjustmentData) -> Bool {
        guard adjustmentData.formatIdentifier == formatIdentifier,
              let version = SemanticVersion(adjustmentData.formatVersion) else { return false }
        return version.isReadable(by: formatVersion)
    }

    /// The settings stored in adjustment data Filtster can read (nil otherwise or when the bytes are damaged).
    init?(adjustmentData: PHAdjustmentData) {
        guard Self.canRead(adjustmentData),
              let decoded = try? JSONDecoder().decode(Stored.self, from: adjustmentData.data) else { return nil }
        filter = decoded.filter
        intensity = decoded.intensity ?? 1   // 1.0.x data: full-strength sepia
        vignette = decoded.vignette
    }

    init() {}

    /// The adjustment data describing these settings.
    func adjustmentData() throws -> PHAdjustmentData {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Stored(filter: filter, intensity: intensity, vignette: vignette))
        return PHAdjustmentData(formatIdentifier: Self.formatIdentifier, formatVersion: "\(Self.formatVersion)", data: data)
    }

    /// The stored form: `intensity` is optional because 1.0 data lacks it.
    private struct Stored: Codable {
        var filter: Filter
        var intensity: Double?
        var vignette: Double
    }
}
