import Foundation
import Hummingbird
import ImageIO
import PhotoLibrary

extension PhotosService {
    /// `GET /api/assets/{id}/metadata`: what the original photo's file says about how it was taken — camera, lens,
    /// exposure — read by ImageIO from the stored original (an info panel's details). Values the file does not
    /// carry are absent; videos and files without EXIF answer an empty object.
    func addMetadataRoutes(to router: Router<APIContext>) {
        router.get("/api/assets/:asset/metadata") { _, context -> Response in
            let asset = try self.asset(context)
            let resources = try self.library.resources(assetRowID: asset.rowID)
            guard asset.mediaType == .image, let original = resources.first(where: { $0.type == .photo }) else {
                return try JSONBody.response(CaptureMetadataJSON())
            }
            let url = self.library.fileURL(for: original)
            let metadata = await Offload.run { CaptureMetadataJSON(fileAt: url) }
            return try JSONBody.response(metadata, headers: [.cacheControl: "private, max-age=3600"])
        }
    }
}

/// How a photo was taken, from its EXIF and TIFF dictionaries.
struct CaptureMetadataJSON: Codable, Sendable {
    var make: String?
    var model: String?
    var lens: String?
    /// Seconds.
    var exposureTime: Double?
    var fNumber: Double?
    var iso: Int?
    /// Millimetres, and the 35 mm equivalent.
    var focalLength: Double?
    var focalLength35mm: Int?
    var exposureBias: Double?
    var flashFired: Bool?
    var software: String?

    init() {}

    init(fileAt url: URL) {
        guard let source = CGImageSourceCreateWithURL(url as CFURL, nil),
              let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any] else { return }
        let tiff = properties["{TIFF}"] as? [String: Any] ?? [:]
        let exif = properties["{Exif}"] as? [String: Any] ?? [:]
        func number(_ value: Any?) -> Double? {
            if let value = value as? Double { return value }
            if let value = value as? NSNumber { return value.doubleValue }
            if let values = value as? [Any], let first = values.first { return number(first) }
            return nil
        }
        func text(_ value: Any?) -> String? {
            (value as? String)?.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0"))).nilIfEmpty
        }
        make = text(tiff["Make"])
        model = text(tiff["Model"])
        software = text(tiff["Software"])
        lens = text(exif["LensModel"])
        exposureTime = number(exif["ExposureTime"])
        fNumber = number(exif["FNumber"])
        iso = number(exif["ISOSpeedRatings"]).map { Int($0) }
        focalLength = number(exif["FocalLength"])
        focalLength35mm = number(exif["FocalLenIn35mmFilm"]).map { Int($0) }
        exposureBias = number(exif["ExposureBiasValue"])
        flashFired = number(exif["Flash"]).map { Int($0) & 1 == 1 }
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
