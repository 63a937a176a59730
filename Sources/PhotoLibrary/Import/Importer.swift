import Foundation
import MediaInspection

/// Imports files and directories into a library: lists every regular file (recursively, hidden ones included),
/// inspects them in parallel, pairs Live Photos and RAW+JPEG, skips content the library already holds, and
/// commits the new assets in batches.
///
/// Every regular file is a candidate; a file that is not media, is broken, or is refused by the library is
/// reported in `ImportSummary.rejected` with the reason, and never stops the import. Each batch is one
/// `Library.apply` (atomic, files included): a crash loses at most the batch in flight and leaves no file behind.
/// When a batch fails, its assets are retried one by one so only the culprits are rejected.
///
/// Progress: `totalUnitCount` is the number of files; a file's unit completes when its fate is settled
/// (committed, skipped as a duplicate, or rejected). Cancelling the progress stops the import between
/// batches; `ImportSummary.wasCancelled` then says so and the committed batches stay.
///
/// Threading: an `Importer` is a value; `importItems` runs on the calling thread and uses up to
/// `maximumConcurrency` worker threads for inspection and hashing.
///
/// ```swift
/// let summary = try Importer(library: library).importItems(at: [URL(fileURLWithPath: "/media/DCIM")])
/// print(summary.imported, summary.duplicatesSkipped, summary.rejected)
/// ```
public struct Importer: Sendable {
    /// The library receiving the assets.
    public var library: Library
    /// Assets per transaction.
    public var batchSize: Int
    /// Worker threads for inspection and hashing.
    public var maximumConcurrency: Int
    /// Options passed to media inspection.
    public var inspectionOptions: InspectionOptions
    /// The service account importing (its uploads become its own); nil for the library's owner.
    public var actingAccount: ActingAccount?
    /// The application importing through the service, when one is (see `ActingApp`).
    public var actingApp: ActingApp?

