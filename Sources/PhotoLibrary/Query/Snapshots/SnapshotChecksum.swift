/// A fast 64-bit checksum for persisted fetch snapshots: four independent multiply–rotate lanes over 8-byte
/// words (several GB/s), folded with the length. It detects torn and damaged files, not tampering.
enum SnapshotChecksum {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// The checksum of `bytes`.
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime1, prime2, prime1 ^ 0x165667B19E3779F9, prime2 ^ 0x27D4EB2F165667C5)
        let words = bytes.count / 8
        var index = 0
        @inline(__always) func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            let value = lane &+ word &* prime2
            return ((value << 31) | (value >> 33)) &* prime1
        }
        while index + 4 <= words {
            let offset = index * 8
            lanes.0 = mix(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = mix(lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            lanes.2 = mix(lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            lanes.3 = mix(lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            index += 4
        }
        var hash = UInt64(bytes.count) &* prime1
        hash = mix(hash, lanes.0); hash = mix(hash, lanes.1); hash = mix(hash, lanes.2); hash = mix(hash, lanes.3)
        while index < words {
            hash = mix(hash, bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            index += 1
        }
        for byte in bytes[(words * 8)...] { hash = mix(hash, UInt64(byte)) }
        hash ^= hash >> 29
        hash = hash &* prime2
        return hash ^ (hash >> 32)
    }

    /// FNV-1a over a string's UTF-8 bytes (file names of snapshots, the library identifier).
    static func of(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
