import Foundation
import PhotoLibrary
import Synchronization

/// A picker an application opened (`POST /api/picker/sessions`): the owner picks in the web app, the
/// application reads back only what was picked. PhotoKit's `PHPickerViewController` runs outside the app and
/// needs no authorization; here the service is that outside.
struct PickerSession: Sendable {
    /// How picked items are handed over: PhotoKit's `PHPickerConfiguration.AssetRepresentationMode`.
    enum Mode: String, Sendable, Codable {
        /// The current version as stored (the service's choice, as `.automatic` is the system's).
        case automatic
        /// The current version as stored: the edited render, else the original.
        case current
        /// Widely readable forms: JPEG for HEIC, HEIF, AVIF, WebP and RAW photos.
        case compatible
    }

    /// Where the session is.
    enum State: Sendable, Equatable {
        /// The owner has not answered yet.
        case waiting
        /// The owner picked these assets (local identifiers, in the order picked).
        case picked([String])
        /// The owner cancelled: the application gets no results.
        case cancelled

        var name: String {
            switch self {
            case .waiting: return "waiting"
            case .picked: return "picked"
            case .cancelled: return "cancelled"
            }
        }
    }

    /// What the owner's answer does.
    enum Purpose: String, Sendable, Codable {
        /// `PHPickerViewController`: the application receives the picked items (and nothing else changes).
        case pick
        /// `presentLimitedLibraryPicker`: the picked assets join a limited application's selection, and the
        /// application learns which of them are new to it (no items are handed over).
        case limitedLibrary
    }

    /// Who opened a session: the application's identifier and, on the socket, its executable's SHA-256 (another
    /// program declaring the same identifier is another application).
    struct Owner: Sendable, Hashable {
        let identifier: String
        let executableSHA256: String
    }

    let id: String
    let owner: Owner
    /// The application's name, for the owner's page.
    let appName: String
    /// The program that asked, when known (on the socket, or recorded in its grant), so the owner can tell who it is.
    let executablePath: String
    let filter: PickerFilter?
    /// The most assets the owner may pick; 0 = no limit.
    let selectionLimit: Int
    let mode: Mode
    /// Assets shown as already selected (only an application that may read them can name them).
    let preselected: [String]
    let purpose: Purpose
    let created: Date
    var state: State
    /// For `limitedLibrary`: the picked assets that were not in the application's selection before.
    var added: [String] = []
}

/// The picker sessions of this process: each belongs to the application that opened it, lives an hour, and
/// at most 16 per application are kept (the oldest go first). Sessions do not survive a restart; an application
/// that lost one opens another.
final class PickerSessionStore: Sendable {
    static let lifetime: TimeInterval = 3600
    static let perApplication = 16
    private let sessions = Mutex<[String: PickerSession]>([:])

    /// Keeps a new waiting session.
    func open(owner: PickerSession.Owner, appName: String, executablePath: String, filter: PickerFilter?, selectionLimit: Int, mode: PickerSession.Mode,
              preselected: [String], purpose: PickerSession.Purpose = .pick) -> PickerSession {
        let session = PickerSession(id: UUID().uuidString.lowercased(), owner: owner, appName: appName, executablePath: executablePath, filter: filter,
                                    selectionLimit: selectionLimit, mode: mode, preselected: preselected, purpose: purpose, created: Date(), state: .waiting)
        sessions.withLock { all in
            Self.dropExpired(&all)
            let mine = all.values.filter { $0.owner == owner }.sorted { $0.created < $1.created }
            for old in mine.dropLast(Self.perApplication - 1) { all[old.id] = nil }
            all[session.id] = session
        }
        return session
    }

    /// The session, if it exists and is fresh; with `owner`, only if it is that application's.
    func get(_ id: String, owner: PickerSession.Owner? = nil) -> PickerSession? {
        sessions.withLock { all in
            guard let session = all[id], Date().timeIntervalSince(session.created) < Self.lifetime else { return nil }
            if let owner, session.owner != owner { return nil }
            return session
        }
    }

    /// Answers a waiting session (with, for a limited-library one, the assets new to the application); false when
    /// it is unknown, expired or already answered.
    func finish(_ id: String, state: PickerSession.State, added: [String] = []) -> Bool {
        sessions.withLock { all in
            guard var session = all[id], Date().timeIntervalSince(session.created) < Self.lifetime, session.state == .waiting else { return false }
            session.state = state
            session.added = added
            all[id] = session
            return true
        }
    }

    /// The sessions still waiting for the owner, newest first (the web app offers them).
    func waiting() -> [PickerSession] {
        sessions.withLock { all in
            Self.dropExpired(&all)
            return all.values.filter { $0.state == .waiting }.sorted { $0.created > $1.created }
        }
    }

    private static func dropExpired(_ all: inout [String: PickerSession]) {
        let now = Date()
        all = all.filter { now.timeIntervalSince($0.value.created) < lifetime }
    }
}
