import Foundation
import PhotoLibrary

/// Account operations for the command line (`photos user …`), with the same rules and the same password hash
/// as the service's own endpoints.
public enum AccountAdministration {
    /// Creates an account after checking the name and password (8–72 bytes); the password is hashed with bcrypt.
    @discardableResult
    public static func createAccount(in library: Library, username: String, password: String, role: AccountRole,
                                     cost: UInt8 = 12) async throws -> Account {
        do { try Passwords.validate(password) } catch { throw LibraryError(.invalidResource, error.detail) }
        let hash = await Passwords(cost: cost).hash(password)
        return try library.createAccount(username: username, passwordHash: hash, role: role,
                                         audit: AuditEntry(accountID: nil, username: "(command line)", action: "account.create",
                                                           detail: "\(username) (\(role.rawValue))"))
    }
}
