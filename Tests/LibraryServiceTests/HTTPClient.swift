import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small HTTP client for the tests (URLSession without cookie storage: cookies are headers here).
struct HTTPClient: Sendable {
    let base: URL
    var token: String?
    var cookie: String?
    var csrf: String?

    struct Reply: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
        /// The problem type slug of a problem+json reply.
        var problemType: String? { (json["type"] as? String).map { String($0.dropFirst("/problems/".count)) } }
    }

    /// A session of its own for every request, invalidated after it: on Linux a URLSession drives all its
    /// transfers through one libcurl multi handle, and with one session shared by every test, transfers stalled
    /// together under load (eight requests of different tests timed out at the same instant in one run).
    static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }

    func request(_ method: String, _ path: String, json: Any? = nil, body: Data? = nil, headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        if let csrf { request.setValue(csrf, forHTTPHeaderField: "X-CSRF-Token") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let body {
            request.httpBody = body
        }
        // No connection is kept for a later request: tests start and stop servers all the time, a new server can
        // get a stopped one's port, and a pooled connection could then reach the old server while it shuts down.
        request.setValue("close", forHTTPHeaderField: "Connection")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = Self.makeSession()
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields["\(key)"] = "\(value)" }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> Reply { try await request("GET", path, headers: headers) }
    func post(_ path: String, _ json: Any, headers: [String: String] = [:]) async throws -> Reply { try await request("POST", path, json: json, headers: headers) }
    func delete(_ path: String) async throws -> Reply { try await request("DELETE", path) }
}
