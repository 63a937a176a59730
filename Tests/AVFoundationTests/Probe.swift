import Foundation

/// What ffprobe (Debian's FFmpeg, independent of our reader) says about a movie.
struct Probe {
    let streams: [[String: Any]]
    let format: [String: Any]

    init(_ url: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        process.arguments = ["-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        streams = json["streams"] as? [[String: Any]] ?? []
        format = json["format"] as? [String: Any] ?? [:]
    }

    var video: [String: Any]? { streams.first { $0["codec_type"] as? String == "video" } }
    var audio: [String: Any]? { streams.first { $0["codec_type"] as? String == "audio" } }
    var duration: Double { Double(format["duration"] as? String ?? "") ?? 0 }
    var videoFrames: Int { Int(video?["nb_read_frames"] as? String ?? "") ?? 0 }
    var size: (Int, Int) { (video?["width"] as? Int ?? 0, video?["height"] as? Int ?? 0) }
    var rotation: Int {
        let side = video?["side_data_list"] as? [[String: Any]] ?? []
        return side.compactMap { $0["rotation"] as? Int }.first ?? 0
    }
    var tags: [String: String] { format["tags"] as? [String: String] ?? [:] }
}
