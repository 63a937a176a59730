import Foundation
import GRDB

/// One asset's stored analysis.
public struct AnalysisRecord: Sendable, Equatable {
    public var assetRowID: Int64
    /// The rendition analysed (its content key).
    public var contentKey: String
    public var analysedDate: Date
    /// Why the pixels could not be analysed; nil when `analysis` is set.
    public var failure: String?
    public var analysis: AssetAnalysis?
}

extension Library {
    /// The edit mark of an asset in SQL: its newest edit-history row id, 0 when never edited or reverted.
    private static let editMarkSQL = "COALESCE((SELECT max(h.id) FROM edit_history h WHERE h.asset_id = a.id), 0)"

    /// Photos (not in the trash) whose current version has no analysis by `analyserVersion` or newer, newest first:
    /// at most `limit`, with row ids below `before` when given (to page through a large library).
    public func analysisCandidates(analyserVersion: Int, limit: Int, before: Int64? = nil) throws(LibraryError) -> [AnalysisCandidate] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT a.id, \(Self.editMarkSQL) AS mark FROM asset a LEFT JOIN asset_analysis x ON x.asset_id = a.id
                WHERE a.media_type = \(MediaType.image.rawValue) AND a.trashed_date IS NULL AND a.id < ?
                  AND (x.asset_id IS NULL OR x.analyser_version < ? OR x.edit_mark != \(Self.editMarkSQL))
                ORDER BY a.id DESC LIMIT ?
                """, arguments: [before ?? .max, analyserVersion, limit])
            .map { AnalysisCandidate(assetRowID: $0[0], editMark: $0[1]) }
        }
    }

    /// Records the analysis of `candidate`'s asset, or why it failed, in one transaction, and puts its faces into
    /// people (`PersonMatching`). Returns false, writing nothing, when the asset is gone, in the trash or was edited
    /// or reverted after the candidate was read (its next analysis will see the new version).
    @discardableResult
    public func recordAnalysis(_ outcome: Result<AssetAnalysis, AnalysisFailure>, for candidate: AnalysisCandidate,
                               contentKey: String, analyserVersion: Int) throws(LibraryError) -> Bool {
        try write { db in
            guard let mark = try Int64.fetchOne(db, sql: "SELECT \(Self.editMarkSQL) FROM asset a WHERE a.id = ? AND a.trashed_date IS NULL",
                                                arguments: [candidate.assetRowID]),
                  mark == candidate.editMark else { return false }
            try db.execute(sql: "DELETE FROM face WHERE asset_id = ?", arguments: [candidate.assetRowID])
            let now = Date().timeIntervalSince1970
            switch outcome {
            case .failure(let failure):
                try db.execute(sql: """
                    INSERT OR REPLACE INTO asset_analysis (asset_id, edit_mark, content_key, analyser_version, analysed_date, failure)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [candidate.assetRowID, mark, contentKey, analyserVersion, now, failure.reason])
            case .success(let analysis):
                let s = analysis.salientRegion
                try db.execute(sql: """
                    INSERT OR REPLACE INTO asset_analysis (asset_id, edit_mark, content_key, analyser_version, analysed_date, failure,
                        quality, sharpness, exposure, noise, perceptual_hash, saliency_x, saliency_y, saliency_width, saliency_height)
                    VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [candidate.assetRowID, mark, contentKey, analyserVersion, now,
                                     analysis.quality, analysis.sharpness, analysis.exposure, analysis.noise,
                                     Int64(bitPattern: analysis.perceptualHash), s?.x, s?.y, s?.width, s?.height])
                try Self.insertFaces(analysis.faces, assetRowID: candidate.assetRowID, now: now, db)
            }
            return true
        }
    }

    /// Inserts faces, joining those with descriptors to people (new people for faces that match none).
    private static func insertFaces(_ faces: [AnalysedFace], assetRowID: Int64, now: Double, _ db: Database) throws {
        let described = faces.indices.filter { faces[$0].descriptor != nil }
        var people: [PersonMatching.Candidate] = []
        if !described.isEmpty {
            people = try Row.fetchAll(db, sql: "SELECT id, centroid, centroid_weight FROM person").compactMap { row in
                PersonMatching.descriptor(row[1]).map { PersonMatching.Candidate(rowID: row[0], centroid: $0, weight: row[2]) }
            }
        }
        let choices = PersonMatching.assign(described.map { faces[$0].descriptor! }, to: people)
        var personOfFace: [Int: Int64] = [:]
        for (k, faceIndex) in described.enumerated() {
            let descriptor = faces[faceIndex].descriptor!
            if let chosen = choices[k] {
                let person = people[chosen]
                let centroid = PersonMatching.centroid(person.centroid, weight: person.weight, adding: descriptor)
                try db.execute(sql: "UPDATE person SET centroid = ?, centroid_weight = centroid_weight + 1 WHERE id = ?",
                               arguments: [PersonMatching.bytes(centroid), person.rowID])
                personOfFace[faceIndex] = person.rowID
            } else {
                try db.execute(sql: "INSERT INTO person (identifier, centroid, centroid_weight, created_date) VALUES (?, ?, 1, ?)",
                               arguments: [UUID().uuidString, PersonMatching.bytes(descriptor), now])
                personOfFace[faceIndex] = db.lastInsertedRowID
            }
        }
        for (index, face) in faces.enumerated() {
            let r = face.rect
            try db.execute(sql: """
                INSERT INTO face (asset_id, x, y, width, height, confidence, quality, descriptor, person_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [assetRowID, r.x, r.y, r.width, r.height, face.confidence, face.quality,
                                 face.descriptor.map(PersonMatching.bytes), personOfFace[index]])
        }
    }

    /// The stored analysis of an asset (whether or not it is still current), or nil when it was never analysed.
    public func analysisRecord(assetRowID: Int64) throws(LibraryError) -> AnalysisRecord? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT content_key, analysed_date, failure, quality, sharpness, exposure, noise, perceptual_hash,
                       saliency_x, saliency_y, saliency_width, saliency_height
                FROM asset_analysis WHERE asset_id = ?
                """, arguments: [assetRowID]) else { return nil }
            var record = AnalysisRecord(assetRowID: assetRowID, contentKey: row[0], analysedDate: Date(timeIntervalSince1970: row[1]),
                                        failure: row[2], analysis: nil)
            guard record.failure == nil, let quality: Double = row[3] else { return record }
            let salient: NormalizedRect? = (row[8] as Double?).map { NormalizedRect(x: $0, y: row[9], width: row[10], height: row[11]) }
            let faces = try Row.fetchAll(db, sql: """
                SELECT f.x, f.y, f.width, f.height, f.confidence, f.quality, f.descriptor, p.identifier
                FROM face f LEFT JOIN person p ON p.id = f.person_id WHERE f.asset_id = ? ORDER BY f.id
                """, arguments: [assetRowID]).map { f in
                AnalysedFace(rect: NormalizedRect(x: f[0], y: f[1], width: f[2], height: f[3]), confidence: f[4], quality: f[5],
                             descriptor: (f[6] as Data?).flatMap(PersonMatching.descriptor), personIdentifier: f[7])
            }
            record.analysis = AssetAnalysis(quality: quality, sharpness: row[4], exposure: row[5], noise: row[6],
                                            perceptualHash: UInt64(bitPattern: row[7]), salientRegion: salient, faces: faces)
            return record
        }
    }

    /// People seen in photos not in the trash, most photographed first.
    public func people() throws(LibraryError) -> [Person] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.identifier, count(*),
                       (SELECT f2.asset_id FROM face f2 JOIN asset a2 ON a2.id = f2.asset_id
                        WHERE f2.person_id = p.id AND a2.trashed_date IS NULL ORDER BY f2.quality DESC, f2.id LIMIT 1)
                FROM person p JOIN face f ON f.person_id = p.id JOIN asset a ON a.id = f.asset_id
                WHERE a.trashed_date IS NULL GROUP BY p.id ORDER BY count(*) DESC, p.id
                """).map { Person(identifier: $0[0], faceCount: $0[1], keyAssetRowID: $0[2]) }
        }
    }

    /// Row ids of the photos (not in the trash) in which a person appears, oldest first.
    public func assetRowIDs(ofPerson identifier: String) throws(LibraryError) -> [Int64] {
        try read { db in
            try Int64.fetchAll(db, sql: """
                SELECT DISTINCT a.id FROM face f JOIN person p ON p.id = f.person_id JOIN asset a ON a.id = f.asset_id
                WHERE p.identifier = ? AND a.trashed_date IS NULL ORDER BY a.creation_date, a.id
                """, arguments: [identifier])
        }
    }

    /// Groups of near-duplicate photos (not in the trash), best first in each (`NearDuplicates`).
    public func nearDuplicateGroups() throws(LibraryError) -> [[Int64]] {
        let items = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT a.id, a.creation_date, x.perceptual_hash, x.quality FROM asset a JOIN asset_analysis x ON x.asset_id = a.id
                WHERE a.trashed_date IS NULL AND x.perceptual_hash IS NOT NULL
                """).map { row in
                NearDuplicates.Item(assetRowID: row[0], date: (row[1] as Double?).map(Date.init(timeIntervalSince1970:)),
                                    hash: UInt64(bitPattern: row[2]), quality: row[3])
            }
        }
        return NearDuplicates.groups(items)
    }

    /// How far analysis has come for `analyserVersion`.
    public func analysisSummary(analyserVersion: Int) throws(LibraryError) -> AnalysisSummary {
        try read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT count(*),
                       count(x.asset_id),
                       count(x.failure)
                FROM asset a LEFT JOIN asset_analysis x ON x.asset_id = a.id AND x.analyser_version >= ? AND x.edit_mark = \(Self.editMarkSQL)
                WHERE a.media_type = \(MediaType.image.rawValue) AND a.trashed_date IS NULL
                """, arguments: [analyserVersion])!
            let faces = try Row.fetchOne(db, sql: """
                SELECT count(*), count(f.person_id), count(DISTINCT f.person_id) FROM face f JOIN asset a ON a.id = f.asset_id WHERE a.trashed_date IS NULL
                """)!
            return AnalysisSummary(photos: row[0], analysed: row[1], failed: row[2], faces: faces[0], facesWithPerson: faces[1], people: faces[2])
        }
    }
}

/// Why a photo could not be analysed (stored, so it is not tried again until the photo changes).
public struct AnalysisFailure: Error, Sendable, Equatable {
    public var reason: String
    /// A failure for `reason` (a sentence naming the problem).
    public init(_ reason: String) { self.reason = reason }
}
