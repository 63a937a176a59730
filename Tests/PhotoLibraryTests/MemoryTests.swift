import Foundation
import Testing
@testable import PhotoLibrary
import _TestSupport

/// Memories made by the core from dated, located photos and (made-up) analysis results.
@Suite struct MemoryTests {
    static let utc: Calendar = { var c = Calendar(identifier: .gregorian); c.timeZone = TimeZone(identifier: "UTC")!; return c }()
    static let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522), tokyo = GeoPoint(latitude: 35.6762, longitude: 139.6503)

    static func date(_ text: String) -> Date {
        let f = ISO8601DateFormatter()
        return f.date(from: text + (text.count == 10 ? "T12:00:00Z" : "Z"))!
    }

    /// A library of photos with the given dates and places; their row ids in the same order.
    static func library(_ photos: [(String, GeoPoint?)], in directory: TemporaryDirectory) throws -> (Library, [Int64]) {
        let library = try Library.open(at: directory.appending("Memories.photoslibrary"))
        var identifiers: [String] = []
        var operations: [ChangeOperation] = []
        for (index, (date, place)) in photos.enumerated() {
            let identifier = LocalIdentifier.make(.asset)
            identifiers.append(identifier)
            operations.append(.createAsset(NewAsset(identifier: identifier, resources: [
                NewResource(type: .photo, source: .data(FixtureImages.jpeg(width: 16, height: 12, seed: index)), originalFilename: "IMG_\(index).JPG"),
            ], edits: AssetEdits(creationDate: .some(Self.date(date)), location: .some(place)))))
        }
        try library.apply(ChangeBatch(operations: operations))
        return (library, try library.assetRowIDs(identifiers: identifiers))
    }

    /// Records an analysis for a photo (quality, hash, people) as the analyser would.
    static func analyse(_ library: Library, _ rowID: Int64, quality: Double, hash: UInt64, person: [Float]? = nil) throws {
        let candidate = try #require(try library.analysisCandidates(analyserVersion: 1, limit: 1, before: rowID + 1).first)
        try #require(candidate.assetRowID == rowID, "each photo is analysed once")
        let faces = person.map { [AnalysedFace(rect: NormalizedRect(x: 0.4, y: 0.2, width: 0.2, height: 0.3), confidence: 1, quality: 0.8, descriptor: $0)] } ?? []
        try #require(try library.recordAnalysis(.success(AssetAnalysis(quality: quality, sharpness: quality, exposure: 1, noise: 0, perceptualHash: hash,
                                                                         salientRegion: nil, faces: faces)), for: candidate, contentKey: "k\(rowID)", analyserVersion: 1))
    }

    @Test func aTripAwayFromHomeBecomesAMemoryCuratedFromSummaryToEverything() throws {
        let directory = TemporaryDirectory(prefix: "memories")
        // Home in Paris over several months (where most photos are taken); a five-day trip to Tokyo with 20 photos,
        // some without a location.
        var photos: [(String, GeoPoint?)] = (1...9).flatMap { month in [1, 15, 25].map { (String(format: "2023-0%d-%02d", month, $0), Self.paris) } }
        for day in 3...7 { for hour in [9, 11, 14, 17] {
            photos.append((String(format: "2023-06-%02dT%02d:00:00", day, hour), hour == 11 ? nil : Self.tokyo))
        } }
        let (library, rows) = try Self.library(photos, in: directory)
        let trip = Array(rows[27...])
        // Two near-identical shots (the second worse), and a badly blurred one.
        let special: [Int: (Double, UInt64)] = [1: (0.6, 0x1111), 2: (0.9, 0x1111), 5: (0.1, 0x2222_3333_4444)]
        for (offset, row) in trip.enumerated() {
            let (quality, hash) = special[offset] ?? (0.7, UInt64(offset + 1) &* 0x9E37_79B9_7F4A_7C15)
            try Self.analyse(library, row, quality: quality, hash: hash)
        }

        let memories = try library.memories(today: Self.date("2024-01-15"), calendar: Self.utc)
        let memory = try #require(memories.first { $0.kind == .trip })
        #expect(memory.title == "Trip, 3–7 June 2023")
        #expect(memory.sections.map(\.title) == ["Day 1: Saturday 3 June", "Day 2: Sunday 4 June", "Day 3: Monday 5 June", "Day 4: Tuesday 6 June", "Day 5: Wednesday 7 June"])
        #expect(Set(memory.assetRowIDs) == Set(trip), "every trip photo, the unlocated ones between located ones included")
        for section in memory.sections {
            #expect(section.levels.count == 3)
            #expect(Set(section.summary).isSubset(of: Set(section.levels[1])) && Set(section.levels[1]).isSubset(of: Set(section.everything)))
            #expect(section.summary.count < section.everything.count || section.everything.count <= MemoryRules.summaryMinimum)
        }
        let curated = Set(memory.sections.flatMap { $0.levels[1] })
        #expect(!curated.contains(trip[1]) && curated.contains(trip[2]), "the better of two near-duplicates stays")
        #expect(!curated.contains(trip[5]), "the blurred photo is left out")
        #expect(memory.keyAssetRowID == trip[2], "the best photo stands for the trip")
        // Made again later (a new photo at home), the same trip keeps its identifier.
        try library.apply(ChangeBatch(operations: [.createAsset(NewAsset(resources: [NewResource(type: .photo, source: .data(FixtureImages.jpeg(seed: 99)))],
                                                                         edits: AssetEdits(creationDate: .some(Self.date("2023-12-01")), location: .some(Self.paris))))]))
        #expect(try library.memories(today: Self.date("2024-01-15"), calendar: Self.utc).first { $0.kind == .trip }?.identifier == memory.identifier)
        #expect(try library.memory(identifier: memory.identifier, today: Self.date("2024-01-15"), calendar: Self.utc) == memory)
    }

    @Test func onThisDayTakesEarlierYearsAroundTodaysDate() throws {
        let directory = TemporaryDirectory(prefix: "memories")
        let (library, rows) = try Self.library([("2021-12-04", nil), ("2022-12-05", nil), ("2022-12-08", nil), ("2023-12-09", nil), ("2023-11-20", nil),
                                                ("2024-12-05", nil)], in: directory)
        let memory = try #require(try library.memories(today: Self.date("2024-12-05"), calendar: Self.utc).first { $0.kind == .onThisDay })
        #expect(memory.title == "On this day: 5 December")
        #expect(memory.sections.map(\.title) == ["2021", "2022"])
        #expect(Set(memory.assetRowIDs) == Set([rows[0], rows[1], rows[2]]), "within 3 days, earlier years only")
    }

    @Test func aLargeMomentAtHomeIsAnEventAndAPersonIsFollowedOverTheYears() throws {
        let directory = TemporaryDirectory(prefix: "memories")
        var photos: [(String, GeoPoint?)] = (0..<14).map { (String(format: "2022-05-14T%02d:%02d:00", 14 + $0 / 6, ($0 % 6) * 10), Self.paris) }
        photos += ["2020-03-01", "2021-07-01", "2022-08-01", "2023-02-01"].map { ($0, Self.paris) }
        let (library, rows) = try Self.library(photos, in: directory)
        let someone = [Float](repeating: 0.05, count: 128)
        for (index, row) in rows.enumerated() { try Self.analyse(library, row, quality: 0.6, hash: UInt64(index) << 40 | 0xF0F0, person: index % 2 == 0 ? someone : nil) }
        let memories = try library.memories(today: Self.date("2024-01-15"), calendar: Self.utc)
        let event = try #require(memories.first { $0.kind == .event })
        #expect(event.title == "14 May 2022" && Set(event.assetRowIDs) == Set(rows[0..<14]))
        let person = try #require(memories.first { $0.kind == .person })
        #expect(person.personIdentifier == (try library.people().first?.identifier))
        #expect(person.sections.map(\.title) == ["2020", "2022"], "the photos of 2021 and 2023 are of no one")
        #expect(person.title == "Over the years, 2020–2022")
        #expect(memories.map(\.endDate) == memories.map(\.endDate).sorted(by: >), "newest first")
    }

    @Test func summariesSpanTheWholeTimeAndIdentifiersAreStable() {
        let items = (0..<50).map { MemoryRules.Item(rowID: Int64($0), date: Date(timeIntervalSince1970: Double($0) * 3600), location: nil, momentRowID: nil,
                                                    quality: $0 == 3 ? 0.95 : 0.5, isFavorite: false, people: [], duplicateGroup: nil, isBestOfGroup: false) }
        let levels = MemoryRules.levels(items)
        #expect(levels[0].count == 10 && levels[1].count == 50 && levels[2].count == 50)
        #expect(levels[0].contains(3) && levels[0].last! >= 45, "one pick per stretch, from the first to the last")
        #expect(MemoryRules.identifier(kind: .trip, key: "2023-06-03") == MemoryRules.identifier(kind: .trip, key: "2023-06-03"))
        #expect(MemoryRules.identifier(kind: .trip, key: "2023-06-03") != MemoryRules.identifier(kind: .event, key: "2023-06-03"))
        #expect(UUID(uuidString: MemoryRules.identifier(kind: .person, key: "x")) != nil)
    }
}
