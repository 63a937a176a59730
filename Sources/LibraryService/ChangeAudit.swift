import PhotoLibrary

/// What a change batch leaves in the audit log, and which batches only an admin may make: one rule for every
/// route that applies changes (`POST /api/changes`, `POST /api/photokit/changes`).
enum ChangeAudit {
    /// One entry per destructive operation, in the batch's order: trashing, erasing for good, deleting albums and
    /// folders, reverting an edit.
    static func entries(for operations: [ChangeOperation], by account: Account) -> [AuditEntry] {
        operations.compactMap { operation -> AuditEntry? in
            let line: (action: String, detail: String)
            switch operation {
            case .trashAssets(let ids): line = ("assets.trash", ids.joined(separator: " "))
            case .purgeAssets(let ids): line = ("assets.purge", ids.joined(separator: " "))
            case .deleteCollections(let ids): line = ("collections.delete", ids.joined(separator: " "))
            case .revertContent(let identifier): line = ("assets.revert", identifier)
            default: return nil
            }
            return AuditEntry(accountID: account.rowID, username: account.username, action: line.action, detail: line.detail)
        }
    }

    /// Whether the batch needs an admin: erasing assets for good (`purgeAssets`).
    static func needsAdmin(_ operations: [ChangeOperation]) -> Bool {
        operations.contains { if case .purgeAssets = $0 { true } else { false } }
    }

    /// Refuses the batch unless `account` may make it (403 naming the rule).
    static func requirePermission(_ operations: [ChangeOperation], of account: Account) throws(Problem) {
        if needsAdmin(operations), !account.role.canAdminister {
            throw Problem(.forbidden, "forbidden", "Only an admin may erase assets for good (purgeAssets)")
        }
    }
}
