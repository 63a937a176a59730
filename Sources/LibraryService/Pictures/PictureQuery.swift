import Foundation
import Hummingbird
import ImageManagement

/// What `GET …/image` asks for: a stored derivative (`kind=thumbnail|screen`, the default), or a picture made
/// for the request — `width` and/or `height` (1…`maximumSide`; one alone bounds both sides), `mode=fit|fill`,
/// an optional `crop=x,y,w,h` in unit coordinates of the upright picture (origin top left) and
/// `version=current|unadjusted|original` — with the encoding chosen from `Accept` (`AcceptedEncodings`).
/// `v` is ignored: clients put a content version there to make a new URL after an edit.
struct PictureQuery {
    enum Target {
        case derivative(DerivativeKind)
        case sized(ImageRequestSpec)
    }
    let target: Target
    /// The largest width or height a client may ask for.
    static let maximumSide = 4096

    init(_ parameters: Hummingbird.Request) throws(Problem) {
        let query = parameters.uri.queryParameters
        func value(_ name: String) -> String? { query[name[...]].map(String.init) }
        let width = try Self.side(value("width"), "width"), height = try Self.side(value("height"), "height")
        let sizedOnly = ["mode", "crop", "version"].filter { value($0) != nil }
        guard width != nil || height != nil else {
            if let first = sizedOnly.first { throw Problem.badRequest("\(first) needs width or height") }
            let kindName = value("kind") ?? "thumbnail"
            guard let kind = DerivativeKind(rawValue: kindName) else { throw Problem.badRequest("kind must be thumbnail or screen") }
            target = .derivative(kind)
            return
        }
        guard value("kind") == nil else { throw Problem.badRequest("Give kind, or width/height, not both") }
        let mode: ContentMode
        switch value("mode") ?? "fit" {
        case "fit": mode = .aspectFit
        case "fill": mode = .aspectFill
        default: throw Problem.badRequest("mode must be fit or fill")
        }
        let version: ImageVersion
        switch value("version") ?? "current" {
        case "current": version = .current
        case "unadjusted": version = .unadjusted
        case "original": version = .original
        default: throw Problem.badRequest("version must be current, unadjusted or original")
        }
        let crop = try value("crop").map(Self.crop)
        let size = PixelSize(width: width ?? height!, height: height ?? width!)
        target = .sized(ImageRequestSpec(targetSize: size, contentMode: mode, resizeMode: .exact, normalizedCropRect: crop, version: version))
    }

    private static func side(_ text: String?, _ name: String) throws(Problem) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), (1...maximumSide).contains(value) else {
            throw Problem.badRequest("\(name) must be a whole number of pixels from 1 to \(maximumSide)")
        }
        return value
    }

    /// `x,y,w,h` in 0…1 with a non-empty area inside the unit square.
    private static func crop(_ text: String) throws(Problem) -> CGRect {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
              [x, y, w, h].allSatisfy({ $0.isFinite && (0...1).contains($0) }), w > 0, h > 0, x + w <= 1.000001, y + h <= 1.000001 else {
            throw Problem.badRequest("crop must be x,y,w,h in unit coordinates (0…1) of a non-empty area inside the picture")
        }
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// A short text naming the spec, for cache keys and ETags (same spec, same text).
    static func key(_ spec: ImageRequestSpec) -> String {
        let size = spec.targetSize.map { "\($0.width)x\($0.height)" } ?? "max"
        let mode = spec.contentMode == .aspectFill ? "fill" : "fit"
        let crop = spec.effectiveCrop.map { rect in
            "." + [rect.minX, rect.minY, rect.width, rect.height].map { String(format: "%.6g", Double($0)) }.joined(separator: "_")
        } ?? ""
        return "\(size).\(mode)\(crop).v\(spec.version.rawValue)"
    }
}

/// Content negotiation for pictures (RFC 9110 §12.5.1): the encoding with the highest quality value the
/// `Accept` header gives it (the most specific matching range decides: `image/webp` over `image/*` over
/// `*/*`). On a tie the server's preference wins: `preferred`, which is JPEG for stored derivatives (sent as
/// they are) and WebP for pictures made on request (smaller). No `Accept` header accepts everything; a header
/// that accepts neither encoding is a 406.
enum AcceptedEncodings {
    static func choose(_ accept: String?, preferred: PictureEncoding) throws(Problem) -> PictureEncoding {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return preferred }
        let ranges = accept.split(separator: ",").compactMap(Self.range)
        func quality(_ encoding: PictureEncoding) -> Double {
            let type = encoding.mimeType
            let subtypeWildcard = type.split(separator: "/")[0] + "/*"
            for candidate in [type, String(subtypeWildcard), "*/*"] {
                if let match = ranges.first(where: { $0.type == candidate }) { return match.q }
            }
            return 0
        }
        let other: PictureEncoding = preferred == .jpeg ? .webp : .jpeg
        let (qPreferred, qOther) = (quality(preferred), quality(other))
        guard max(qPreferred, qOther) > 0 else {
            throw Problem(.notAcceptable, "not-acceptable", "Pictures are sent as image/jpeg or image/webp; the Accept header allows neither")
        }
        return qOther > qPreferred ? other : preferred
    }

    private static func range(_ text: Substring) -> (type: String, q: Double)? {
        let parts = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = parts.first?.lowercased(), !type.isEmpty else { return nil }
        var q = 1.0
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "q" { q = min(1, max(0, Double(pair[1]) ?? 0)) }
        }
        return (type, q)
    }
}
