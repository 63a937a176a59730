import CLazyLibraries
import Foundation
import Synchronization

/// A group of optional C libraries that `photos` and programs built on this package load on first use, not at
/// start-up: FFmpeg (movies), libheif (HEIC), LibRaw (RAW), Tesseract (text), ZBar and Zint (barcodes), libqrencode
/// (QR codes), dlib (faces), the font stack (text images) and cairo (drawing in bitmap contexts).
///
/// Their functions are stubs (see `scripts/lazy-libraries.py`) that load the group the first time any of them is
/// called. Code that uses a group calls ``load()`` first, so that a machine without the library gets an error
/// naming it and its Debian package for that format only; a stub reached while its group cannot load prints the
/// same message and aborts. (No Apple counterpart: on Apple platforms these codecs are part of the system.)
public struct OptionalLibrary: Sendable, Hashable, CustomStringConvertible {
    private let group: Int32

    private init(_ group: Int32) { self.group = group }

    /// FFmpeg's libavformat, libavcodec, libavutil, libswscale and libswresample: movies and Live Photo videos.
    public static let ffmpeg = OptionalLibrary(LAZY_GROUP_FFMPEG)
    /// libheif: HEIC and HEIF images.
    public static let heif = OptionalLibrary(LAZY_GROUP_HEIF)
    /// LibRaw: camera RAW and DNG images.
    public static let libRaw = OptionalLibrary(LAZY_GROUP_LIBRAW)
    /// Tesseract: text recognition.
    public static let tesseract = OptionalLibrary(LAZY_GROUP_TESSERACT)
    /// ZBar: barcode detection.
    public static let zbar = OptionalLibrary(LAZY_GROUP_ZBAR)
    /// Zint: barcode generation.
    public static let zint = OptionalLibrary(LAZY_GROUP_ZINT)
    /// libqrencode: QR code generation.
    public static let qrencode = OptionalLibrary(LAZY_GROUP_QRENCODE)
    /// dlib with BLAS and LAPACK: face landmarks and face recognition.
    public static let dlib = OptionalLibrary(LAZY_GROUP_DLIB)
    /// HarfBuzz, FreeType and fontconfig: text images.
    public static let fonts = OptionalLibrary(LAZY_GROUP_FONTS)
    /// cairo: drawing in bitmap contexts (`CGContext`).
    public static let cairo = OptionalLibrary(LAZY_GROUP_CAIRO)

    /// Every group.
    public static let all: [OptionalLibrary] = (0..<LAZY_GROUP_COUNT).map(OptionalLibrary.init)

    /// The group's short name ("ffmpeg", "heif", …).
    public var name: String { lazy_library_name(group).map { String(cString: $0) } ?? "group \(group)" }

    /// The group's short name, as ``name``.
    public var description: String { name }

    /// Whether the group's libraries are loaded in this process (without loading them).
    public var isLoaded: Bool { lazy_library_is_loaded(group) != 0 }

    /// Loads the group's libraries once (later calls return at once). Throws ``OptionalLibraryError`` naming the
    /// missing library and the package that provides it when they cannot be loaded; the failure is remembered.
    public func load() throws(OptionalLibraryError) {
        guard lazy_library_load(group) != 0 else { return }
        let reason = lazy_library_error(group).map { String(cString: $0) } ?? "\(name) could not be loaded"
        throw OptionalLibraryError(library: name, description: reason)
    }
}

/// An optional library that could not be loaded: `description` says what needs it, which shared library is
/// missing and which package to install, e.g. "HEIC and HEIF images need libheif.so.1, which cannot be loaded
/// (…); install it with: apt-get install libheif1".
public struct OptionalLibraryError: Error, Sendable, CustomStringConvertible {
    /// The group's short name ("heif").
    public let library: String
    /// What needs the library, which shared library could not be loaded and why, and the package to install.
    public let description: String
}

extension OptionalLibrary {
    /// Loads the group, or writes why it cannot be loaded to standard error (once per group and process) and
    /// returns false: for APIs whose Apple counterparts report failure as `nil` or an empty result, not an error
    /// (a Core Image generator's `outputImage`, a detector's features).
    public func loadOrWarn() -> Bool {
        do {
            try load()
            return true
        } catch {
            Self.warned.withLock { warned in
                if warned.insert(name).inserted { FileHandle.standardError.write(Data("warning: \(error.description)\n".utf8)) }
            }
            return false
        }
    }

    private static let warned = Mutex<Set<String>>([])
}
