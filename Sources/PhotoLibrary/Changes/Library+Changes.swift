import Foundation
import GRDB
import DurableFiles

extension Library {
    /// Applies a batch atomically: files are staged, flushed and renamed under an intent, then one
    /// transaction references them. On any error nothing changes, no file is left behind, and the error
    /// names the problem.
    @discardableResult
    public func apply(_ batch: ChangeBatch) throws(LibraryError) -> ChangeOutcome {
        try requireWritable()
        let operations = batch.operations.enumerated().sorted { ($0.element.phase, $0.offset) < ($1.element.phase, $1.offset) }.map(\.element)

        // 1. Stage and inspect new resources outside the write lock.
        var staged: [String: StagedAsset] = [:]
        do {
            for case .createAsset(let request) in operations {
                staged[request.identifier] = try StagedAsset.stage(request, in: store)
            }
        } catch {
            staged.values.forEach { $0.resources.forEach { store.discard($0.staged) } }
            throw LibraryError.wrap(error, "Staging new resources failed")
        }
        let stagedAssets = Array(staged.values)
        var stagedEdits: [StagedEdit] = []
        do {
            for case .editContent(let edit) in operations { stagedEdits.append(try StagedEdit.stage(edit, in: store)) }
        } catch {
            stagedAssets.forEach { $0.resources.forEach { store.discard($0.staged) } }
            stagedEdits.forEach { $0.discard(in: store) }
            throw LibraryError.wrap(error, "Staging the edited content failed")
        }
        if !staged.isEmpty || !stagedEdits.isEmpty { FaultPoint.afterStaging.reach() }

        // 2. Journal every path whose fate this transaction decides, then move new files into place.
        var purgePaths: [String] = []
        let purged = operations.flatMap { op -> [String] in if case .purgeAssets(let ids) = op { return ids } else { return [] } }
        // Edits and reverts supersede the asset's current edit files.
        let reedited = operations.compactMap { op -> String? in
            switch op {
            case .editContent(let edit): return edit.identifier
            case .revertContent(let identifier): return identifier
            default: return nil
            }
        }
        if !purged.isEmpty || !reedited.isEmpty {
            do {
                purgePaths = try read { db in try Self.pathsReleased(purging: purged, reediting: reedited, db) }
            } catch {
                staged.values.forEach { $0.resources.forEach { store.discard($0.staged) } }
                stagedEdits.forEach { $0.discard(in: store) }
                throw error
            }
        }
        let newPaths = stagedAssets.flatMap { $0.resources.map(\.relativePath) } + stagedEdits.flatMap(\.paths)
        var intent: ResourceStore.Intent?
        do {
            if !newPaths.isEmpty || !purgePaths.isEmpty {
                intent = try store.writeIntent(newPaths + purgePaths)
                FaultPoint.afterIntent.reach()
            }
            for asset in stagedAssets { for resource in asset.resources { try store.place(resource.staged, at: resource.relativePath) } }
            for edit in stagedEdits {
                try store.place(edit.rendered, at: edit.renderedPath)
                try store.place(edit.adjustment, at: edit.adjustmentPath)
                if let paired = edit.pairedVideo { try store.place(paired.file, at: paired.path) }
            }
            FaultPoint.afterPlacingFiles.reach()
        } catch {
            stagedEdits.forEach { $0.discard(in: store) }
            cleanUp(newPaths: newPaths, stagedAssets, intent)
            throw LibraryError.wrap(error, "Storing new resources failed")
        }

        // 3. One transaction.
        let outcome: ChangeOutcome
        var lateIntent: ResourceStore.Intent?
        do {
            outcome = try pool.write { db in
                // Again under the write lock: a folder renamed while the files were staged must not take the commit.
                try requireAvailable()
                try ChangeRecording.begin(db)
                try batch.actingAccount?.enforce(operations, db)
                try batch.actingApp?.enforce(operations, db)
                // Files another process committed since the paths were read (an edit of an asset this batch erases
                // or edits again) are released by this commit too: journaled before it, deleted after it.
                if !purged.isEmpty || !reedited.isEmpty {
                    let late = Set(try Self.pathsReleased(purging: purged, reediting: reedited, db)).subtracting(purgePaths)
                    if !late.isEmpty {
                        lateIntent = try store.writeIntent(Array(late))
                        purgePaths += late
                    }
                }
                var transaction = ChangeTransaction(db: db, staged: staged)
                transaction.stagedEdits = stagedEdits
                for operation in operations { try transaction.run(operation) }
                try batch.actingAccount?.recordOwnership(of: operations, db)
                try batch.actingApp?.recordCreations(of: operations, db)
                try transaction.finish()
                transaction.outcome.token = try ChangeRecording.finish(transaction.outcome, db)
                try batch.receipt?.insert(token: transaction.outcome.token, db)
                for entry in batch.audit { try Self.insert(entry, db) }
                FaultPoint.beforeCommit.reach()
                return transaction.outcome
            }
        } catch {
            if LibraryError.commitMayHaveHeld(error) {
                // SQLite may have written the commit before the failing flush: the next open decides (its log
                // recovery, then the journal entry's rule), so the placed files and the entry stay until then.
                stagedAssets.forEach { $0.resources.forEach { store.discard($0.staged) } }
                throw LibraryError.wrap(error, "The change could not be confirmed")
                    .appending("; whether it was saved is settled the next time the library opens")
            }
            cleanUp(newPaths: newPaths, stagedAssets, intent)
            if let lateIntent { store.clearIntent(lateIntent) }
            throw LibraryError.wrap(error, "The change could not be applied")
        }

        // 4. After the commit: erase purged files and those of skipped duplicates (no row references them), drop
        // moved sources, clear the intent.
        FaultPoint.afterCommit.reach()
        let skipped = stagedAssets.filter { outcome.skippedDuplicates.contains($0.request.identifier) }
        try? deleteUnreferencedFiles(purgePaths + skipped.flatMap { $0.resources.map(\.relativePath) })
        for asset in stagedAssets where !outcome.skippedDuplicates.contains(asset.request.identifier) {
            for resource in asset.resources where resource.spec.moveSourceFile {
                if case .file(let url) = resource.spec.source { try? FileManager.default.removeItem(at: url) }
            }
        }
        if let intent { store.clearIntent(intent) }
        if let lateIntent { store.clearIntent(lateIntent) }
        if outcome.token != nil { changeSignal.post() }
        return outcome
    }

