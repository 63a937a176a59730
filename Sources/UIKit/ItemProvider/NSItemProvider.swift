import Foundation
import UniformTypeIdentifiers

/// Options for a file representation (Apple's `NSItemProviderFileOptions`).
public struct NSItemProviderFileOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The file can be opened in place: `loadInPlaceFileRepresentation` hands out the file itself.
    public static let openInPlace = NSItemProviderFileOptions(rawValue: 1)
}

/// Who may load a representation (Apple's `NSItemProviderRepresentationVisibility`). On Linux every provider
/// lives in one process, so every visibility behaves as `.all`.
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
    /// Every process.
    case all = 0
    /// Processes of the same team (treated as `.all` on Linux).
    case team = 1
    /// Processes of the same app group (treated as `.all` on Linux).
    case group = 2
    /// This process only.
    case ownProcess = 3
}

/// Hands out data, files or objects of several types, loaded on demand — Foundation's `NSItemProvider`, which
/// Foundation on Linux lacks. What `PHPickerResult.itemProvider` returns.
///
/// A provider holds representations, each registered under a uniform type identifier with a load handler; loads
/// run on a background queue and complete once, on an arbitrary queue, with the bytes, a file or an error. Every
/// load returns a `Progress`: cancelling it completes the load at once with `CocoaError(.userCancelled)` (Apple
/// documents no error for this; the load handler's own progress is cancelled too).
///
/// ```swift
/// _ = provider.loadFileRepresentation(forTypeIdentifier: UTType.image.identifier) { url, error in
///     guard let url else { return }
///     try? FileManager.default.copyItem(at: url, to: destination)   // the file is removed after this returns
/// }
/// ```
///
/// Differences from Apple: no `NSItemProviderWriting`/`registerObject`, no drag-and-drop or extension transport,
/// no `registerItem(forTypeIdentifier:loadHandler:)` coercions; a representation asked for by a type it conforms to
/// (`public.image` for a JPEG) is found, as on Apple platforms. Thread-safe (a lock guards the registrations).
open class NSItemProvider: NSObject, @unchecked Sendable {
    /// A registered representation.
    struct Representation: Sendable {
        enum Loader: Sendable {
            case data(@Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?)
            case file(@Sendable (@escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress?)
        }
        let typeIdentifier: String
        let fileOptions: NSItemProviderFileOptions
        let loader: Loader
    }

    /// Makes an object of a registered type directly (not from its bytes), for `loadObject(ofClass:)`.
    typealias ObjectLoader = @Sendable (@escaping @Sendable ((any Sendable)?, (any Error)?) -> Void) -> Progress?

    private let lock = NSLock()
    private var representations: [Representation] = []
    private var objectLoaders: [(typeIdentifier: String, loader: ObjectLoader)] = []
    private var storedSuggestedName: String?

    /// An empty provider.
    public override init() {
        super.init()
    }

    /// A provider of the file at `fileURL` under the type its extension names (`public.data` when unknown),
    /// suggesting the file's name without extension; nil when `fileURL` is not a readable regular file.
    public convenience init?(contentsOf fileURL: URL) {
        var isDirectory: ObjCBool = false
        guard fileURL.isFileURL, FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: fileURL.path) else { return nil }
        self.init()
        let type = UTType(filenameExtension: fileURL.pathExtension) ?? .data
        suggestedName = fileURL.deletingPathExtension().lastPathComponent
        registerFileRepresentation(forTypeIdentifier: type.identifier, fileOptions: [], visibility: .all) { completion in
            completion(fileURL, false, nil)
            return nil
        }
    }

    /// A name to save the item under (without extension), or nil.
    open var suggestedName: String? {
        get { lock.withLock { storedSuggestedName } }
        set { lock.withLock { storedSuggestedName = newValue } }
    }

    /// The type identifiers of the representations, in registration order (highest fidelity first).
    open var registeredTypeIdentifiers: [String] {
        lock.withLock { representations.map(\.typeIdentifier) }
    }

    /// The type identifiers of the representations registered with at least `fileOptions`.
    open func registeredTypeIdentifiers(fileOptions: NSItemProviderFileOptions) -> [String] {
        lock.withLock { representations.filter { $0.fileOptions.isSuperset(of: fileOptions) }.map(\.typeIdentifier) }
    }

    /// True when a representation's type conforms to `typeIdentifier`.
    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        representation(conformingTo: typeIdentifier) != nil
    }

    /// True when a representation registered with at least `fileOptions` conforms to `typeIdentifier`.
    open func hasRepresentationConforming(toTypeIdentifier typeIdentifier: String, fileOptions: NSItemProviderFileOptions = []) -> Bool {
        representation(conformingTo: typeIdentifier, fileOptions: fileOptions) != nil
    }

    /// Registers bytes of `typeIdentifier` made by `loadHandler` when asked for. The handler calls its completion
    /// once, from any thread, and may return a `Progress` (cancelled when the load is).
    open func registerDataRepresentation(forTypeIdentifier typeIdentifier: String, visibility: NSItemProviderRepresentationVisibility,
                                         loadHandler: @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?) {
        lock.withLock { representations.append(Representation(typeIdentifier: typeIdentifier, fileOptions: [], loader: .data(loadHandler))) }
    }

    /// Registers a file of `typeIdentifier` made by `loadHandler` when asked for. The file must stay readable until
    /// the completion returns (the provider copies it then, unless it is opened in place); the `Bool` says whether
    /// the file is coordinated (ignored on Linux).
    open func registerFileRepresentation(forTypeIdentifier typeIdentifier: String, fileOptions: NSItemProviderFileOptions = [],
                                         visibility: NSItemProviderRepresentationVisibility,
                                         loadHandler: @escaping @Sendable (@escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress?) {
        lock.withLock {
            representations.append(Representation(typeIdentifier: typeIdentifier, fileOptions: fileOptions, loader: .file(loadHandler)))
        }
    }

    /// Registers a loader that makes the object of an already registered type directly, for
    /// `loadObject(ofClass:)` (PhotosUI: a picked Live Photo's `PHLivePhoto`, which names the library's files
    /// instead of being decoded from bytes). Not an Apple API.
    package func registerObjectLoader(forTypeIdentifier typeIdentifier: String,
                                      loadHandler: @escaping @Sendable (@escaping @Sendable ((any Sendable)?, (any Error)?) -> Void) -> Progress?) {
        lock.withLock { objectLoaders.append((typeIdentifier, loadHandler)) }
    }

    /// The object loader registered for exactly `typeIdentifier`.
    func objectLoader(for typeIdentifier: String) -> ObjectLoader? {
        lock.withLock { objectLoaders.first { $0.typeIdentifier == typeIdentifier }?.loader }
    }

    /// The first representation whose type conforms to `typeIdentifier` (and has `fileOptions`).
    func representation(conformingTo typeIdentifier: String, fileOptions: NSItemProviderFileOptions = []) -> Representation? {
        let candidates = lock.withLock { representations }
        return candidates.first { $0.fileOptions.isSuperset(of: fileOptions) && Self.type($0.typeIdentifier, conformsTo: typeIdentifier) }
    }

    /// UTType conformance, falling back to equal identifiers for types the registry does not know.
    static func type(_ identifier: String, conformsTo other: String) -> Bool {
        if identifier == other { return true }
        guard let type = UTType(identifier), let supertype = UTType(other) else { return false }
        return type.conforms(to: supertype)
    }
}
