import ArgumentParser
import Foundation
import PhotoAnalysis
import PhotoLibrary

/// `photos bench analysis`: `photos analyze` on a library of 3 MP photos (faces included) against the same dlib
/// detector, landmarks and face descriptors run from Python's dlib (PyPI `dlib-bin`) over the same files, both using
/// every core (our workers; the peer's `multiprocessing` pool), in the same run. The peer only finds and describes
/// faces; `photos analyze` also measures quality, hashes, finds salient regions and records everything in the
/// library. Then 10 photos are edited and a second run must analyse exactly those 10.
struct AnalysisBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "analysis", abstract: "Photo analysis throughput vs Python's dlib.")
    @Option(help: "Photos to analyse.") var photos = 1000
    @Option(help: "Where the generated photos are kept between runs.") var photoFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("photos-analysisbench-photos").path

    static let size = (width: 2048, height: 1536)

    func run() throws {
        let folder = URL(fileURLWithPath: photoFolder)
        let files = try Self.generatePhotos(count: photos, in: folder)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photos-analysisbench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let libraryURL = scratch.appendingPathComponent("Library")
        let library = try Library.open(at: libraryURL)
        let imported = try Importer(library: library).importItems(at: files)
        print("Input: \(imported.imported) photos \(Self.size.width)×\(Self.size.height) (portraits and sample photos placed at random sizes), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let photosBinary = ThumbnailBenchCommand.ownExecutable()

        let ours = try ChildRun.run([photosBinary, "analyze", "--library", libraryURL.path, "--json"])
        guard ours.status == 0 else { throw CommandError("photos analyze failed (status \(ours.status))") }
        let summary = try library.analysisSummary(analyserVersion: PhotoAnalyzer.version)
        let ourRate = Double(summary.analysed) / ours.seconds
        print(String(format: "  photos analyze:      %.1f photos/s (%.1f s), peak RSS %.0f MB; %d faces, %d people",
                     ourRate, ours.seconds, Double(ours.peakKB) / 1024, summary.faces, summary.people))

        if let peer = try Self.peer(files: files, scratch: scratch) {
            let peerRate = Double(files.count) / peer.seconds
            print(String(format: "  Python dlib (faces only, %d processes): %.1f photos/s (%.1f s), %d faces",
                         ProcessInfo.processInfo.activeProcessorCount, peerRate, peer.seconds, peer.faces))
            print(String(format: "  ratio photos / Python dlib: %.2f× the photos per second (target ≥ 1.0×)", ourRate / peerRate))
        }

        // Incremental: edit 10 photos; the next run must analyse those 10 and nothing else.
        let rows = try library.assetRowIDs(AssetQuery(scope: .mediaType(.image)))
        let before = try Dictionary(uniqueKeysWithValues: rows.map { ($0, try library.analysisRecord(assetRowID: $0)?.analysedDate) })
        let edited = Array(rows.shuffled().prefix(10))
        let records = try library.assets(rowIDs: edited)
        let render = try Data(contentsOf: files[0])
        for row in edited {
            try library.apply(ChangeBatch(operations: [.editContent(ContentEdit(identifier: records[row]!.identifier, rendered: .data(render),
                adjustment: AdjustmentPayload(formatIdentifier: "org.photokit-linux.bench", formatVersion: "1", data: Data([1]))))]))
        }
        let again = try ChildRun.run([photosBinary, "analyze", "--library", libraryURL.path, "--json"])
        let touched = try rows.filter { try library.analysisRecord(assetRowID: $0)?.analysedDate != before[$0] ?? nil }
        print(String(format: "  after editing 10 photos: the next run analysed %d (%@) in %.2f s", touched.count,
                     Set(touched) == Set(edited) ? "exactly the edited ones" : "NOT only the edited ones", again.seconds))
    }

    /// `count` JPEGs of 2048×1536 in `folder`, made once with vips from the face portraits and scikit-image's sample
    /// photos (each placed at a random size and position on a grey canvas), and reused by later runs.
    static func generatePhotos(count: Int, in folder: URL) throws -> [URL] {
        let names = (0..<count).map { folder.appendingPathComponent(String(format: "photo%04d.jpg", $0)) }
        if names.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) { return names }
        let sources = ["/usr/local/share/photokit-test-faces/obama.jpg", "/usr/local/share/photokit-test-faces/obama2.jpg",
                       "/usr/local/share/photokit-test-faces/obama3.jpg", "/usr/local/share/photokit-test-faces/biden.jpg"]
            + ["astronaut", "coffee", "chelsea", "motorcycle_left", "astronaut", "horse"].map { "/usr/lib/python3/dist-packages/skimage/data/\($0).png" }
        guard sources.allSatisfy({ FileManager.default.fileExists(atPath: $0) }), FileManager.default.isExecutableFile(atPath: "/usr/bin/vips") else {
            throw CommandError("the benchmark's photos are made from the portraits and samples scripts/setup.sh installs, with vips: run it first")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        print("Generating \(count) photos in \(folder.path) (once)…")
        let failures = NSLock()
        nonisolated(unsafe) var failure: Error?
        DispatchQueue.concurrentPerform(iterations: count) { index in
            var random = FillRandom(seed: UInt64(index + 1))
            let source = sources[index % sources.count]
            let scale = 1.2 + Double(random.next() % 1000) / 1000 * 1.6
            let work = folder.appendingPathComponent("work\(index).v")
            defer { try? FileManager.default.removeItem(at: work) }
            do {
                try vips(["resize", source, work.path, String(format: "%.3f", scale)])
                let x = Int(random.next() % 600), y = Int(random.next() % 300)
                let grey = 60 + Int(random.next() % 120)
                try vips(["embed", work.path, names[index].path + "[Q=90]", "\(x)", "\(y)", "\(size.width)", "\(size.height)",
                          "--extend", "background", "--background", "\(grey)"])
            } catch { failures.withLock { failure = error } }
        }
        if let failure { throw failure }
        return names
    }

    private static func vips(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/vips")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CommandError("vips \(arguments.joined(separator: " ")) failed") }
    }

    /// Runs the Python peer over `files`; nil (with a line saying why) when Python's dlib or the models are missing.
    static func peer(files: [URL], scratch: URL) throws -> (seconds: Double, faces: Int)? {
        guard case .success(let model) = PhotoAnalyzer.faceRecognition else { print("  peer skipped: no face-recognition model"); return nil }
        let check = try ChildRun.run(["/usr/bin/env", "python3", "-c", "import dlib, PIL, numpy"])
        guard check.status == 0 else { print("  peer skipped: Python's dlib is not installed (pip install dlib-bin)"); return nil }
        let script = scratch.appendingPathComponent("peer.py"), list = scratch.appendingPathComponent("files.txt"),
            result = scratch.appendingPathComponent("peer-faces.txt")
        try files.map(\.path).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        try peerScript.write(to: script, atomically: true, encoding: .utf8)
        let run = try ChildRun.run(["/usr/bin/env", "python3", script.path, list.path, "/usr/share/dlib/shape_predictor_68_face_landmarks.dat",
                                    model, "\(ProcessInfo.processInfo.activeProcessorCount)", result.path])
        guard run.status == 0 else { throw CommandError("the Python peer failed (status \(run.status))") }
        let faces = Int((try String(contentsOf: result, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (run.seconds, faces)
    }

    /// The peer: decode (Pillow, shrunk while decoding as ours is), fit into 1024 px, HOG detector with one
    /// upsampling, 68 landmarks, a 128-number descriptor per face — what our analysis does for faces.
    static let peerScript = """
        import sys, multiprocessing
        import dlib, numpy
        from PIL import Image

        def setup(predictor_path, model_path):
            global detector, predictor, model
            detector = dlib.get_frontal_face_detector()
            predictor = dlib.shape_predictor(predictor_path)
            model = dlib.face_recognition_model_v1(model_path)

        def analyse(path):
            image = Image.open(path)
            image.draft("RGB", (1024, 1024))
            image = image.convert("RGB")
            image.thumbnail((1024, 1024), Image.BILINEAR)
            pixels = numpy.asarray(image)
            faces = 0
            for box in detector(pixels, 1):
                shape = predictor(pixels, box)
                model.compute_face_descriptor(pixels, shape)
                faces += 1
            return faces

        if __name__ == "__main__":
            files = open(sys.argv[1]).read().split("\\n")
            with multiprocessing.Pool(int(sys.argv[4]), setup, (sys.argv[2], sys.argv[3])) as pool:
                total = sum(pool.map(analyse, files, chunksize=8))
            open(sys.argv[5], "w").write(str(total))
        """
}
