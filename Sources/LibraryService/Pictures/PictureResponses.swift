import Foundation
import Hummingbird
import ImageManagement
import PhotoLibrary

extension PhotosService {
    /// The picture `GET …/image` asks for (`PictureQuery`) of the asset named `name`: a stored derivative, or one
    /// made for the request by the image manager, in the encoding `Accept` chooses (`Vary: Accept`). Recent
    /// answers come from the in-memory cache; `asset` finds (and authorises) the asset only on a miss. Callers
    /// check the caller may see `name` before.
    func imageResponse(named name: String, request: Request, asset: () throws -> AssetRecord) async throws -> Response {
        let query = try PictureQuery(request)
        switch query.target {
        case .derivative(let kind):
            let encoding = try AcceptedEncodings.choose(request.headers[.accept], preferred: .jpeg)
            return try await derivativeResponse(named: name, kind: kind, encoding: encoding, request: request, asset: asset)
        case .sized(let spec):
            let encoding = try AcceptedEncodings.choose(request.headers[.accept], preferred: .webp)
            return try await sizedResponse(named: name, spec: spec, encoding: encoding, request: request, asset: asset)
        }
    }

    static let pictureCaching = "private, max-age=31536000, immutable"

    private func derivativeResponse(named name: String, kind: DerivativeKind, encoding: PictureEncoding, request: Request,
                                    asset: () throws -> AssetRecord) async throws -> Response {
        let key = "\(name.uppercased())|\(kind.rawValue)|\(encoding.rawValue)"
        if let cached = images.get(key) { return Self.picture(cached, encoding: encoding, request: request) }
        let record = try asset()
        let imaging = self.imaging, library = self.library
        let served = try await Self.picturesFailing {
            try await Offload.run { () throws(ImageManagementError) -> ServedDerivative in
                try imaging.servedDerivative(of: record, kind: kind, in: library)
            }
        }
        let etag = "\(served.contentKey).\(kind.rawValue)\(encoding == .jpeg ? "" : ".webp")"
        if encoding == .webp {
            if FileResponses.matches(etag, request) { return FileResponses.notModified(etag: etag, cacheControl: Self.pictureCaching, vary: "Accept") }
            let data = try await Self.picturesFailing {
                try await Offload.run { () throws(ImageManagementError) -> Data in try ImagingContext.encodedPicture(fileAt: served.url, encoding: .webp) }
            }
            return keep(data, etag: etag, under: key, encoding: encoding, request: request)
        }
        if let data = try? Data(contentsOf: served.url), data.count <= ImageCache.largestEntry {
            return keep(data, etag: etag, under: key, encoding: encoding, request: request)
        }
        return try FileResponses.file(at: served.url, etag: etag, contentType: encoding.mimeType, request: request,
                                      cacheControl: Self.pictureCaching, vary: "Accept")
    }

    private func sizedResponse(named name: String, spec: ImageRequestSpec, encoding: PictureEncoding, request: Request,
                               asset: () throws -> AssetRecord) async throws -> Response {
        let key = "\(name.uppercased())|\(PictureQuery.key(spec))|\(encoding.rawValue)"
        if let cached = images.get(key) { return Self.picture(cached, encoding: encoding, request: request) }
        let record = try asset()
        let imaging = self.imaging, library = self.library
        // The validator names the rendition and the request, so a conditional request is answered before any work.
        let set = try await Self.picturesFailing {
            try await Offload.run { () throws(ImageManagementError) -> RepresentationSet in
                try imaging.representations(of: record, version: spec.version, in: library, videoPosters: true)
            }
        }
        let etag = "\(set.rendition.contentKey).\(PictureQuery.key(spec)).\(encoding.rawValue)"
        if FileResponses.matches(etag, request) { return FileResponses.notModified(etag: etag, cacheControl: Self.pictureCaching, vary: "Accept") }
        let picture = try await pictureRenders.run {
            try await Self.picturesFailing {
                try await Offload.run { () throws(ImageManagementError) -> SizedPicture in
                    try imaging.sizedPicture(from: set, of: record, spec: spec, encoding: encoding, in: library)
                }
            }
        }
        return keep(picture.data, etag: etag, under: key, encoding: encoding, request: request)
    }

    /// Keeps a picture in the in-memory cache and sends it.
    private func keep(_ data: Data, etag: String, under key: String, encoding: PictureEncoding, request: Request) -> Response {
        let entry = ImageCache.Entry(etag: etag, data: data)
        images.put(key, entry)
        return Self.picture(entry, encoding: encoding, request: request)
    }

    private static func picture(_ entry: ImageCache.Entry, encoding: PictureEncoding, request: Request) -> Response {
        FileResponses.bytes(entry.data, etag: entry.etag, contentType: encoding.mimeType, request: request, cacheControl: pictureCaching, vary: "Accept")
    }

    /// Runs picture work, turning the image manager's errors into problems.
    private static func picturesFailing<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as ImageManagementError {
            switch error.code {
            case .missingResource, .unsupported: throw Problem(.notFound, "no-image", error.message)
            case .notFound: throw Problem.notFound(error.message)
            default: throw Problem(.unprocessableContent, "unreadable-image", error.message)
            }
        }
    }
}
