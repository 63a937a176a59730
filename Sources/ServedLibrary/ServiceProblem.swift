import Foundation
import PhotoLibrary

/// The service's problem answers (RFC 9457: `type` `/problems/<slug>`, `detail`) as the core's errors, so the
/// façade reports a served library's failures with the same `PHPhotosError` codes as a local one's.
enum ServiceProblem {
    static func error(_ response: UnixHTTPClient.Response) -> LibraryError {
        struct Body: Decodable { var type: String?; var detail: String? }
        let body = try? JSONDecoder().decode(Body.self, from: response.body)
        let slug = body?.type.map { String($0.split(separator: "/").last ?? "") } ?? ""
        let detail = body?.detail ?? "The photo library service answered \(response.status)"
        return LibraryError(code(slug, status: response.status), detail)
    }

    static func code(_ slug: String, status: Int) -> LibraryError.Code {
        switch slug {
        case "not-found", "missing-file": .identifierNotFound
        case "invalid-identifier": .invalidIdentifier
        case "invalid-resource": .invalidResource
        case "unsupported-predicate": .unsupportedPredicate
        case "change-not-supported": .changeNotSupported
        case "token-expired": .tokenExpired
        case "access-denied": .accessDenied
        case "not-permitted", "forbidden", "access-not-determined", "application-not-allowed",
             "authentication-required", "not-an-application": .notPermitted
        case "disk-full": .notEnoughSpace
        case "cancelled": .cancelled
        case "library-unavailable": .libraryUnavailable
        case "bad-request": .changeNotSupported
        default: status == 503 ? .libraryUnavailable : .io
        }
    }
}
