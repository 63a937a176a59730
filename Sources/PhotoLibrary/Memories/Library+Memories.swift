import Foundation
import GRDB

extension Library {
    /// The library's memories as of `today`, newest first: trips (away from home, by day), events (large moments
    /// at home), "on this day" (photos from around today's date in earlier years, by year) and people over time
    /// (by year), each curated from a summary to everything (`MemoryRules`). Made from the library as it is now, so
    /// always current; the same memory keeps its identifier as the library changes. Photos in the trash, hidden
    /// photos, burst frames not picked and photos without a date are left out.
    public func memories(today: Date = Date(), calendar: Calendar = .current) throws(LibraryError) -> [Memory] {
        let items = try memoryItems()
        var memories: [Memory] = []
        let naming = MemoryNaming(calendar: calendar)
        var inTrips = Set<Int64>()
        if let home = MemoryRules.home(items) {
            for trip in MemoryRules.trips(items, home: home) {
                inTrips.formUnion(trip.map(\.rowID))
                let days = Self.byDay(trip, calendar: calendar)
                memories.append(make(.trip, key: naming.day(trip[0].date), title: "Trip, " + naming.range(trip[0].date, trip.last!.date),
                                     sections: days.enumerated().map { ("Day \($0.offset + 1): " + naming.day(long: $0.element.key), $0.element.value) }))
            }
        }
        for (moment, photos) in Dictionary(grouping: items.filter { $0.momentRowID != nil && !inTrips.contains($0.rowID) }, by: { $0.momentRowID! })
        where photos.count >= MemoryRules.minimumEventPhotos {
            let sorted = photos.sorted { $0.date < $1.date }
            memories.append(make(.event, key: "moment \(moment)", title: naming.range(sorted[0].date, sorted.last!.date), sections: [("", photos)]))
        }
        // Today's date in each earlier year, give or take the window: a few intervals, so a million photos are
        // placed without a calendar computation each.
        let thisYear = calendar.component(.year, from: today)
        let firstYear = items.map(\.date).min().map { calendar.component(.year, from: $0) } ?? thisYear
        let windows: [(start: Date, end: Date)] = (max(1, firstYear)..<thisYear).compactMap { year in
            guard let sameDay = calendar.date(byAdding: .year, value: year - thisYear, to: today),
                  let start = calendar.date(byAdding: .day, value: -MemoryRules.onThisDayWindow, to: calendar.startOfDay(for: sameDay)),
                  let end = calendar.date(byAdding: .day, value: 2 * MemoryRules.onThisDayWindow + 1, to: start) else { return nil }
            return (start, end)
        }
        let earlier = items.filter { item in windows.contains { item.date >= $0.start && item.date < $0.end } }
        if earlier.count >= MemoryRules.minimumOnThisDayPhotos {
            let years = Dictionary(grouping: earlier) { calendar.component(.year, from: $0.date) }.sorted { $0.key < $1.key }
            memories.append(make(.onThisDay, key: naming.monthDay(today), title: "On this day: " + naming.monthDay(long: today),
                                 sections: years.map { (String($0.key), $0.value) }))
        }
        var byPerson: [String: [MemoryRules.Item]] = [:]
        for item in items { for person in Set(item.people) { byPerson[person, default: []].append(item) } }
        for (person, photos) in byPerson where photos.count >= MemoryRules.minimumPersonPhotos {
            let months = Set(photos.map { calendar.dateComponents([.year, .month], from: $0.date) })
            guard months.count >= 2 else { continue }
            let years = Dictionary(grouping: photos) { calendar.component(.year, from: $0.date) }.sorted { $0.key < $1.key }
            let sorted = photos.sorted { $0.date < $1.date }
            var memory = make(.person, key: person, title: "Over the years, " + naming.years(sorted[0].date, sorted.last!.date),
                              sections: years.map { (String($0.key), $0.value) })
            memory.personIdentifier = person
            memories.append(memory)
        }
        return memories.sorted { ($0.endDate, $0.identifier) > ($1.endDate, $1.identifier) }
    }

    /// Photos (in date order) grouped by their calendar day, days in order; a calendar computation per day, not per photo.
    static func byDay(_ items: [MemoryRules.Item], calendar: Calendar) -> [(key: Date, value: [MemoryRules.Item])] {
        var days: [(key: Date, value: [MemoryRules.Item])] = []
        var end = Date.distantPast
        for item in items.sorted(by: { ($0.date, $0.rowID) < ($1.date, $1.rowID) }) {
            if item.date >= end || days.isEmpty {
                let start = calendar.startOfDay(for: item.date)
                end = calendar.date(byAdding: .day, value: 1, to: start) ?? item.date.addingTimeInterval(86_400)
                days.append((start, []))
            }
            days[days.count - 1].value.append(item)
        }
        return days
    }

