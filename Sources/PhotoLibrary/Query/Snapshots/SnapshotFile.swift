import Foundation
import DurableFiles

/// The on-disk form of a persisted fetch snapshot: the ordered row ids one query selected at one change token,
/// plus their position table.
///
/// Layout (little-endian, every section 8-byte aligned):
///
/// | bytes | field |
/// |---|---|
/// | 0–7 | magic `PKFETCH1` |
/// | 8–15 | change token the ids reflect |
/// | 16–23 | library identity (hash of its identifier and database schema version) |
/// | 24–31 | key length in bytes |
/// | 32–39 | id count |
/// | 40–47 | position table base (the smallest id) |
/// | 48–55 | position table length (0: none) |
/// | 56–63 | checksum of the ids |
/// | 64–71 | checksum of bytes 0–63 and the key |
/// | 72… | key (the query's SQL and arguments, UTF-8), padded to 8; ids (Int64); position table (Int32, -1 absent) |
///
/// A file is used only when its length is exactly what the header declares and both checksums match, so a
/// torn write, a truncated or damaged file is simply a cache miss. Files are written under a temporary name,
/// flushed (`fsync`) and renamed into place, so readers never see a partial file under a snapshot's name.
enum SnapshotFile {
    static let magic: UInt64 = 0x3148_4354_4546_4B50   // "PKFETCH1"
    static let headerSize = 72

    /// What identifies the content of a snapshot.
    struct Identity: Equatable {
        var token: Int64
        var library: UInt64
        var key: String
    }

    /// What a valid snapshot file holds: the ids (mapped from the file), and the position table if it has one
    /// (kept open for lookups).
    struct Contents {
        var ids: RowIDList
        var positions: RowPositions?
    }

    static func padded(_ count: Int) -> Int { (count + 7) & ~7 }

    /// Reads the snapshot at `path` if it exists, is intact and matches `identity`; nil otherwise.
    static func read(_ path: String, expecting identity: Identity) -> Contents? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var keepOpen = false
        defer { if !keepOpen { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let keyBytes = Array(identity.key.utf8)
        let prefixSize = headerSize + padded(keyBytes.count)
        guard Int(info.st_size) >= prefixSize else { return nil }
        var prefix = [UInt8](repeating: 0, count: prefixSize)
        guard prefix.withUnsafeMutableBytes({ readFully(descriptor, into: $0, at: 0) }) else { return nil }
        let header = prefix.withUnsafeBytes { raw in (0..<9).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) } }
        guard header[0] == magic, Int64(bitPattern: header[1]) == identity.token, header[2] == identity.library,
              header[3] == UInt64(keyBytes.count), header[4] < UInt64(Int32.max), header[6] < UInt64(Int32.max) else { return nil }
        let count = Int(header[4]), tableCount = Int(header[6])
        guard Int(info.st_size) == prefixSize + count * 8 + tableCount * 4,
              prefix[headerSize..<(headerSize + keyBytes.count)].elementsEqual(keyBytes) else { return nil }
        let headerChecksum = prefix.withUnsafeBytes { raw in
            var checked = [UInt8](raw[0..<64]); checked.append(contentsOf: keyBytes)
            return checked.withUnsafeBytes { SnapshotChecksum.of($0) }
        }
        guard headerChecksum == header[8] else { return nil }
        // The ids are used where they lie in the file (mapped, no copy), after checking their checksum.
        var ids = RowIDList([])
        if count > 0 {
            guard let mapped = MappedRowIDs(descriptor: descriptor, offset: prefixSize, count: count),
                  SnapshotChecksum.of(UnsafeRawBufferPointer(start: mapped.base, count: count * 8)) == header[7] else { return nil }
            ids = RowIDList(mapped: mapped)
        } else if header[7] != [Int64]().withUnsafeBytes({ SnapshotChecksum.of($0) }) {
            return nil
        }
        #if _endian(big)
        ids = RowIDList(ids.map { Int64(littleEndian: $0) })
        #endif
        var positions: RowPositions?
        if tableCount > 0 {
            keepOpen = true
            positions = RowPositions(storage: .file(PersistedPositions(descriptor: descriptor, offset: prefixSize + count * 8,
                                                                       base: Int64(bitPattern: header[5]), count: tableCount)))
        }
        return Contents(ids: ids, positions: positions)
    }

    /// Writes a snapshot of `ids` atomically at `path` (temporary name in the same folder, `fsync`, rename).
    /// Throws on any file-system error; the caller treats that as "not cached".
    static func write(_ ids: [Int64], identity: Identity, to path: String) throws {
        let keyBytes = Array(identity.key.utf8)
        let table = ids.withUnsafeBufferPointer { RowPositions.denseSlots($0, allowDuplicates: false) }
        var header = [UInt64](repeating: 0, count: 9)
        header[0] = magic
        header[1] = UInt64(bitPattern: identity.token)
        header[2] = identity.library
        header[3] = UInt64(keyBytes.count)
        header[4] = UInt64(ids.count)
        header[5] = UInt64(bitPattern: table?.base ?? 0)
        header[6] = UInt64(table?.slots.count ?? 0)
        header[7] = ids.withUnsafeBytes { SnapshotChecksum.of($0) }
        var prefix = [UInt8](repeating: 0, count: headerSize + padded(keyBytes.count))
        prefix.withUnsafeMutableBytes { raw in
            for (index, value) in header.enumerated() { raw.storeBytes(of: value.littleEndian, toByteOffset: index * 8, as: UInt64.self) }
        }
        prefix.replaceSubrange(headerSize..<(headerSize + keyBytes.count), with: keyBytes)
        var checked = [UInt8](prefix[0..<64]); checked.append(contentsOf: keyBytes)
        let headerChecksum = checked.withUnsafeBytes { SnapshotChecksum.of($0) }
        prefix.withUnsafeMutableBytes { $0.storeBytes(of: headerChecksum.littleEndian, toByteOffset: 64, as: UInt64.self) }

        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = FileCalls.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SnapshotFileError(errno: errno) }
        var succeeded = false
        defer {
            close(descriptor)
            if !succeeded { unlink(temporary) }
        }
        try prefix.withUnsafeBytes { try writeFully(descriptor, $0, path: temporary) }
        try ids.withUnsafeBytes { try writeFully(descriptor, $0, path: temporary) }
        if let table { try table.slots.withUnsafeBytes { try writeFully(descriptor, $0, path: temporary) } }
        guard FileCalls.fsync(descriptor, path: temporary) == 0 else { throw SnapshotFileError(errno: errno) }
        guard FileCalls.rename(temporary, path) == 0 else { throw SnapshotFileError(errno: errno) }
        succeeded = true
    }

    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    private static func writeFully(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws {
        guard FileCalls.writeAll(descriptor, buffer, path: path) == 0 else { throw SnapshotFileError(errno: errno) }
    }
}

/// A file-system error while writing a snapshot (never surfaced: the fetch still succeeds, uncached).
struct SnapshotFileError: Error {
    let errno: Int32
}
