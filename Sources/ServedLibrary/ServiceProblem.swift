import Foundation
import PhotoLibrary

/// The service's problem answers (RFC 9457: `type` `/problems/<slug>`, `detail`) as the core's errors, so the
/// façade reports a served library's failures with the same `PHPhotosError` codes as a local one's.
enum ServiceProblem {
    static func error(_ response: ServiceHTTPClient.Response) -> LibraryError {
        let problem = body(response)
        let detail = problem?.detail ?? "The photo library service answered \(response.status)"
        return LibraryError(code(slug(of: problem), status: response.status), detail)
    }

    /// The problem's slug (`access-denied`, …), empty when the answer is not a problem.
    static func slug(_ response: ServiceHTTPClient.Response) -> String { slug(of: body(response)) }

    private static func slug(of problem: Body?) -> String {
        problem?.type.map { String($0.split(separator: "/").last ?? "") } ?? ""
    }

    /// Whether the answer says the caller is an application its owner has not let in (undecided or denied):
    /// such an application may still ask for access.
    static func isApplicationWithoutAccess(_ response: ServiceHTTPClient.Response) -> Bool {
        response.status == 403 && ["access-not-determined", "access-denied"].contains(slug(response))
    }

    private struct Body: Decodable { var type: String?; var detail: String? }

    private static func body(_ response: ServiceHTTPClient.Response) -> Body? {
        try? JSONDecoder().decode(Body.self, from: response.body)
    }

    static func code(_ slug: String, status: Int) -> LibraryError.Code {
        switch slug {
        case "not-found": .identifierNotFound
        // A stored file gone from the service's disk reads as the directory's does: the resource cannot be used.
        case "missing-file": .invalidResource
        case "invalid-identifier": .invalidIdentifier
        case "invalid-resource": .invalidResource
        case "missing-resource": .missingResource
        case "unsupported-predicate": .unsupportedPredicate
        case "change-not-supported": .changeNotSupported
        case "token-expired": .tokenExpired
        case "access-denied": .accessDenied
        case "not-permitted", "forbidden", "access-not-determined", "application-not-allowed",
             "authentication-required", "not-an-application", "invalid-token", "session-expired": .notPermitted
        case "disk-full": .notEnoughSpace
        case "cancelled": .cancelled
        case "library-unavailable": .libraryUnavailable
        case "bad-request": .changeNotSupported
        default: status == 503 ? .libraryUnavailable : status == 401 ? .notPermitted : .io
        }
    }
}