    public init(library: Library, batchSize: Int = 32,
                maximumConcurrency: Int = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8)),
                inspectionOptions: InspectionOptions = InspectionOptions()) {
        self.library = library
        self.batchSize = max(1, batchSize)
        self.maximumConcurrency = max(1, maximumConcurrency)
        self.inspectionOptions = inspectionOptions
    }

    /// Imports the files at `urls` (files or directories, searched recursively).
    ///
    /// A photo library found inside a source folder (this one, or another) is skipped whole and listed in
    /// `ImportSummary.skippedLibraries`: its originals, renders and thumbnails are not new photos.
    ///
    /// - Throws: `LibraryError` for problems with the library itself (disk full, database unusable), and
    ///   `.changeNotSupported` before importing anything when a source is a photo library or inside one (importing
    ///   a library into itself); problems with individual files end up in `ImportSummary.rejected`. Batches
    ///   committed before such an error stay in the library.
    public func importItems(at urls: [URL], progress: Progress? = nil) throws(LibraryError) -> ImportSummary {
        var summary = ImportSummary()
        let (files, missing, libraries) = try Self.listFiles(urls)
        summary.filesConsidered = files.count
        summary.rejected = missing
        summary.skippedLibraries = libraries
        progress?.totalUnitCount = Int64(files.count + missing.count)
        progress?.completedUnitCount += Int64(missing.count)

        // 1. Inspect in parallel.
        let options = inspectionOptions
        let inspected = Self.parallelMap(files.count, threads: maximumConcurrency, isCancelled: { progress?.isCancelled ?? false }) { index in
            Result { () throws(MediaInspectionError) -> MediaInfo in try MediaInspector.inspect(fileAt: files[index], options: options) }
        }
        if progress?.isCancelled ?? false { summary.wasCancelled = true; return summary }
        var candidates: [ImportCandidate] = []
        for (url, result) in zip(files, inspected) {
            switch result {
            case .success(let info)?: candidates.append(ImportCandidate(url: url, info: info))
            case .failure(let error)?:
                summary.rejected.append(ImportRejection(path: url.path, reason: error.message))
                progress?.completedUnitCount += 1
            case nil:
                summary.wasCancelled = true
                return summary
            }
        }

        // 2. Pair.
        let groups = ImportGrouping.group(candidates)

        // 3. Hash, skip duplicates, commit batch by batch.
        var seenHashes = Set<String>()
        var start = 0
        while start < groups.count {
            if progress?.isCancelled ?? false { summary.wasCancelled = true; break }
            let batch = Array(groups[start..<min(start + batchSize, groups.count)])
            start += batch.count
            let hashes = Self.parallelMap(batch.count, threads: maximumConcurrency, isCancelled: { false }) { index in
                Self.sha256(ofFileAt: batch[index].primary.url)
            }
            let known = try library.resourceHashesPresent(hashes.compactMap { $0 ?? nil })
            var fresh: [ImportGroup] = []
            for (group, hash) in zip(batch, hashes) {
                guard let hash = hash ?? nil else {
                    for file in group.files { summary.rejected.append(ImportRejection(path: file.url.path, reason: "the file cannot be read")) }
                    progress?.completedUnitCount += Int64(group.files.count)
                    continue
                }
                if known.contains(hash) || !seenHashes.insert(hash).inserted {
                    summary.duplicates.append(group.primary.url.path)
                    progress?.completedUnitCount += Int64(group.files.count)
                } else {
                    fresh.append(group)
                }
            }
            try commit(fresh, into: &summary)
            progress?.completedUnitCount += Int64(fresh.reduce(0) { $0 + $1.files.count })
        }
        return summary
    }

    // MARK: Committing

    /// Applies a batch in one transaction; when it fails, applies each group alone so only the culprits are rejected.
    ///
    /// Every request skips content the library already holds, decided inside the write transaction: the check in
    /// `importItems` only saves staging work, while this one stays right when other processes import the same files.
    private func commit(_ groups: [ImportGroup], into summary: inout ImportSummary) throws(LibraryError) {
        guard !groups.isEmpty else { return }
        let requests = groups.map { $0.newAsset(skipsDuplicateContent: true) }
        do {
            let outcome = try library.apply(ChangeBatch(operations: requests.map { .createAsset($0) }, actingAccount: actingAccount, actingApp: actingApp))
            for (group, request) in zip(groups, requests) { record(group, request.identifier, full: true, outcome, into: &summary) }
            return
        } catch where groups.count > 1 && Self.isAboutResources(error) {
            // Fall through to one-by-one.
        }
        for (group, request) in zip(groups, requests) {
            do {
                let outcome = try library.apply(ChangeBatch(operations: [.createAsset(request)], actingAccount: actingAccount, actingApp: actingApp))
                record(group, request.identifier, full: true, outcome, into: &summary)
            } catch where Self.isAboutResources(error) {
                guard group.files.count > 1 else {
                    summary.rejected.append(Self.rejection(group.primary, error))
                    continue
                }
                // A pair that fails together: keep the primary alone if it is fine, and reject the companions.
                let alone = group.newAsset(primaryOnly: true, skipsDuplicateContent: true)
                do {
                    let outcome = try library.apply(ChangeBatch(operations: [.createAsset(alone)], actingAccount: actingAccount, actingApp: actingApp))
                    record(group, alone.identifier, full: false, outcome, into: &summary)
                    for companion in group.files.dropFirst() { summary.rejected.append(Self.rejection(companion, error)) }
                } catch where Self.isAboutResources(error) {
                    for file in group.files { summary.rejected.append(Self.rejection(file, error)) }
                }
            }
        }
    }

    /// Records a committed request: created, or skipped by the transaction because its content was already there.
    private func record(_ group: ImportGroup, _ identifier: String, full: Bool, _ outcome: ChangeOutcome, into summary: inout ImportSummary) {
        guard !outcome.skippedDuplicates.contains(identifier) else {
            summary.duplicates.append(group.primary.url.path)
            return
        }
        summary.createdAssetIdentifiers.append(identifier)
        guard full else { return }
        switch group.pairing {
        case .single: break
        case .livePhoto: summary.livePhotoPairs += 1
        case .rawJPEG: summary.rawJPEGPairs += 1
        case .livePhotoRAW: summary.livePhotoPairs += 1; summary.rawJPEGPairs += 1
        }
    }

    /// Errors that condemn the files of a request rather than the library.
    private static func isAboutResources(_ error: LibraryError) -> Bool {
        switch error.code {
        case .invalidResource, .missingResource, .invalidIdentifier: return true
        default: return false
        }
    }

    /// A rejection with the library's message, minus the leading "<path>: " it usually carries.
    private static func rejection(_ file: ImportCandidate, _ error: LibraryError) -> ImportRejection {
        var reason = error.message
        if reason.hasPrefix(file.url.path + ": ") { reason.removeFirst(file.url.path.count + 2) }
        return ImportRejection(path: file.url.path, reason: reason)
    }

    // MARK: Files

    /// Every regular file under the given paths (XMP sidecars in folders left out), sorted and without repeats; paths that do not exist are rejections,
    /// photo libraries inside folders are skipped whole (and listed). A path that is, or is inside, a library is refused.
    static func listFiles(_ urls: [URL]) throws(LibraryError) -> (files: [URL], missing: [ImportRejection], libraries: [String]) {
        let fm = FileManager.default
        var files: [URL] = []
        var missing: [ImportRejection] = []
        var libraries: [String] = []
        var seen = Set<String>()
        func add(_ url: URL) {
            let path = url.standardizedFileURL.path
            if seen.insert(path).inserted { files.append(URL(fileURLWithPath: path)) }
        }
        for url in urls {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                missing.append(ImportRejection(path: url.path, reason: "no such file or directory"))
                continue
            }
            if let library = LibraryDirectory.enclosing(url), !LibraryDirectory.isUploadStaging(url, in: library) {
                let relation = library.path == url.resolvingSymlinksInPath().standardizedFileURL.path ? "is" : "is inside"
                throw LibraryError(.changeNotSupported, "\(url.path) \(relation) the photo library \(library.path): a library's own files "
                                   + "(originals, renders, thumbnails) cannot be imported, into itself or another library")
            }
            guard isDirectory.boolValue else { add(url); continue }
            guard let enumerator = fm.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey], options: []) else { continue }
            var found: [URL] = []
            for case let file as URL in enumerator {
                let values = try? file.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
                // XMP sidecars describe the files beside them (their identity is read with those); not media.
                if values?.isRegularFile == true, file.pathExtension.lowercased() != "xmp" { found.append(file) }
                if values?.isDirectory == true, LibraryDirectory.isLibrary(file) {
                    enumerator.skipDescendants()
                    libraries.append(file.path)
                }
            }
            found.sorted { $0.path < $1.path }.forEach(add)
        }
        return (files, missing, libraries)
    }

    /// Lower-case hex SHA-256 of a file, or nil when it cannot be read.
    static func sha256(ofFileAt url: URL) -> String? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var hasher = SHA256Hasher()
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer.baseAddress, chunk)
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
        return hasher.finalize()
    }

    // MARK: Parallelism

    /// Runs `body` for 0..<count on up to `threads` threads; entries stay nil when `isCancelled` stops the work.
    static func parallelMap<T: Sendable>(_ count: Int, threads: Int, isCancelled: @escaping @Sendable () -> Bool,
                                         _ body: @escaping @Sendable (Int) -> T) -> [T?] {
        let box = ParallelResults<T>(count: count)
        let workers = max(1, min(threads, count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = box.next(), !isCancelled() {
                box.set(index, body(index))
            }
        }
        return box.values
    }
}

/// Results of `parallelMap`, filled from worker threads under a lock.
private final class ParallelResults<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private(set) var values: [T?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextIndex < values.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func set(_ index: Int, _ value: T) {
        lock.lock(); values[index] = value; lock.unlock()
    }
}
