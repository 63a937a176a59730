import Foundation
import XCTest
@testable import MediaInspection

/// Every file of the shared corpus against its manifest.json ground truth.
final class CorpusTests: XCTestCase {
    static let formats: [String: MediaInfo.Format] = [
        "jpeg": .jpeg, "heic": .heif, "png": .png, "gif": .gif, "webp": .webp, "tiff": .tiff, "dng": .dng,
        "mov": .quickTime, "mp4": .mpeg4, "m4a": .m4a,
    ]
    static let subtypeTraits: [String: Traits] = [
        "panorama": .panorama, "hdr": .hdr, "screenshot": .screenshot, "depth": .depthEffect, "animated": .animated,
        "high_frame_rate": .highFrameRate, "timelapse": .timelapse, "burst": .burst, "raw": .raw,
        "front_camera": .frontCamera, "screen_recording": .screenRecording,
    ]

    func testEveryCorpusFileMatchesManifest() throws {
        let entries = try TestMedia.manifestEntries().filter { $0["expected_error"] == nil }
        XCTAssertGreaterThan(entries.count, 30)
        var problems: [String] = []
        for entry in entries {
            let path = entry["path"] as! String
            do {
                let info = try MediaInspector.inspect(fileAt: TestMedia.url(path))
                if ProcessInfo.processInfo.environment["DUMP_MEDIA_INFO"] != nil { print(path, info) }
                problems += compare(info, entry).map { "\(path): \($0)" }
            } catch {
                problems.append("\(path): threw \(error)")
            }
        }
        XCTAssert(problems.isEmpty, "\n" + problems.joined(separator: "\n"))
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    func compare(_ info: MediaInfo, _ e: [String: Any]) -> [String] {
        var p: [String] = []
        func check<T: Equatable>(_ name: String, _ actual: T, _ expected: T) {
            if actual != expected { p.append("\(name) \(actual) != expected \(expected)") }
        }
        func near(_ name: String, _ actual: Double?, _ expected: Double?, _ tolerance: Double) {
            guard let expected else { return }
            guard let actual, abs(actual - expected) <= tolerance else {
                p.append("\(name) \(actual.map { "\($0)" } ?? "nil") != expected \(expected)")
                return
            }
        }
        check("kind", info.kind.rawValue, e["media_type"] as? String ?? "")
        check("format", info.format, Self.formats[e["format"] as? String ?? ""] ?? .jpeg)
        check("uti", info.uniformTypeIdentifier, e["uti"] as? String ?? "")
        if let w = e["display_width"] as? Int, let h = e["display_height"] as? Int {
            check("display size", "\(info.pixelWidth)x\(info.pixelHeight)", "\(w)x\(h)")
        }
        if let w = e["pixel_width"] as? Int, let h = e["pixel_height"] as? Int {
            check("stored size", "\(info.storedPixelWidth)x\(info.storedPixelHeight)", "\(w)x\(h)")
        }
        if info.kind == .image {
            check("orientation", info.orientation, e["orientation"] as? Int ?? 1)
            if let alpha = e["has_alpha"] as? Bool { check("hasAlpha", info.hasAlpha, alpha) }
            if let bits = e["bit_depth"] as? Int { check("bitDepth", info.bitDepth, bits) }
        }
        // Creation date.
        if let utc = e["creation_date_utc"] as? String {
            let expected = parseISO(utc)
            near("creationDate", info.creationDate?.timeIntervalSince1970, expected?.timeIntervalSince1970, 0.001)
        } else if let floating = e["creation_date"] as? String {
            near("creationDate(floating)", info.creationDate?.timeIntervalSince1970, parseISO(floating)?.timeIntervalSince1970, 0.001)
        } else if info.creationDate != nil {
            p.append("creationDate \(info.creationDate!) but the manifest has none")
        }
        // Location.
        if let loc = e["location"] as? [String: Any] {
            if let actual = info.location {
                near("latitude", actual.latitude, loc["latitude"] as? Double, 1e-4)
                near("longitude", actual.longitude, loc["longitude"] as? Double, 1e-4)
                near("altitude", actual.altitude, loc["altitude"] as? Double, 0.5)
            } else {
                p.append("location missing")
            }
        } else if info.location != nil {
            p.append("unexpected location \(info.location!)")
        }
        if let duration = e["duration_s"] as? Double { near("duration", info.duration, duration, 0.05) }
        if let fps = e["frame_rate"] as? Double { near("frameRate", info.frameRate, fps, 0.05) }
        if let frames = e["frame_count"] as? Int { check("frameCount", info.frameCount, frames) }
        if let still = e["still_image_time_s"] as? Double { near("stillImageTime", info.stillImageTime, still, 0.05) }
        check("contentIdentifier", info.contentIdentifier, e["content_identifier"] as? String)
        check("burstIdentifier", info.burstIdentifier, e["burst_identifier"] as? String)
        check("livePhotoComponent", info.traits.contains(.livePhotoComponent), e["content_identifier"] is String)
        if let camera = e["camera"] as? [String: Any] {
            check("make", info.cameraMake, camera["make"] as? String)
            check("model", info.cameraModel, camera["model"] as? String)
        }
        // Subtypes (live_photo pairing is the importer's job; livePhotoComponent is checked above).
        let subtypes = (e["subtypes"] as? [String] ?? []).filter { $0 != "live_photo" }
        var expected: Traits = []
        for s in subtypes {
            guard let t = Self.subtypeTraits[s] else { p.append("unknown subtype \(s)"); continue }
            expected.insert(t)
        }
        let actual = info.traits.subtracting(.livePhotoComponent)
        if actual != expected { p.append("traits \(names(actual)) != expected \(names(expected))") }
        return p
    }

    func names(_ t: Traits) -> [String] {
        Self.subtypeTraits.filter { t.contains($0.value) }.map(\.key).sorted()
    }

    /// ISO 8601 with optional fraction and offset; no offset = current time zone (floating).
    func parseISO(_ s: String) -> Date? {
        let pattern = #/(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?/#
        guard let m = s.wholeMatch(of: pattern) else { return nil }
        var c = DateComponents(year: Int(m.1), month: Int(m.2), day: Int(m.3), hour: Int(m.4), minute: Int(m.5), second: Int(m.6))
        var calendar = Calendar(identifier: .gregorian)
        if let zone = m.8 {
            if zone == "Z" { calendar.timeZone = TimeZone(identifier: "UTC")! } else {
                let sign = zone.hasPrefix("-") ? -1 : 1
                let h = Int(zone.dropFirst().prefix(2))!, mm = Int(zone.suffix(2))!
                calendar.timeZone = TimeZone(secondsFromGMT: sign * (h * 3600 + mm * 60))!
            }
        } else {
            calendar.timeZone = .current
        }
        c.calendar = calendar
        guard let date = calendar.date(from: c) else { return nil }
        return date.addingTimeInterval(m.7.flatMap { Double("0" + $0) } ?? 0)
    }

    // MARK: - Broken files

    func testBrokenFilesFailCleanlyOrSoftly() throws {
        let broken = try TestMedia.manifestEntries().filter { $0["expected_error"] != nil }
        XCTAssertGreaterThanOrEqual(broken.count, 8)
        var outcomes: [String: Result<MediaInfo, MediaInspectionError>] = [:]
        let stderrText = try capturingStandardError {
            for entry in broken {
                let path = entry["path"] as! String
                let url = try TestMedia.url(path)
                outcomes[path] = Result { () throws(MediaInspectionError) in try MediaInspector.inspect(fileAt: url) }
            }
        }
        XCTAssertEqual(stderrText, "", "inspection wrote to stderr")

        func expectError(_ path: String, _ code: MediaInspectionError.Code) {
            switch outcomes[path] {
            case .failure(let error)?:
                XCTAssertEqual(error.code, code, "\(path): \(error)")
                XCTAssertTrue(error.description.hasPrefix((path as NSString).lastPathComponent + ": "), error.description)
            case .success(let info)?: XCTFail("\(path): expected \(code), got \(info)")
            case nil: XCTFail("\(path) missing from the manifest")
            }
        }
        func expectInfo(_ path: String, _ body: (MediaInfo) -> Void) {
            switch outcomes[path] {
            case .success(let info)?: body(info)
            case .failure(let error)?: XCTFail("\(path): unexpected error \(error)")
            case nil: XCTFail("\(path) missing from the manifest")
            }
        }
        expectError("broken/truncated.jpg", .truncated)
        expectError("broken/zero_bytes.jpg", .empty)
        expectError("broken/huge_dimensions_100000x100000.png", .tooLarge)
        expectError("broken/huge_dimensions_65500x65500.jpg", .tooLarge)
        expectError("broken/truncated_no_moov.mov", .truncated)
        expectInfo("broken/garbage_exif.jpg") { info in
            XCTAssertEqual(info.format, .jpeg)
            XCTAssertEqual(info.pixelWidth, 800)
            XCTAssertEqual(info.pixelHeight, 541)
            XCTAssertEqual(info.orientation, 1, "invalid Orientation 77 must read as 1")
        }
        expectInfo("broken/png_disguised_as.jpg") { info in
            XCTAssertEqual(info.format, .png)
            XCTAssertEqual(info.uniformTypeIdentifier, "public.png")
            XCTAssertEqual(info.pixelWidth, 400)
            XCTAssertEqual(info.pixelHeight, 271)
        }
        expectInfo("broken/no_video_track.mov") { info in
            XCTAssertEqual(info.kind, .audio)
            XCTAssertEqual(info.format, .quickTime)
            XCTAssertGreaterThan(info.duration, 0)
        }
        // Anything else in broken/ must at least not crash (reaching here proves it).
    }

    // MARK: - Cross-file checks

    func testLivePhotoPairsShareIdentifiers() throws {
        for (still, movie) in [("livephoto/IMG_0001.HEIC", "livephoto/IMG_0001.MOV"), ("livephoto/IMG_0002.JPG", "livephoto/IMG_0002.MOV")] {
            let s = try MediaInspector.inspect(fileAt: TestMedia.url(still))
            let m = try MediaInspector.inspect(fileAt: TestMedia.url(movie))
            XCTAssertNotNil(s.contentIdentifier)
            XCTAssertEqual(s.contentIdentifier, m.contentIdentifier)
            XCTAssertNotNil(m.stillImageTime)
        }
    }

    func testInspectDataMatchesInspectFile() throws {
        for path in ["images/orientation/orientation_6.jpg", "heic/real_iphone13promax_hdr_gainmap.heic", "video/hevc_portrait_rotated.mov"] {
            let url = try TestMedia.url(path)
            let fromFile = try MediaInspector.inspect(fileAt: url)
            let fromData = try MediaInspector.inspect(data: Data(contentsOf: url), filename: url.lastPathComponent)
            XCTAssertEqual(fromFile, fromData, path)
        }
    }

    func testCutFilesNeverCrashOrPrint() throws {
        let samples = ["images/orientation/orientation_1.jpg", "images/rgb16.png", "images/animated.gif",
                       "images/colorchart_rgb16.tif", "heic/exif_gps_below_sea_level.heic", "raw/synthetic_rggb_12bit.dng",
                       "video/slomo_120fps.mov", "audio/speech.m4a"]
        var unexpected: [String] = []
        let text = try capturingStandardError {
            for path in samples {
                let data = try Data(contentsOf: TestMedia.url(path))
                let n = data.count
                for length in Set([1, 2, 3, 7, 12, 16, 33, 100, 1000, n / 10, n / 4, n / 2, n * 9 / 10, n - 1]) where length < n {
                    let cut = data.prefix(length)
                    do {
                        let info = try MediaInspector.inspect(data: cut, filename: path)
                        if [.jpeg, .png, .quickTime].contains(info.format) || (info.format == .gif && length < n - 1) {
                            unexpected.append("\(path) cut at \(length) was accepted")
                        }
                    } catch let error as MediaInspectionError {
                        if error.code == .notMedia && length >= 16 { unexpected.append("\(path) cut at \(length): \(error)") }
                    }
                }
            }
        }
        XCTAssertEqual(text, "", "inspection wrote to stderr")
        XCTAssert(unexpected.isEmpty, unexpected.joined(separator: "\n"))
    }

    func testPixelLimitRejectsFromHeader() throws {
        var options = InspectionOptions()
        options.maximumPixelCount = 100_000
        for path in ["images/orientation/orientation_1.jpg", "images/rgb16.png", "heic/no_exif_portrait.heic", "images/colorchart_rgb16.tif"] {
            let url = try TestMedia.url(path)   // skips, with a message, when the corpus is absent
            XCTAssertThrowsError(try MediaInspector.inspect(fileAt: url, options: options)) { error in
                XCTAssertEqual((error as? MediaInspectionError)?.code, .tooLarge, path)
            }
        }
    }

    func testConcurrentInspection() throws {
        let urls = try TestMedia.manifestEntries().filter { $0["expected_error"] == nil }
            .compactMap { $0["path"] as? String }.map { try TestMedia.url($0) }
        let serial = urls.map { try? MediaInspector.inspect(fileAt: $0) }
        let results = ResultsBox(count: urls.count)
        DispatchQueue.concurrentPerform(iterations: urls.count) { i in
            results.set(i, try? MediaInspector.inspect(fileAt: urls[i]))
        }
        for i in urls.indices { XCTAssertEqual(results.get(i), serial[i], urls[i].path) }
    }

    func testTypicalJPEGIsFast() throws {
        let url = try TestMedia.url("images/exif_full_gps_north_east.jpg")
        _ = try MediaInspector.inspect(fileAt: url)
        let runs = 50
        let start = Date()
        for _ in 0..<runs { _ = try MediaInspector.inspect(fileAt: url) }
        let perFile = Date().timeIntervalSince(start) / Double(runs)
        print("JPEG inspection: \(String(format: "%.3f", perFile * 1000)) ms per file")
        XCTAssertLessThan(perFile, 0.005)
    }
}

/// Thread-safe result slots for the concurrency test.
final class ResultsBox: @unchecked Sendable {
    private var values: [MediaInfo?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ v: MediaInfo?) { lock.lock(); values[i] = v; lock.unlock() }
    func get(_ i: Int) -> MediaInfo? { lock.lock(); defer { lock.unlock() }; return values[i] }
}
