import Foundation
import Hummingbird
import PhotoLibrary

/// An API error answered as RFC 9457 `application/problem+json`: a status, a stable type slug, and a sentence
/// naming the fault. Every failure the service reports goes through this type.
public struct Problem: Error, HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    /// A stable, machine-readable slug (`invalid-identifier`, `not-found`, …), published as `/problems/<slug>`.
    public var type: String
    /// What is wrong, for people.
    public var detail: String
    /// Extra response headers (e.g. `Retry-After`).
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, _ type: String, _ detail: String) {
        self.status = status; self.type = type; self.detail = detail
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body: [String: Any] = ["type": "/problems/\(type)", "title": status.reasonPhrase, "status": status.code, "detail": detail]
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        var fields = headers
        fields[.contentType] = "application/problem+json"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The problem for a library error: its code chooses the status.
    public init(_ error: LibraryError) {
        switch error.code {
        case .identifierNotFound: self.init(.notFound, "not-found", error.message)
        case .invalidIdentifier: self.init(.badRequest, "invalid-identifier", error.message)
        case .invalidResource: self.init(.unprocessableContent, "invalid-resource", error.message)
        case .missingResource: self.init(.unprocessableContent, "missing-resource", error.message)
        case .unsupportedPredicate: self.init(.badRequest, "unsupported-predicate", error.message)
        case .changeNotSupported: self.init(.conflict, "change-not-supported", error.message)
        case .tokenExpired: self.init(.gone, "token-expired", error.message)
        case .notPermitted: self.init(.forbidden, "not-permitted", error.message)
        case .accessDenied: self.init(.forbidden, "access-denied", error.message)
        case .notEnoughSpace: self.init(.insufficientStorage, "disk-full", error.message)
        case .cancelled: self.init(.serviceUnavailable, "cancelled", error.message)
        case .libraryUnavailable, .io, .database: self.init(.serviceUnavailable, "library-unavailable", error.message)
        }
    }

    static func badRequest(_ detail: String) -> Problem { Problem(.badRequest, "bad-request", detail) }
    static func notFound(_ detail: String) -> Problem { Problem(.notFound, "not-found", detail) }
}

extension HTTPResponse.Status {
    /// 507: the library's disk is full.
    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}

/// Maps any error a handler throws to a problem response, so clients never see an internal error's text
/// (library errors keep their own message, which names the fault but no internals).
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = APIContext

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let problem as Problem {
            throw problem
        } catch let error as LibraryError {
            throw Problem(error)
        } catch let error as HTTPError {
            throw Problem(error.status, error.status == .notFound ? "not-found" : "bad-request", error.body ?? error.status.reasonPhrase)
        } catch let error as DecodingError {
            throw Problem.badRequest("The request body is not valid JSON for this endpoint: \(JSONBody.describe(error))")
        } catch {
            context.logger.error("Unhandled error", metadata: ["error": "\(error)"])
            throw Problem(.internalServerError, "internal", "The server could not complete the request")
        }
    }
}
