import Foundation
import Testing
import PhotosUI
import PhotoLibrary
import _TestSupport

/// `PHPickerFilter` compiled to SQL by the core (`PickerFilter`), run against a real imported library.
@Suite(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
struct PickerFilterTests {
    /// The names (original file names) of the assets a filter shows.
    func shown(_ filter: PHPickerFilter?, _ fixture: PickerFixture) throws -> Set<String> {
        let names = Dictionary(fixture.ids.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        return Set(try fixture.library.pickerAssetIdentifiers(matching: filter?.pickerFilter).map { names[$0] ?? $0 })
    }

    @Test func eachKindShowsItsAssets() throws {
        let fixture = try #require(PickerFixture.shared)
        let burst = try fixture.burst()
        let burstName = try #require(fixture.ids.first { $0.value == burst.shown }?.key)
        let images: Set = ["no_metadata.jpg", "screenshot_window_alpha.png", "panorama_4x1.jpg", burstName, "real_iphone8_gps.heic", "IMG_0002.JPG"]
        let videos: Set = ["h264_aac.mp4", "hevc_portrait_rotated.mov", "slomo_120fps.mov"]
        // No filter: every visible asset (not the hidden one, the trashed one or the burst's other frames).
        #expect(try shown(nil, fixture) == images.union(videos))
        #expect(try shown(.images, fixture) == images)
        #expect(try shown(.videos, fixture) == videos)
        #expect(try shown(.livePhotos, fixture) == ["IMG_0002.JPG"])
        #expect(try shown(.screenshots, fixture) == ["screenshot_window_alpha.png"])
        #expect(try shown(.panoramas, fixture) == ["panorama_4x1.jpg"])
        #expect(try shown(.bursts, fixture) == [burstName])
        #expect(try shown(.slomoVideos, fixture) == ["slomo_120fps.mov"])
        #expect(try shown(.playbackStyle(.livePhoto), fixture) == ["IMG_0002.JPG"])
        #expect(try shown(.timelapseVideos, fixture).isEmpty)
        #expect(try shown(.cinematicVideos, fixture).isEmpty)
        #expect(try shown(.spatialMedia, fixture).isEmpty)
        #expect(try shown(.screenRecordings, fixture).isEmpty)
    }

    @Test func combinationsNotAnyAll() throws {
        let fixture = try #require(PickerFixture.shared)
        let everything = try shown(nil, fixture)
        let images = try shown(.images, fixture)
        #expect(try shown(.not(.images), fixture) == everything.subtracting(images))
        #expect(try shown(.all(of: [.images, .not(.screenshots), .not(.livePhotos)]), fixture)
                == images.subtracting(["screenshot_window_alpha.png", "IMG_0002.JPG"]))
        #expect(try shown(.any(of: [.screenshots, .slomoVideos]), fixture) == ["screenshot_window_alpha.png", "slomo_120fps.mov"])
        #expect(try shown(.any(of: []), fixture).isEmpty)
        #expect(try shown(.all(of: []), fixture) == everything)
        #expect(try shown(.not(.not(.videos)), fixture) == (try shown(.videos, fixture)))
    }

    @Test func newestFirstWithLimit() throws {
        let fixture = try #require(PickerFixture.shared)
        let all = try fixture.library.pickerAssetIdentifiers(matching: nil)
        let dates = try fixture.library.orderedAssets(rowIDs: try fixture.library.assetRowIDs(identifiers: all)).map { $0.creationDate ?? .distantPast }
        #expect(dates == dates.sorted(by: >))
        #expect(try fixture.library.pickerAssetIdentifiers(matching: nil, limit: 3) == Array(all.prefix(3)))
    }

    @Test func refusalsNameTheReason() throws {
        let fixture = try #require(PickerFixture.shared)
        let burst = try fixture.burst()
        let hidden = try fixture.id(PickerFixture.hiddenFile), trashed = try fixture.id(PickerFixture.trashedFile)
        let video = try fixture.id("h264_aac.mp4"), image = try fixture.id("no_metadata.jpg")
        let unknown = "00000000-0000-0000-0000-000000000000/L0/001"
        let refusals = try fixture.library.pickerRefusals(for: [image, video, hidden, trashed, burst.others[0], unknown], filter: .images)
        #expect(refusals == [video: .excludedByFilter, hidden: .hidden, trashed: .trashed, burst.others[0]: .hiddenBurstFrame, unknown: .notFound])
    }

    @Test func textFormRoundTrips() throws {
        let cases: [(String, PickerFilter)] = [
            ("images", .images), ("LivePhotos", .livePhotos), ("any:images,videos", .any([.images, .videos])),
            ("all(images, not(screenshots))", .all([.images, .not(.screenshots)])), ("not:bursts", .not(.bursts)),
            ("playbackStyle:3", .playbackStyle(3)), ("any()", .any([])),
        ]
        for (text, filter) in cases {
            #expect(try PickerFilter(parsing: text) == filter, "\(text)")
            #expect(try PickerFilter(parsing: filter.description) == filter)
        }
        for bad in ["", "photos", "any(images", "not(images,videos)", "playbackStyle(9)", "images videos"] {
            #expect(throws: LibraryError.self, "\(bad)") { try PickerFilter(parsing: bad) }
        }
        // Hostile text stays bounded: deep nesting and very long lists are refused, not a stack overflow.
        let deep = String(repeating: "not(", count: 10_000) + "images" + String(repeating: ")", count: 10_000)
        #expect(throws: LibraryError.self) { try PickerFilter(parsing: deep) }
        let nested = String(repeating: "not(", count: PickerFilter.maximumNesting - 1) + "images" + String(repeating: ")", count: PickerFilter.maximumNesting - 1)
        #expect(try PickerFilter(parsing: nested).sqlCondition.contains("a.media_type = 1"))
        #expect(throws: LibraryError.self) { try PickerFilter(parsing: "any(" + Array(repeating: "images", count: 1000).joined(separator: ",") + ")") }
        #expect(PHPickerFilter.any(of: [.images, .videos]).description == "any(images,videos)")
        #expect(PHPickerFilter.images == .images && PHPickerFilter.images != .videos)
    }
}
