import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What `photokit-raw-probe sensor` hands back: LibRaw's state after opening (and, when asked to, for an RGB 2×2
/// Bayer mosaic within the memory budget, unpacking) a file in the child, so the library's process never runs
/// LibRaw on it.
/// `ImageIO`'s `RAWSensorData` reads the state as it reads a handle of its own. The reply file is mapped, not
/// copied: `rawImage` is valid while the package lives.
package final class RAWSensorPackage {
    /// LibRaw's status for opening the file (0 on success).
    package let openStatus: Int32
    /// LibRaw's status for unpacking it (0 on success; 1 when not unpacked: not asked to, not a Bayer mosaic, or
    /// over budget).
    package let unpackStatus: Int32
    /// The unpacking function LibRaw chose for the file (`libraw_unpack_function_name`, e.g.
    /// "packed_dng_load_raw()"); empty when the file did not open.
    package let decoder: String
    /// The bytes of the child's `libraw_data_t` (pointers in it are the child's: never followed).
    package let state: UnsafeRawBufferPointer
    /// `libraw_COLOR` over the first 8 × 8 photosites, row-major.
    package let colour: [Int]
    /// The unpacked raw image, `raw_pitch` bytes per row (empty when not unpacked).
    package let rawImage: UnsafeBufferPointer<UInt16>
    private let mapping: UnsafeMutableRawPointer
    private let mappedLength: Int

    fileprivate init(openStatus: Int32, unpackStatus: Int32, decoder: String, state: UnsafeRawBufferPointer, colour: [Int],
                     rawImage: UnsafeBufferPointer<UInt16>, mapping: UnsafeMutableRawPointer, mappedLength: Int) {
        (self.openStatus, self.unpackStatus, self.state, self.colour, self.rawImage) = (openStatus, unpackStatus, state, colour, rawImage)
        self.decoder = decoder
        (self.mapping, self.mappedLength) = (mapping, mappedLength)
    }

    deinit { munmap(mapping, mappedLength) }
}

extension LibRawProbe {
    /// Runs LibRaw's part of a development on `bytes` in the probe: opening, and unpacking (when `unpack`, the
    /// default) when the sensor is an RGB 2×2 Bayer mosaic whose unpacking needs at most `maxBytes`. Returns nil
    /// when the probe is not built (the caller then runs LibRaw itself); throws when LibRaw crashed or hung there,
    /// or the reply is malformed. A file the probe unpacked counts as probed up to unpacking for
    /// ``check(_:upTo:)``; one it only opened, up to opening.
    package static func sensor(_ bytes: UnsafeRawBufferPointer, maxBytes: Int, stateSize: Int,
                               unpack: Bool = true) throws(Failure) -> RAWSensorPackage? {
        guard let tool = executable else { return nil }
        guard let output = anonymousFile() else { throw Failure(description: "the RAW file could not be read in a separate process: no temporary file (errno \(errno))") }
        defer { close(output) }
        // The bytes' digest is computed while the probe runs (this thread would only wait).
        let key = Mutex<Key?>(nil)
        let hashed = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let shared = bytes   // read-only, and valid until `hashed` is signalled
        DispatchQueue.global().async { key.withLock { $0 = digest(shared) }; hashed.signal() }
        let outcome = run(tool, bytes, arguments: ["sensor", String(maxBytes)] + (unpack ? [] : ["open"]), output: output)
        hashed.wait()
        if let failure = failure(outcome) { throw failure }
        if let key = key.withLock({ $0 }) { verdicts.withLock { $0.record(key, unpack ? .unpack : .open) } }

        let size = Int(lseek(output, 0, SEEK_END))
        let stateEnd = 24 + stateSize, headerSize = stateEnd + 136
        func malformed(_ what: String) -> Failure { Failure(description: "the RAW file could not be read in a separate process: its reply is malformed (\(what))") }
        guard size >= headerSize, headerSize % 2 == 0 else { throw malformed("short") }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, output, 0), mapping != MAP_FAILED else { throw malformed("cannot be mapped (errno \(errno))") }
        let reply = UnsafeRawBufferPointer(start: mapping, count: size)
        func integer<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T { reply.loadUnaligned(fromByteOffset: at, as: T.self) }
        let imageBytes = integer(stateEnd + 128, UInt64.self)
        guard reply.starts(with: Array("PKRAWS02".utf8)), integer(16, UInt64.self) == UInt64(stateSize),
              imageBytes % 2 == 0, UInt64(size - headerSize) == imageBytes else {
            munmap(mapping, size)
            throw malformed("its header, LibRaw's state size (another LibRaw version?) or the raw image's length")
        }
        let colour = reply[stateEnd..<(stateEnd + 64)].map { Int(Int8(bitPattern: $0)) }
        let decoder = String(decoding: reply[(stateEnd + 64)..<(stateEnd + 128)].prefix { $0 != 0 }, as: UTF8.self)
        let image = UnsafeBufferPointer(start: (mapping + headerSize).assumingMemoryBound(to: UInt16.self), count: Int(imageBytes / 2))
        return RAWSensorPackage(openStatus: integer(8, Int32.self), unpackStatus: integer(12, Int32.self), decoder: decoder,
                                state: UnsafeRawBufferPointer(rebasing: reply[24..<stateEnd]), colour: colour,
                                rawImage: image, mapping: mapping, mappedLength: size)
    }
}
