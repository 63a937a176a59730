import Foundation
import Testing
import _TestSupport
import AVFoundation
import Movies

/// `AVAssetExportSession.audioMix` and the presets' audio coding, on movies ffmpeg makes here (a 440 Hz sine under a
/// test pattern), measured by ffmpeg and ffprobe.
@Suite struct AudioMixExportTests {
    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg"), ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")

    /// A 2 s movie: 320×240 H.264 at 30 fps and a 440 Hz sine (−20 dBFS peak: room for gains) coded as `audioCodec`.
    static func makeMovie(in folder: TemporaryDirectory, audioCodec: String = "aac", name: String = "source.mov") throws -> URL {
        let url = folder.appending(name)
        let run = try MeasuredProcess.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30:duration=2",
                                                   "-f", "lavfi", "-i", "sine=frequency=440:duration=2:sample_rate=44100",
                                                   "-af", "volume=0.1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-g", "30",
                                                   "-c:a", audioCodec] + (audioCodec == "aac" ? ["-b:a", "128k"] : []) + ["-shortest", url.path])
        guard run.status == 0 else { throw MovieMade.failed(run.stderr) }
        return url
    }

    enum MovieMade: Error { case failed(String) }

    /// The mean volume (dB, ffmpeg's volumedetect) of the first audio track, or of `duration` seconds of it from `from`.
    static func meanVolume(_ movie: URL, from: Double? = nil, duration: Double? = nil) throws -> Double {
        var filter = "volumedetect"
        if let from, let duration { filter = "atrim=start=\(from):duration=\(duration),volumedetect" }
        let run = try MeasuredProcess.run(ffmpeg, ["-i", movie.path, "-map", "0:a:0", "-af", filter, "-f", "null", "-"])
        let line = try #require(run.stderr.split(separator: "\n").first { $0.contains("mean_volume") }, "\(run.stderr)")
        return try #require(Double(line.split(separator: " ").dropLast().last ?? ""))
    }

    /// The first audio track's packets as ffprobe lists them: size and presentation time, in order.
    static func audioPackets(_ movie: URL) throws -> [String] {
        let run = try MeasuredProcess.run(ffprobe, ["-v", "error", "-select_streams", "a:0", "-show_entries", "packet=size,pts",
                                                    "-of", "csv=p=0", movie.path])
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// The first audio track's duration in seconds (ffprobe's stream duration).
    static func audioDuration(_ movie: URL) throws -> Double {
        let run = try MeasuredProcess.run(ffprobe, ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=duration",
                                                    "-of", "csv=p=0", movie.path])
        return Double(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    func export(_ source: URL, preset: String, type: AVFileType = .mov, to folder: TemporaryDirectory,
                configure: (AVAssetExportSession, AVAsset) async throws -> Void = { _, _ in }) async throws -> URL {
        let asset = AVURLAsset(url: source)
        let session = try #require(AVAssetExportSession(asset: asset, presetName: preset))
        let output = folder.appending("\(UUID().uuidString).\(type == .m4a ? "m4a" : type == .mp4 ? "mp4" : "mov")")
        session.outputURL = output
        session.outputFileType = type
        try await configure(session, asset)
        await session.export()
        #expect(session.status == .completed, "\(preset): \(String(describing: session.error))")
        return output
    }

    /// A mix of the asset's audio track made by `set`.
    static func mix(_ asset: AVAsset, _ set: (AVMutableAudioMixInputParameters) -> Void) async throws -> AVAudioMix {
        let track = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let parameters = AVMutableAudioMixInputParameters(track: track)
        set(parameters)
        let mix = AVMutableAudioMix()
        mix.inputParameters = [parameters]
        return mix
    }

    @Test func aConstantHalfVolumeIsSixDecibelsDownAndLeavesTheVideoAlone() async throws {
        let folder = TemporaryDirectory(prefix: "audio-mix-constant")
        let source = try Self.makeMovie(in: folder)
        let output = try await export(source, preset: AVAssetExportPresetPassthrough, to: folder) { session, asset in
            session.audioMix = try await Self.mix(asset) { $0.setVolume(0.5, at: .zero) }
        }
        let before = try Self.meanVolume(source), after = try Self.meanVolume(output)
        print("constant 0.5: \(before) dB → \(after) dB (\(after - before) dB)")
        #expect(abs(after - before - -6.02) <= 1, "\(before) dB → \(after) dB")
        let probe = try Probe(output), sourceProbe = try Probe(source)
        #expect(probe.audio?["codec_name"] as? String == "aac")
        #expect(probe.videoFrames == sourceProbe.videoFrames && probe.videoFrames == 60, "\(probe.videoFrames) frames")
        #expect(probe.video?["codec_name"] as? String == "h264" && probe.size == (320, 240))
        let duration = try Self.audioDuration(output)
        #expect(abs(duration - 2) < 0.03, "\(duration) s")
        // A video preset encodes the video and applies the same mix.
        let encoded = try await export(source, preset: AVAssetExportPreset640x480, to: folder) { session, asset in
            session.audioMix = try await Self.mix(asset) { $0.setVolume(0.5, at: .zero) }
        }
        #expect(abs(try Self.meanVolume(encoded) - before - -6.02) <= 1)
        #expect(try Probe(encoded).videoFrames == 60)
    }

    @Test func aRampFromOneToZeroFadesOut() async throws {
        let folder = TemporaryDirectory(prefix: "audio-mix-ramp")
        let source = try Self.makeMovie(in: folder)
        let output = try await export(source, preset: AVAssetExportPresetHighestQuality, to: folder) { session, asset in
            session.audioMix = try await Self.mix(asset) {
                $0.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0, timeRange: CMTimeRange(start: .zero, duration: CMTime(value: 2, timescale: 1)))
            }
        }
        let level = try Self.meanVolume(source, from: 0.5, duration: 1)
        let start = try Self.meanVolume(output, from: 0, duration: 0.2), end = try Self.meanVolume(output, from: 1.8, duration: 0.2)
        print("ramp 1→0: source \(level) dB; first 0.2 s \(start) dB, last 0.2 s \(end) dB")
        // Gains 1…0.9 at the start (about −0.5 dB), 0.1…0 at the end (RMS 0.058: about −25 dB).
        #expect(abs(start - level - -0.45) <= 1, "first 0.2 s: \(start) dB, source \(level) dB")
        #expect(end - level <= -20, "last 0.2 s: \(end) dB, source \(level) dB")
        #expect(try Probe(output).videoFrames == 60)
    }

    @Test func aVolumeSetLaterAndATimeRangeFollowTheAssetsTimeline() async throws {
        let folder = TemporaryDirectory(prefix: "audio-mix-range")
        let source = try Self.makeMovie(in: folder)
        let level = try Self.meanVolume(source, from: 0.5, duration: 1)
        // Volume 1 until 1 s, then 0.5: the first half keeps its level, the second is 6 dB down.
        let stepped = try await export(source, preset: AVAssetExportPresetPassthrough, to: folder) { session, asset in
            session.audioMix = try await Self.mix(asset) { $0.setVolume(0.5, at: CMTime(value: 1, timescale: 1)) }
        }
        let first = try Self.meanVolume(stepped, from: 0.1, duration: 0.8), second = try Self.meanVolume(stepped, from: 1.1, duration: 0.8)
        print("volume 0.5 from 1 s: \(first - level) dB before, \(second - level) dB after")
        #expect(abs(first - level) <= 0.5 && abs(second - level - -6.02) <= 1, "\(first) / \(second) dB, source \(level) dB")
        // Exporting 0.5…1.5 s (not on a packet boundary: AAC packets are 1024/44100 s) with a ramp over the same
        // asset times: the output is 1 s long, loud at its start and quiet at its end.
        let range = CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 1))
        let trimmed = try await export(source, preset: AVAssetExportPresetPassthrough, to: folder) { session, asset in
            session.timeRange = range
            session.audioMix = try await Self.mix(asset) { $0.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0, timeRange: range) }
        }
        let duration = try Self.audioDuration(trimmed)
        let start = try Self.meanVolume(trimmed, from: 0, duration: 0.1), end = try Self.meanVolume(trimmed, from: 0.9, duration: 0.1)
        print("ramp over 0.5…1.5 s, exported alone: \(duration) s of audio, \(start - level) dB at its start, \(end - level) dB at its end")
        #expect(abs(duration - 1) < 0.03, "\(duration) s")
        #expect(abs(start - level) <= 1 && end - level <= -20, "\(start) / \(end) dB, source \(level) dB")
    }

    @Test func withoutAMixOrAtUnityTheAudioIsCopied() async throws {
        let folder = TemporaryDirectory(prefix: "audio-mix-copy")
        let source = try Self.makeMovie(in: folder)
        let sourcePackets = try Self.audioPackets(source)
        let plain = try await export(source, preset: AVAssetExportPreset640x480, to: folder)
        let unity = try await export(source, preset: AVAssetExportPreset640x480, to: folder) { session, asset in
            session.audioMix = try await Self.mix(asset) {
                $0.setVolume(1, at: .zero)
                $0.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 0.5, timeRange: CMTimeRange(start: CMTime(value: 3, timescale: 1),
                                                                                                duration: CMTime(value: 1, timescale: 1)))
            }
        }
        // A mix naming a track the asset does not have changes nothing either.
        let elsewhere = try await export(source, preset: AVAssetExportPreset640x480, to: folder) { session, _ in
            let parameters = AVMutableAudioMixInputParameters()
            parameters.trackID = 99
            parameters.setVolume(0.1, at: .zero)
            let mix = AVMutableAudioMix()
            mix.inputParameters = [parameters]
            session.audioMix = mix
        }
        let sourceAudio = try #require(try Probe(source).audio)
        for output in [plain, unity, elsewhere] {
            let audio = try #require(try Probe(output).audio)
            #expect(audio["codec_name"] as? String == sourceAudio["codec_name"] as? String)
            #expect(audio["bit_rate"] as? String == sourceAudio["bit_rate"] as? String, "\(String(describing: audio["bit_rate"]))")
            #expect(try Self.audioPackets(output) == sourcePackets, "the audio packets were not copied")
        }
        #expect(sourcePackets.count > 80)
    }

    @Test func appleM4AWritesAACFromAnyCodecAndMP4EncodesPCM() async throws {
        let folder = TemporaryDirectory(prefix: "audio-m4a")
        let pcm = try Self.makeMovie(in: folder, audioCodec: "pcm_s16le", name: "pcm.mov")
        #expect(try Probe(pcm).audio?["codec_name"] as? String == "pcm_s16le")
        let level = try Self.meanVolume(pcm)
        let m4a = try await export(pcm, preset: AVAssetExportPresetAppleM4A, type: .m4a, to: folder)
        let probe = try Probe(m4a)
        #expect(probe.video == nil && probe.audio?["codec_name"] as? String == "aac", "\(probe.streams)")
        #expect(abs(try Self.audioDuration(m4a) - 2) < 0.03)
        #expect(abs(try Self.meanVolume(m4a) - level) <= 0.5, "re-encoding changed the level")
        // An MP4 cannot hold PCM: Passthrough copies the video and encodes the audio.
        let mp4 = try await export(pcm, preset: AVAssetExportPresetPassthrough, type: .mp4, to: folder)
        let mp4Probe = try Probe(mp4)
        #expect(mp4Probe.audio?["codec_name"] as? String == "aac" && mp4Probe.videoFrames == 60)
        // A QuickTime movie can: the PCM is copied.
        let mov = try await export(pcm, preset: AVAssetExportPresetPassthrough, to: folder)
        #expect(try Probe(mov).audio?["codec_name"] as? String == "pcm_s16le")
        // AppleM4A with a mix applies it.
        let aac = try Self.makeMovie(in: folder)
        let faded = try await export(aac, preset: AVAssetExportPresetAppleM4A, type: .m4a, to: folder) { session, asset in
            session.audioMix = try await Self.mix(asset) { $0.setVolume(0.25, at: .zero) }
        }
        #expect(abs(try Self.meanVolume(faded) - (try Self.meanVolume(aac)) - -12.04) <= 1)
    }

    /// The session copies the mix when it is set (Apple's property is `@NSCopying`): emptying the mix afterwards,
    /// or changing its parameters, leaves the export at half volume.
    @Test func theSessionKeepsACopyOfTheMix() async throws {
        let folder = TemporaryDirectory(prefix: "audio-mix-copy")
        let source = try Self.makeMovie(in: folder)
        let output = try await export(source, preset: AVAssetExportPresetPassthrough, to: folder) { session, asset in
            let mix = try #require(try await Self.mix(asset) { $0.setVolume(0.5, at: .zero) } as? AVMutableAudioMix)
            session.audioMix = mix
            (mix.inputParameters.first as? AVMutableAudioMixInputParameters)?.setVolume(0, at: .zero)
            mix.inputParameters = []
            #expect(session.audioMix?.inputParameters.count == 1 && !(session.audioMix is AVMutableAudioMix))
        }
        #expect(abs(try Self.meanVolume(output) - (try Self.meanVolume(source)) - -6.02) <= 1)
    }

    @Test func mixesCopyAsApplesDo() {
        let parameters = AVMutableAudioMixInputParameters()
        parameters.trackID = 2
        parameters.setVolume(0.25, at: .zero)
        let mix = AVMutableAudioMix()
        mix.inputParameters = [parameters]
        let frozen = mix.copy() as! AVAudioMix, thawed = mix.mutableCopy() as! AVMutableAudioMix
        #expect(!(frozen is AVMutableAudioMix) && !(frozen.inputParameters[0] is AVMutableAudioMixInputParameters))
        parameters.setVolume(1, at: CMTime(value: 1, timescale: 1))
        #expect(frozen.inputParameters[0].trackID == 2 && frozen.inputParameters[0].volume(at: CMTime(value: 2, timescale: 1)) == 0.25)
        #expect(thawed.inputParameters[0].volume(at: CMTime(value: 2, timescale: 1)) == 0.25)
        thawed.inputParameters = []
        #expect(mix.inputParameters.count == 1)
    }

    @Test func volumeEnvelopesFollowAppleRules() {
        // Apple's example: 1 from 0 s, then a ramp 0.5 → 0.2 over 4…9 s, 0.2 afterwards.
        let envelope = VolumeEnvelope([VolumeEnvelope.Ramp(start: 4, duration: 5, from: 0.5, to: 0.2), VolumeEnvelope.Ramp(volume: 1, at: 0)])
        #expect(envelope.volume(at: -1) == 1 && envelope.volume(at: 2) == 1 && envelope.volume(at: 4) == 0.5)
        #expect(abs(envelope.volume(at: 6.5) - 0.35) < 1e-12 && envelope.volume(at: 20) == 0.2)
        #expect(envelope.isUnity(from: 0, to: 4) && !envelope.isUnity(from: 0, to: 4.01) && !envelope.isUnity(from: 0, to: nil))
        // A later ramp interrupts an earlier one; volumes set at the same time: the later call wins.
        let interrupted = VolumeEnvelope([VolumeEnvelope.Ramp(start: 0, duration: 10, from: 1, to: 0), VolumeEnvelope.Ramp(volume: 0.3, at: 5),
                                          VolumeEnvelope.Ramp(volume: 0.7, at: 5)])
        #expect(interrupted.volume(at: 2.5) == 0.75 && interrupted.volume(at: 5) == 0.7 && interrupted.volume(at: 9) == 0.7)
        #expect(VolumeEnvelope(constant: 0.5).scaled(by: 2).isUnity(from: 0, to: nil))
        #expect(VolumeEnvelope([]).scaled(by: 0.5).volume(at: 3) == 0.5)
        // The façade translates its ramps and answers getVolumeRamp as Apple documents.
        let parameters = AVMutableAudioMixInputParameters()
        parameters.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 0.2, timeRange: CMTimeRange(start: CMTime(value: 4, timescale: 1),
                                                                                                duration: CMTime(value: 5, timescale: 1)))
        #expect(abs(parameters.volume(at: CMTime(value: 13, timescale: 2)) - 0.35) < 1e-6 && parameters.volume(at: .zero) == 1)
        var start: Float = 0, end: Float = 0
        var range = CMTimeRange.zero
        #expect(parameters.getVolumeRamp(for: CMTime(value: 1, timescale: 1), startVolume: &start, endVolume: &end, timeRange: &range))
        #expect(start == 0.5 && end == 0.2 && range.start == CMTime(value: 4, timescale: 1))
        #expect(!parameters.getVolumeRamp(for: CMTime(value: 10, timescale: 1), startVolume: nil, endVolume: nil, timeRange: nil))
    }
}