    /// One memory by identifier, as of `today`; nil when the library has no such memory (now).
    public func memory(identifier: String, today: Date = Date(), calendar: Calendar = .current) throws(LibraryError) -> Memory? {
        try memories(today: today, calendar: calendar).first { $0.identifier == identifier.uppercased() }
    }

    private func make(_ kind: MemoryKind, key: String, title: String, sections: [(String, [MemoryRules.Item])]) -> Memory {
        let all = sections.flatMap(\.1)
        let made = sections.map { MemorySection(title: $0.0, levels: MemoryRules.levels($0.1)) }
        let keyPhoto = MemoryRules.keyPhoto(all, summary: made.flatMap(\.summary)) ?? all[0].rowID
        let dates = all.map(\.date)
        return Memory(identifier: MemoryRules.identifier(kind: kind, key: key), kind: kind, title: title, startDate: dates.min()!,
                      endDate: dates.max()!, keyAssetRowID: keyPhoto, personIdentifier: nil, sections: made)
    }

    /// Every photo memories may use (or those of `rowIDs` among them), with what analysis found about it.
    func memoryItems(rowIDs: Set<Int64>? = nil) throws(LibraryError) -> [MemoryRules.Item] {
        let groups = try nearDuplicateGroups()
        var group: [Int64: (Int, Bool)] = [:]
        for (index, members) in groups.enumerated() { for (position, row) in members.enumerated() { group[row] = (index, position == 0) } }
        return try read { db in
            var people: [Int64: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT f.asset_id, p.identifier FROM face f JOIN person p ON p.id = f.person_id") {
                people[row[0], default: []].append(row[1])
            }
            return try Row.fetchAll(db, sql: """
                SELECT a.id, a.creation_date, a.latitude, a.longitude, a.moment_id, a.is_favorite,
                       COALESCE(x.quality, CASE WHEN x.failure IS NOT NULL THEN 0 ELSE 0.5 END)
                FROM asset a LEFT JOIN asset_analysis x ON x.asset_id = a.id
                WHERE a.trashed_date IS NULL AND a.is_hidden = 0 AND a.burst_extra = 0 AND a.media_type = \(MediaType.image.rawValue)
                  AND a.creation_date IS NOT NULL \(rowIDs.flatMap { $0.count <= 50_000 ? " AND a.id IN (\($0.map(String.init).joined(separator: ",")))" : nil } ?? "")
                """).filter { rowIDs?.contains($0[0]) ?? true }.map { row in
                let id: Int64 = row[0]
                let location: GeoPoint? = (row[2] as Double?).flatMap { lat in (row[3] as Double?).map { GeoPoint(latitude: lat, longitude: $0) } }
                return MemoryRules.Item(rowID: id, date: Date(timeIntervalSince1970: row[1]), location: location, momentRowID: row[4],
                                        quality: row[6], isFavorite: row[5], people: people[id] ?? [], duplicateGroup: group[id]?.0,
                                        isBestOfGroup: group[id]?.1 ?? false)
            }
        }
    }
}

/// Titles' dates, in English (the service and the web app show them as they are). Formatters are made once per
/// naming (making one costs more than a thousand formattings).
final class MemoryNaming {
    let calendar: Calendar
    private var formatters: [String: DateFormatter] = [:]

    init(calendar: Calendar) { self.calendar = calendar }

    private func format(_ pattern: String, _ date: Date) -> String {
        if let formatter = formatters[pattern] { return formatter.string(from: date) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        formatters[pattern] = formatter
        return formatter.string(from: date)
    }
    func day(_ date: Date) -> String { format("yyyy-MM-dd", date) }
    func day(long date: Date) -> String { format("EEEE d MMMM", date) }
    func monthDay(_ date: Date) -> String { format("MM-dd", date) }
    func monthDay(long date: Date) -> String { format("d MMMM", date) }
    /// "14 May 2022", "3–9 June 2023", "28 June – 3 July 2023", "30 December 2022 – 2 January 2023".
    func range(_ start: Date, _ end: Date) -> String {
        let c = calendar
        if c.isDate(start, inSameDayAs: end) { return format("d MMMM yyyy", start) }
        if c.component(.year, from: start) != c.component(.year, from: end) { return format("d MMMM yyyy", start) + " – " + format("d MMMM yyyy", end) }
        if c.component(.month, from: start) != c.component(.month, from: end) { return format("d MMMM", start) + " – " + format("d MMMM yyyy", end) }
        return format("d", start) + "–" + format("d MMMM yyyy", end)
    }
    func years(_ start: Date, _ end: Date) -> String {
        let a = calendar.component(.year, from: start), b = calendar.component(.year, from: end)
        return a == b ? String(a) : "\(a)–\(b)"
    }
}
