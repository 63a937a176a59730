import Foundation
import Hummingbird
import PhotoLibrary

extension PhotosService {
    /// Applications' access (see `ApplicationAccess`):
    ///
    /// - for the application itself: `GET /api/access?level=readWrite|addOnly` (its `PHAuthorizationStatus`),
    ///   `POST /api/access/requests` (`requestAuthorization(for:)`: records the question for the owner; with
    ///   `?wait=SECONDS`, up to 300, answers once the owner decided or the time is up);
    /// - for admins: `GET /api/access/apps` (every application, the undecided first), `POST /api/access/apps/{id}`
    ///   (decide: `full`, `limited` with `assets`, `add-only`, `denied`), `POST /api/access/apps/{id}/selection`
    ///   (give a limited application more assets: answers the newly given ones), `DELETE /api/access/apps/{id}`
    ///   (forget it: it asks again as a new application).
    func addAccessRoutes(to router: Router<APIContext>) {
        router.get("/api/access") { request, context -> Response in
            let applicant = try Self.applicant(context)
            let level = try Self.accessLevel(request.uri.queryParameters["level"].map(String.init))
            return try JSONBody.response(AccessStatusJSON(applicant, level: level))
        }

        router.post("/api/access/requests") { request, context -> Response in
            let applicant = try Self.applicant(context)
            let body = try await JSONBody.decode(AccessRequestBody.self, from: request, context: context)
            let level = try Self.accessLevel(body.level)
            let wait = try Self.intParameter(request, "wait", default: 0, range: 0...300)
            guard let identifier = applicant.identifier else { throw Problem.badRequest("The application could not be identified") }
            let program = applicant.program
            var grant = try self.library.requestAppAccess(identifier: identifier, name: program?.name ?? applicant.name,
                                                          executablePath: program?.executablePath ?? applicant.grant?.executablePath ?? "",
                                                          executableSHA256: program?.executableSHA256 ?? applicant.grant?.executableSHA256 ?? "",
                                                          level: level)
            self.grants.removeAll()
            let deadline = Date().addingTimeInterval(TimeInterval(wait))
            while ApplicationAccess.authorizationStatus(.init(grant: grant, program: program), level: level) == "notDetermined", Date() < deadline {
                try await Task.sleep(for: .milliseconds(250))
                grant = try self.library.appGrant(identifier: identifier) ?? grant
            }
            return try JSONBody.response(AccessStatusJSON(.init(grant: grant, program: program), level: level))
        }

        router.get("/api/access/apps") { _, context -> Response in
            _ = try context.requireAdmin()
            let apps = try self.library.appGrants().sorted { ($0.isWaitingForOwner ? 0 : 1, $0.name) < ($1.isWaitingForOwner ? 0 : 1, $1.name) }
            return try JSONBody.response(["applications": apps.map(ApplicationJSON.init)])
        }

        router.post("/api/access/apps/:app") { request, context -> Response in
            let admin = try context.requireAdmin()
            let grant = try self.grant(context)
            let body = try await JSONBody.decode(AccessDecisionBody.self, from: request, context: context)
            guard let status = AppAccessStatus(rawValue: body.status), status != .pending else {
                throw Problem.badRequest("status must be full, limited, add-only or denied")
            }
            let assets = try (body.assets ?? []).map { (text: String) throws(Problem) -> String in try IdentifierPath.asset(text) }
            guard assets.count <= 10_000 else { throw Problem.badRequest("At most 10,000 assets at once") }
            let decided = try self.library.decideAppAccess(identifier: grant.appIdentifier, status: status, selection: assets,
                                                           audit: AuditEntry(accountID: admin.rowID, username: admin.username, action: "app.decide",
                                                                             detail: "\(grant.appIdentifier): \(status.rawValue)"))
            self.grants.removeAll()
            return try JSONBody.response(ApplicationJSON(decided))
        }

        router.post("/api/access/apps/:app/selection") { request, context -> Response in
            _ = try context.requireAdmin()
            let grant = try self.grant(context)
            let body = try await JSONBody.decode(SelectionBody.self, from: request, context: context)
            let assets = try body.assets.map { (text: String) throws(Problem) -> String in try IdentifierPath.asset(text) }
            guard assets.count <= 10_000 else { throw Problem.badRequest("At most 10,000 assets at once") }
            let added = try self.library.addToAppSelection(identifier: grant.appIdentifier, assets: assets)
            return try JSONBody.response(["added": added])
        }

        router.delete("/api/access/apps/:app") { _, context -> Response in
            let admin = try context.requireAdmin()
            let grant = try self.grant(context)
            try self.library.forgetApp(identifier: grant.appIdentifier, audit: AuditEntry(accountID: admin.rowID, username: admin.username,
                                                                                          action: "app.forget", detail: grant.appIdentifier))
            self.grants.removeAll()
            return Response(status: .noContent)
        }
    }

    /// The application asking, or 403 for people (these routes are the application's own).
    static func applicant(_ context: APIContext) throws(Problem) -> ApplicationAccess.Applicant {
        guard let applicant = context.applicant else {
            throw Problem(.forbidden, "not-an-application", "Only applications ask for access: a program on the Unix socket without credentials, or an application's API token")
        }
        return applicant
    }

    static func accessLevel(_ text: String?) throws(Problem) -> AppAccessLevel {
        switch text {
        case nil, "readWrite": return .readWrite
        case "addOnly": return .addOnly
        default: throw Problem.badRequest("level must be readWrite or addOnly")
        }
    }

    /// The application named in the path by its row id.
    func grant(_ context: APIContext) throws -> AppGrant {
        let text = try context.parameters.require("app")
        guard let id = Int64(text), id > 0, let grant = try library.appGrant(rowID: id) else { throw Problem.notFound("No application \(text.prefix(40))") }
        return grant
    }
}

struct AccessRequestBody: StrictBody {
    var level: String?
    static let fields: Set<String> = ["level"]
}

struct AccessDecisionBody: StrictBody {
    var status: String
    var assets: [String]?
    static let fields: Set<String> = ["status", "assets"]
}

struct SelectionBody: StrictBody {
    var assets: [String]
    static let fields: Set<String> = ["assets"]
}

/// An application's own view of its access.
struct AccessStatusJSON: Codable {
    var application: String
    var name: String
    var level: String
    /// PhotoKit's `PHAuthorizationStatus`: notDetermined, restricted, denied, authorized or limited.
    var status: String

    init(_ applicant: ApplicationAccess.Applicant, level: AppAccessLevel) {
        application = applicant.identifier ?? ""
        name = applicant.name
        self.level = level == .readWrite ? "readWrite" : "addOnly"
        status = ApplicationAccess.authorizationStatus(applicant, level: level)
    }
}

/// An application as its owner sees it.
struct ApplicationJSON: Codable {
    var id: Int64
    var identifier: String
    var name: String
    var executablePath: String
    var executableSHA256: String
    var status: String
    var requestedLevel: String?
    var requestedDate: Date?
    var decidedDate: Date?
    var selectionCount: Int
    /// The owner has a question to answer (`AppGrant.isWaitingForOwner`).
    var waiting: Bool

    init(_ grant: AppGrant) {
        id = grant.rowID
        identifier = grant.appIdentifier
        name = grant.name
        executablePath = grant.executablePath
        executableSHA256 = grant.executableSHA256
        status = grant.status.rawValue
        requestedLevel = grant.requestedLevel?.rawValue
        requestedDate = grant.requestedDate
        decidedDate = grant.decidedDate
        selectionCount = grant.selectionCount
        waiting = grant.isWaitingForOwner
    }
}