    /// The stored files a batch releases: every file of the assets it erases, and the edit files of the assets it
    /// edits again or reverts.
    private static func pathsReleased(purging purged: [String], reediting reedited: [String], _ db: Database) throws -> [String] {
        let editTypes = ChangeTransaction.editResourceTypes.map { String($0.rawValue) }.joined(separator: ",")
        return try String.fetchAll(db, sql: "SELECT DISTINCT r.path FROM resource r JOIN asset a ON a.id = r.asset_id WHERE a.identifier IN (SELECT value FROM json_each(?))",
                                   arguments: [AssetQuery.jsonArray(purged)])
            + String.fetchAll(db, sql: "SELECT DISTINCT r.path FROM resource r JOIN asset a ON a.id = r.asset_id WHERE r.type IN (\(editTypes)) AND a.identifier IN (SELECT value FROM json_each(?))",
                              arguments: [AssetQuery.jsonArray(reedited)])
    }

    /// Undoes the file side of a change that failed. A commit reported as failed may still have reached the disk (an
    /// I/O error after SQLite wrote its log), so placed files are removed only where no row references them; when the
    /// database cannot tell, the journal entry stays and the next open resolves it by the same rule.
    private func cleanUp(newPaths: [String], _ assets: [StagedAsset], _ intent: ResourceStore.Intent?) {
        for asset in assets { asset.resources.forEach { store.discard($0.staged) } }
        do {
            try deleteUnreferencedFiles(newPaths)
            if let intent { store.clearIntent(intent) }
        } catch {}
    }
}
