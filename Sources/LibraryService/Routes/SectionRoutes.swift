import Foundation
import Hummingbird
import PhotoLibrary
import Synchronization

extension PhotosService {
    /// `GET /api/fetches/{id}/sections?utcOffset=MINUTES`: an asset fetch's assets grouped into runs of the same
    /// local day (`utcOffset`: the viewer's minutes east of UTC), in the fetch's order — a timeline's day headers.
    /// Counts add up to the fetch's count, so a client lays out a million assets without reading them.
    func addSectionRoutes(to router: Router<APIContext>) {
        router.get("/api/fetches/:fetch/sections") { request, context -> Response in
            let snapshot = try self.snapshot(context)
            guard snapshot.entity == .assets else { throw Problem.badRequest("Sections are for asset fetches") }
            let minutes = try Self.intParameter(request, "utcOffset", default: 0, range: -18 * 60...18 * 60)
            let runs = try await Offload.run { () throws -> [DayRun] in
                // The same ids at the same change token give the same runs: every page load of a timeline asks.
                var hasher = Hasher()
                snapshot.rowIDs.withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
                let key = SectionCache.Key(token: snapshot.token, utcOffset: minutes, count: snapshot.rowIDs.count, ids: hasher.finalize())
                if let cached = self.sectionCache.get(key) { return cached }
                let runs = try self.library.dayRuns(rowIDs: snapshot.rowIDs.array, utcOffset: minutes * 60)
                self.sectionCache.put(key, runs)
                return runs
            }
            var out = JSONOutput()
            out.raw("{"); out.key("changeToken", first: true); out.integer(snapshot.token)
            out.key("count"); out.integer(snapshot.rowIDs.count)
            out.key("fetch"); out.string(snapshot.id)
            out.key("sections"); out.raw("[")
            for (index, run) in runs.enumerated() {
                if index > 0 { out.raw(",") }
                out.raw("{"); out.key("count", first: true); out.integer(Int64(run.count))
                out.key("day")
                if let day = run.day { out.string(Self.isoDay(day)) } else { out.raw("null") }
                out.raw("}")
            }
            out.raw("]}")
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: out.bytes)))
        }
    }

    /// `YYYY-MM-DD` for a day number since 1970-01-01 (proleptic Gregorian).
    static func isoDay(_ day: Int) -> String {
        // Civil-from-days (Howard Hinnant's algorithm).
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d", y, m, d)
    }
}

/// The last few day-section answers, by the ids they were made from (a process-local cache: nothing another
/// process could invalidate, since the key holds the change token and the ids themselves).
final class SectionCache: Sendable {
    struct Key: Hashable, Sendable { let token: Int64; let utcOffset: Int; let count: Int; let ids: Int }
    private let entries = Mutex<[(Key, [DayRun])]>([])
    private let capacity = 8

    func get(_ key: Key) -> [DayRun]? { entries.withLock { list in list.first { $0.0 == key }?.1 } }

    func put(_ key: Key, _ runs: [DayRun]) {
        entries.withLock { list in
            list.removeAll { $0.0 == key }
            list.append((key, runs))
            if list.count > capacity { list.removeFirst() }
        }
    }
}
