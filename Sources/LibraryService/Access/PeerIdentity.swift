import Foundation
import NIOCore
import PhotoLibrary
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Who is at the other end of a Unix-socket connection, as the kernel says (`SO_PEERCRED`): the process and
/// user that connected. Nothing the client sends can change it.
struct PeerCredentials: Sendable, Hashable {
    var pid: Int32
    var uid: UInt32

    /// The peer of a Unix-socket channel; nil for other channels.
    static func of(_ channel: any Channel) async -> PeerCredentials? {
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        let future: EventLoopFuture<KernelPeerCredentials> = provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: Self.peerCredentialsOption)
        guard let credentials = try? await future.get(), credentials.pid > 0 else { return nil }
        return PeerCredentials(pid: credentials.pid, uid: credentials.uid)
    }

    /// Linux's `SO_PEERCRED` (glibc declares `struct ucred` only under `_GNU_SOURCE`, which Swift's Glibc
    /// module does not set).
    static let peerCredentialsOption: SocketOptionName = 17

    /// `struct ucred`: the same layout.
    struct KernelPeerCredentials: Sendable {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }
}

/// A program that connected: the application identifier it goes by, a name for its owner to read, and the
/// executable it runs (the path and the SHA-256 of its bytes).
///
/// The identifier is the one declared in a manifest beside the executable — `<executable>.photos-app.json`,
/// `{"identifier": "org.example.Sorter", "name": "Sorter"}` — or else `path:` and the executable's path. A
/// manifest is only a name: the grant is bound to the executable's hash, so another program declaring the same
/// identifier (or the same program after it changed) is asked about again.
struct ProgramIdentity: Sendable, Hashable {
    var appIdentifier: String
    var name: String
    var executablePath: String
    var executableSHA256: String
}

/// Resolves peers to program identities. The running executable is read through `/proc/<pid>/exe` (the file the
/// process runs, even when its path was replaced since); an identity is kept by the executable's and its
/// manifest's device, inode, size and modification time, so a program's every request costs a `readlink` and two
/// `stat`s — no hash, no manifest read.
final class ProgramIdentities: Sendable {
    private struct FileKey: Hashable {
        var device: UInt64; var inode: UInt64; var size: Int64; var modified: Int64
        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev); inode = UInt64(info.st_ino); size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        }
    }
    private struct Key: Hashable { var executable: FileKey; var path: String; var manifest: FileKey? }
    private let known = Mutex<[Key: ProgramIdentity]>([:])
    static let manifestSuffix = ".photos-app.json"

    /// The program behind a peer, or nil when its executable cannot be read (it exited, or it is another
    /// user's process this server may not inspect).
    func identity(of peer: PeerCredentials) -> ProgramIdentity? {
        let exe = "/proc/\(peer.pid)/exe"
        guard let executable = FileKey(exe), var path = try? FileManager.default.destinationOfSymbolicLink(atPath: exe) else { return nil }
        if path.hasSuffix(" (deleted)") { path.removeLast(10) }
        let key = Key(executable: executable, path: path, manifest: FileKey(path + Self.manifestSuffix))
        if let cached = known.withLock({ $0[key] }) { return cached }
        guard let hash = ContentDigest.sha256Hex(ofFileAt: URL(fileURLWithPath: exe)) else { return nil }
        let manifest = Self.manifest(besides: path)
        let identity = ProgramIdentity(appIdentifier: manifest?.identifier ?? "path:\(path)", name: manifest?.name ?? (path as NSString).lastPathComponent,
                                       executablePath: path, executableSHA256: hash)
        known.withLock { cache in
            if cache.count > 1000 { cache.removeAll() }
            cache[key] = identity
        }
        return identity
    }

    private struct Manifest: Decodable { var identifier: String; var name: String? }

    /// The manifest beside an executable, when it exists and is well formed (at most 64 KiB).
    private static func manifest(besides path: String) -> (identifier: String, name: String)? {
        let url = URL(fileURLWithPath: path + manifestSuffix)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              (attributes[.size] as? Int ?? .max) <= 65_536,
              let data = try? Data(contentsOf: url),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data),
              !manifest.identifier.isEmpty, manifest.identifier.utf8.count <= 255, !manifest.identifier.hasPrefix("path:"),
              manifest.identifier.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) }) else { return nil }
        let name = manifest.name.map { String($0.prefix(100)) }.flatMap { $0.isEmpty ? nil : $0 } ?? manifest.identifier
        return (manifest.identifier, name)
    }
}

/// Applications' grants, remembered for half a second: every request of an application reads its grant, and a
/// decision made anywhere (the CLI, another server, the web app) takes effect within that time.
final class GrantCache: Sendable {
    static let lifetime: TimeInterval = 0.5
    private let entries = Mutex<[String: (grant: AppGrant?, until: Date)]>([:])

    /// The grant of an application by identifier.
    func grant(identifier: String, in library: Library) throws(LibraryError) -> AppGrant? {
        try cached("id:\(identifier)") { () throws(LibraryError) in try library.appGrant(identifier: identifier) }
    }

    /// The grant by row (what an application's API token names).
    func grant(rowID: Int64, in library: Library) throws(LibraryError) -> AppGrant? {
        try cached("row:\(rowID)") { () throws(LibraryError) in try library.appGrant(rowID: rowID) }
    }

    private func cached(_ key: String, _ load: () throws(LibraryError) -> AppGrant?) throws(LibraryError) -> AppGrant? {
        let now = Date()
        if let hit = entries.withLock({ $0[key] }), hit.until > now { return hit.grant }
        let grant = try load()
        entries.withLock { cache in
            if cache.count > 10_000 { cache.removeAll() }
            cache[key] = (grant, now.addingTimeInterval(Self.lifetime))
        }
        return grant
    }

    /// Forgets everything (after a decision made through this process).
    func removeAll() { entries.withLock { $0.removeAll() } }
}
