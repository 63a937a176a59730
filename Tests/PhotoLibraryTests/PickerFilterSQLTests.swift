import XCTest
@testable import PhotoLibrary
import _TestSupport

/// `PickerFilter`'s SQL against an evaluator written in Swift over the same records, on a filled library (every
/// kind the filler makes: photos, videos, Live Photos, screenshots, panoramas, bursts, slow-motion, time-lapse,
/// depth, RAW, hidden): every kind alone, then seeded random combinations of `any`/`all`/`not`. No media needed.
final class PickerFilterSQLTests: LibraryTestCase {
    private var records: [AssetRecord] = []
    private var visible: Set<Int64> = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        try library.fill(count: 3_000, seed: 11)
        visible = Set(try library.assetRowIDs(AssetQuery(scope: .all)))
        let all = try library.assetRowIDs(AssetQuery(scope: .all, includeHiddenAssets: true, includeAllBurstAssets: true))
        records = try library.orderedAssets(rowIDs: all)
    }

    /// What the filter should select, by the Swift evaluator, in the picker's order (newest first).
    private func expected(_ filter: PickerFilter?) -> [String] {
        records.filter { record in visible.contains(record.rowID) && (filter.map { Self.matches($0, record) } ?? true) }
            .sorted { ($0.creationDate ?? .distantPast, $0.rowID) > ($1.creationDate ?? .distantPast, $1.rowID) }
            .map(\.identifier)
    }

    private static func matches(_ filter: PickerFilter, _ record: AssetRecord) -> Bool {
        let subtypes = record.mediaSubtypes
        switch filter {
        case .images: return record.mediaType == .image
        case .videos: return record.mediaType == .video
        case .livePhotos: return subtypes.contains(.photoLive)
        case .screenshots: return subtypes.contains(.photoScreenshot)
        case .screenRecordings: return subtypes.contains(.videoScreenRecording)
        case .bursts: return record.representsBurst
        case .panoramas: return subtypes.contains(.photoPanorama)
        case .slomoVideos: return subtypes.contains(.videoHighFrameRate)
        case .timelapseVideos: return subtypes.contains(.videoTimelapse)
        case .depthEffectPhotos: return subtypes.contains(.photoDepthEffect)
        case .cinematicVideos: return subtypes.contains(.videoCinematic)
        case .spatialMedia: return subtypes.contains(.spatialMedia)
        case .playbackStyle(let style): return record.playbackStyle.rawValue == style
        case .any(let filters): return filters.contains { matches($0, record) }
        case .all(let filters): return filters.allSatisfy { matches($0, record) }
        case .not(let inner): return !matches(inner, record)
        }
    }

    func testEveryKindAlone() throws {
        XCTAssertEqual(try library.pickerAssetIdentifiers(matching: nil), expected(nil))
        var nonEmpty = 0
        for (name, kind) in PickerFilter.namedKinds {
            let want = expected(kind)
            XCTAssertEqual(try library.pickerAssetIdentifiers(matching: kind), want, name)
            if !want.isEmpty { nonEmpty += 1 }
        }
        // The filler makes at least images, videos, Live Photos, screenshots, bursts, panoramas, slo-mo, time-lapse, depth.
        XCTAssertGreaterThanOrEqual(nonEmpty, 9)
        for style in 0...5 {
            XCTAssertEqual(try library.pickerAssetIdentifiers(matching: .playbackStyle(style)), expected(.playbackStyle(style)))
        }
    }

    func testRandomCombinations() throws {
        var generator = SeededGenerator(seed: 42)
        func random(_ depth: Int) -> PickerFilter {
            let kinds = PickerFilter.namedKinds.map(\.filter) + [.playbackStyle(3)]
            guard depth > 0 else { return kinds[Int(generator.next() % UInt64(kinds.count))] }
            switch generator.next() % 4 {
            case 0: return .not(random(depth - 1))
            case 1: return .any((0..<Int(generator.next() % 4)).map { _ in random(depth - 1) })
            case 2: return .all((0..<Int(generator.next() % 4)).map { _ in random(depth - 1) })
            default: return random(0)
            }
        }
        for _ in 0..<150 {
            let filter = random(3)
            XCTAssertEqual(try library.pickerAssetIdentifiers(matching: filter), expected(filter), "\(filter)")
            // The text form selects the same assets.
            XCTAssertEqual(try PickerFilter(parsing: filter.description), filter)
        }
    }

    func testLimitAndRefusals() throws {
        let newest = try library.pickerAssetIdentifiers(matching: .videos, limit: 5)
        XCTAssertEqual(newest, Array(expected(.videos).prefix(5)))
        let hidden = try XCTUnwrap(records.first { $0.isHidden }).identifier
        let photo = try XCTUnwrap(records.first { visible.contains($0.rowID) && $0.mediaType == .image }).identifier
        let refusals = try library.pickerRefusals(for: [hidden, photo], filter: .videos)
        XCTAssertEqual(refusals, [hidden: .hidden, photo: .excludedByFilter])
        XCTAssertEqual(try library.pickerRefusals(for: [photo], filter: nil), [:])
    }
}
