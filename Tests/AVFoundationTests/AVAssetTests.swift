import Foundation
import Testing
import _Testing_CoreGraphics
import _TestSupport
import AVFoundation

@Suite struct AVAssetTests {
    /// The corpus movies with their manifest records.
    static func movies() -> [(URL, [String: Any])] {
        TestMedia.manifest.compactMap { record in
            guard record["media_type"] as? String == "video", record["expected_error"] == nil,
                  let path = record["path"] as? String, let url = TestMedia.url(path) else { return nil }
            return (url, record)
        }
    }

    @Test func structureMatchesTheManifest() async throws {
        guard TestMedia.folder != nil else { print(TestMedia.skipMessage); return }
        let movies = Self.movies()
        #expect(movies.count >= 6)
        for (url, record) in movies {
            let asset = AVURLAsset(url: url)
            let name = url.lastPathComponent
            let duration = try await asset.load(.duration)
            #expect(abs(duration.seconds - (record["duration_s"] as! Double)) < 0.06, "\(name): \(duration.seconds)")
            let video = try await asset.loadTracks(withMediaType: .video)
            let audio = try await asset.loadTracks(withMediaType: .audio)
            #expect(video.count == record["video_tracks"] as? Int, "\(name)")
            #expect(audio.count == record["audio_tracks"] as? Int, "\(name)")
            let track = try #require(video.first)
            let (size, transform, rate) = try await track.load(.naturalSize, .preferredTransform, .nominalFrameRate)
            #expect(size == CGSize(width: record["pixel_width"] as! Int, height: record["pixel_height"] as! Int), "\(name)")
            let upright = size.applying(transform)
            #expect(abs(upright.width) == CGFloat(record["display_width"] as! Int) && abs(upright.height) == CGFloat(record["display_height"] as! Int),
                    "\(name): \(upright)")
            #expect(abs(Double(rate) - (record["nominal_frame_rate"] as! Double)) < 0.05, "\(name): \(rate)")
            let codec = CMFormatDescriptionGetMediaSubType(try #require(try await track.load(.formatDescriptions).first))
            #expect(codec == CMFourCharCode(record["video_codec_tag"] as! String), "\(name)")
            #expect(track.timeRange.duration.seconds > 0 && track.naturalTimeScale > 0)
            #expect(asset.isPlayable && asset.isReadable)
        }
    }

    @Test func metadataCarriesDatesPlacesAndContentIdentifiers() async throws {
        guard let gps = TestMedia.url("video/real_iphone6_with_gps.mov"), let live = TestMedia.url("livephoto/IMG_0001.MOV") else {
            print(TestMedia.skipMessage); return
        }
        let asset = AVURLAsset(url: gps)
        let created = try #require(try await asset.load(.creationDate)?.dateValue)
        #expect(created == ISO8601DateFormatter().date(from: "2019-07-24T08:25:40Z"))
        let common = try await asset.load(.commonMetadata)
        let location = AVMetadataItem.metadataItems(from: common, withKey: AVMetadataKey.commonKeyLocation, keySpace: .common).first
        #expect(location?.stringValue?.hasPrefix("+32.0929+034.8620") == true, "\(String(describing: location?.stringValue))")
        #expect(common.contains { $0.commonKey == .commonKeyModel && $0.stringValue == "iPhone 6" })

        let pair = try await AVURLAsset(url: live).load(.metadata)
        let identifier = AVMetadataItem.metadataItems(from: pair, filteredByIdentifier: .quickTimeMetadataContentIdentifier).first
        #expect(identifier?.stringValue == "5B1C8E3A-1F2D-4C5B-9A7E-2D3C4B5A6F70")
        let tracks = try await AVURLAsset(url: live).load(.tracks)
        #expect(tracks.contains { $0.mediaType == .metadata })
    }

    @Test func damagedAndMissingFilesGiveNamedErrors() async throws {
        guard let truncated = TestMedia.url("broken/truncated_no_moov.mov"), let audioOnly = TestMedia.url("broken/no_video_track.mov") else {
            print(TestMedia.skipMessage); return
        }
        let cut = AVURLAsset(url: truncated)
        #expect(cut.duration == .zero && cut.tracks.isEmpty && !cut.isReadable)
        do {
            _ = try await cut.load(.duration)
            Issue.record("a movie without its moov atom loaded")
        } catch AVError.fileFailedToParse {
        } catch { Issue.record("unexpected \(error)") }
        var status: NSError?
        #expect(cut.statusOfValue(forKey: "duration", error: &status) == .failed)
        #expect(status?.domain == AVFoundationErrorDomain && status?.localizedDescription.contains("truncated_no_moov.mov") == true)

        let missing = AVURLAsset(url: URL(fileURLWithPath: "/nonexistent/movie.mov"))
        await #expect(throws: AVError.self) { try await missing.load(.tracks) }

        let speech = AVURLAsset(url: audioOnly)
        #expect(try await speech.loadTracks(withMediaType: .audio).count == 1)
        #expect(try await speech.loadTracks(withMediaType: .video).isEmpty)
        do {
            _ = try await AVAssetImageGenerator(asset: speech).image(at: .zero)
            Issue.record("an audio-only movie gave an image")
        } catch AVError.noSourceTrack {
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func timesTravelInNSValues() {
        let time = CMTimeMake(value: 1001, timescale: 30000)
        #expect(NSValue(time: time).timeValue == time)
        let range = CMTimeRange(start: time, duration: CMTimeMake(value: 2, timescale: 1))
        #expect(NSValue(timeRange: range).timeRangeValue == range)
        #expect(NSValue(time: .positiveInfinity).timeValue.isPositiveInfinity)
    }
}
