import Foundation
import GRDB

/// What an application's owner decided about it (PhotoKit's `PHAuthorizationStatus`, as stored).
///
/// - `pending`: it asked and nobody has answered yet (PhotoKit: `.notDetermined`).
/// - `full`: it reads and changes the whole library (`.authorized`).
/// - `limited`: it reads and changes only the assets it was given and those it added, and the albums it made
///   (`.limited`).
/// - `addOnly`: it may add photos and read nothing (`.authorized` for `.addOnly`, `.denied` for `.readWrite`).
/// - `denied`: it may do nothing (`.denied`).
public enum AppAccessStatus: String, Sendable, CaseIterable, Codable {
    case pending, full, limited
    case addOnly = "add-only"
    case denied
}

/// What an application asks for (PhotoKit's `PHAccessLevel`).
public enum AppAccessLevel: String, Sendable, CaseIterable, Codable {
    case readWrite = "read-write"
    case addOnly = "add-only"
}

/// One application the library knows: who it is, what it asked for and what it was given.
public struct AppGrant: Sendable, Hashable {
    public var rowID: Int64
    /// The application identifier: declared in its manifest, or `path:` and its executable's path.
    public var appIdentifier: String
    /// A name to show the owner.
    public var name: String
    /// The executable the grant was made for, and the SHA-256 of its bytes (hex); a program whose bytes
    /// differ is not this application (it asks again).
    public var executablePath: String
    public var executableSHA256: String
    public var status: AppAccessStatus
    /// The last level it asked for, and when.
    public var requestedLevel: AppAccessLevel?
    public var requestedDate: Date?
    /// When the owner last decided.
    public var decidedDate: Date?
    /// How many assets a limited application was given or added.
    public var selectionCount: Int

    /// Whether an add-only application has asked to read since its owner decided (a new question; the add-only
    /// grant stays in force meanwhile).
    public var isAskingToRead: Bool {
        status == .addOnly && requestedLevel == .readWrite && (requestedDate ?? .distantPast) > (decidedDate ?? .distantPast)
    }

    /// Whether the owner has a question from it to answer: it is undecided, or add-only and asking to read.
    public var isWaitingForOwner: Bool { status == .pending || isAskingToRead }

    /// What it may read.
    public var readScope: ReadScope {
        switch status {
        case .full: .everything
        case .limited: .selection(grantID: rowID)
        case .pending, .addOnly, .denied: .nothing
        }
    }

    /// What it may change, or nil when it may change nothing.
    public var changeScope: ActingApp? {
        switch status {
        case .full: ActingApp(grantID: rowID, name: name, rule: .anything)
        case .limited: ActingApp(grantID: rowID, name: name, rule: .selection)
        case .addOnly: ActingApp(grantID: rowID, name: name, rule: .addOnly)
        case .pending, .denied: nil
        }
    }

    /// The account the service takes an application's requests for: a stand-in with the negative of the grant's
    /// row id (so what the service keeps per reader — fetches, uploads, receipts — is the application's own,
    /// apart from any person's) and a member's role, never an admin's (applications manage no accounts and
    /// erase nothing for good). What it may change is `changeScope`'s rule.
    public var standInAccount: Account {
        Account(rowID: -rowID, username: "app:\(appIdentifier)", role: .member, createdDate: decidedDate ?? requestedDate ?? Date(timeIntervalSince1970: 0))
    }

    static let columns = """
        g.id, g.app_identifier, g.name, g.executable_path, g.executable_sha256, g.status, g.requested_level, g.requested_date,
        g.decided_date, (SELECT count(*) FROM app_selection s JOIN asset a ON a.id = s.asset_id WHERE s.grant_id = g.id)
        """

    init(row: Row) {
        rowID = row[0]
        appIdentifier = row[1]
        name = row[2]
        executablePath = row[3]
        executableSHA256 = row[4]
        status = AppAccessStatus(rawValue: row[5]) ?? .denied
        requestedLevel = (row[6] as String?).flatMap(AppAccessLevel.init(rawValue:))
        requestedDate = (row[7] as Double?).map(Date.init(timeIntervalSince1970:))
        decidedDate = (row[8] as Double?).map(Date.init(timeIntervalSince1970:))
        selectionCount = row[9]
    }
}
