import Foundation
import PhotoLibrary

/// PhotoKit's authorization against a served library: the service decides (the owner's grant for this program),
/// this asks. A person's token is not an application (it has its account's access): its status is always
/// `authorized`.
extension ServedLibrary {
    /// The caller's authorization status at `level` (`readWrite` or `addOnly`): PhotoKit's `PHAuthorizationStatus`
    /// by name (`notDetermined`, `restricted`, `denied`, `authorized`, `limited`).
    public func authorizationStatus(level: String) throws(LibraryError) -> String {
        try status(of: Self.sendAllowingProblems(client, token: token, .GET, "/api/access?level=\(level)", timeoutSeconds: 30))
    }

    /// Asks the library's owner for access at `level` (the request shows in the web app and in
    /// `photos access pending`), and waits until the owner has answered; an application already decided about is
    /// answered at once. Returns the status name, as `authorizationStatus(level:)`.
    public func requestAuthorization(level: String) throws(LibraryError) -> String {
        let body = Data(#"{"level":"\#(level)"}"#.utf8)
        while true {
            let response = try Self.sendAllowingProblems(client, token: token, .POST, "/api/access/requests?wait=300", body: body,
                                                         timeoutSeconds: 330)
            let answer = try status(of: response)
            if answer != "notDetermined" { return answer }
        }
    }

    private func status(of response: ServiceHTTPClient.Response) throws(LibraryError) -> String {
        if response.status == 403, ServiceProblem.slug(response) == "not-an-application" { return "authorized" }
        guard (200..<300).contains(response.status) else { throw ServiceProblem.error(response) }
        struct Answer: Decodable { var status: String }
        let answer: Answer = try Self.decode(response)
        return answer.status
    }
}
