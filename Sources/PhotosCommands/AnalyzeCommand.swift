import ArgumentParser
import Foundation
import PhotoAnalysis
import PhotoLibrary

/// `photos analyze`: brings the library's photo analysis up to date (quality, near-duplicates, faces and people,
/// salient regions), with a progress bar; photos already analysed in their current version are skipped.
struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyse photos: quality, near-duplicates, faces and people.",
        discussion: """
            Each photo's current version is analysed once; new, edited and reverted photos are analysed on the next \
            run, and an interrupted run goes on where it stopped. Faces are grouped into people when dlib's \
            face-recognition model is installed (scripts/setup.sh installs it); without it faces are still found.
            """)
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Option(help: "Photos analysed at once (default: one per core).") var workers: Int?

    func run() throws {
        let library = try libraryOptions.open()
        let progress = Progress(totalUnitCount: 0)
        let reporter = ProgressReporter(progress: progress, label: "Analysing", unit: "photos")
        let analysis = LibraryAnalysis(library: library, workers: workers ?? ProcessInfo.processInfo.activeProcessorCount)
        let started = Date()
        reporter.start()
        let report: LibraryAnalysis.Report
        do { report = try analysis.run(progress: progress) } catch { reporter.stop(); throw error }
        reporter.stop()
        let seconds = Date().timeIntervalSince(started)
        let summary = try library.analysisSummary(analyserVersion: PhotoAnalyzer.version)
        let recognition: String
        switch PhotoAnalyzer.faceRecognition {
        case .success(let path): recognition = path
        case .failure(let failure): recognition = failure.reason
        }
        if output.json {
            Output.printJSON([
                "analysed": report.analysed, "failed": report.failed, "changedMeanwhile": report.changedMeanwhile, "seconds": seconds,
                "photos": summary.photos, "analysedPhotos": summary.analysed, "failedPhotos": summary.failed,
                "faces": summary.faces, "people": summary.people, "faceRecognition": recognition,
            ] as [String: Any])
            return
        }
        print("Analysed \(report.analysed) photo\(report.analysed == 1 ? "" : "s") in \(String(format: "%.1f", seconds)) s"
              + (report.failed > 0 ? "; \(report.failed) could not be read" : "")
              + (report.changedMeanwhile > 0 ? "; \(report.changedMeanwhile) changed meanwhile (next run)" : ""))
        print("  Library: \(summary.analysed) of \(summary.photos) photos analysed (\(summary.failed) unreadable), \(summary.faces) faces, \(summary.people) people")
        if case .failure(let failure) = PhotoAnalyzer.faceRecognition { print("  \(failure.reason)") }
    }
}

/// `photos people [ID]`: the people found in photos, or the photos of one person.
struct PeopleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "people", abstract: "List people found by `photos analyze`, or one person's photos.")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "A person's identifier: list that person's photos.") var person: String?

    func run() throws {
        let library = try libraryOptions.open()
        if let person {
            let rows = try library.assetRowIDs(ofPerson: person)
            guard !rows.isEmpty else { throw ValidationError("No person '\(person)' in any photo (see `photos people`)") }
            let records = try library.assets(rowIDs: rows)
            let assets = rows.compactMap { records[$0] }
            if output.json { Output.printJSON(assets.map(Output.json)) } else { assets.forEach { print(Output.line($0)) } }
            return
        }
        let people = try library.people()
        let keys = try library.assets(rowIDs: people.compactMap(\.keyAssetRowID))
        if output.json {
            Output.printJSON(people.map { p -> [String: Any] in
                ["identifier": p.identifier, "faceCount": p.faceCount, "keyAsset": p.keyAssetRowID.flatMap { keys[$0]?.identifier } ?? NSNull()]
            })
            return
        }
        for p in people {
            print("\(p.identifier)  \(p.faceCount) face\(p.faceCount == 1 ? "" : "s")  key photo \(p.keyAssetRowID.flatMap { keys[$0]?.identifier } ?? "-")")
        }
        if people.isEmpty { print("No people (run `photos analyze` first)") }
    }
}

/// `photos similar`: groups of near-duplicate photos, the best of each first.
struct SimilarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "similar", abstract: "List groups of near-duplicate photos (best first), from `photos analyze`.")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let library = try libraryOptions.open()
        let groups = try library.nearDuplicateGroups()
        let records = try library.assets(rowIDs: groups.flatMap { $0 })
        let quality = { (row: Int64) in (try? library.analysisRecord(assetRowID: row))??.analysis?.quality ?? 0 }
        if output.json {
            Output.printJSON(groups.map { group in group.compactMap { row -> [String: Any]? in
                records[row].map { ["localIdentifier": $0.identifier, "quality": quality(row)] }
            } })
            return
        }
        for (index, group) in groups.enumerated() {
            print("Group \(index + 1) (\(group.count) photos)")
            for row in group { if let a = records[row] { print("  \(String(format: "%.2f", quality(row)))  \(Output.line(a))") } }
        }
        if groups.isEmpty { print("No near-duplicates (run `photos analyze` first)") }
    }
}
