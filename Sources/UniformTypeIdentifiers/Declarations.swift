import Foundation

/// One entry of the built-in type table: an identifier, the identifiers it directly conforms
/// to, its tags and an English description.
struct TypeDeclaration: Sendable {
    let identifier: String
    let conformsTo: [String]
    let filenameExtensions: [String]
    let mimeTypes: [String]
    let description: String

    init(
        _ identifier: String, _ conformsTo: [String], ext: [String] = [], mime: [String] = [],
        _ description: String
    ) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.filenameExtensions = ext
        self.mimeTypes = mime
        self.description = description
    }
}

/// The built-in declarations and their lookup indexes.
///
/// Identifiers and direct conformances of Apple's "core types" follow the `conforms to:` notes
/// of Apple's `UTCoreTypes.h`. Where that header gives no parent the entry has none
/// (`com.apple.live-photo`, `public.archive`, `public.log`, …), except where a parent is needed
/// for useful behaviour and is marked *(assumed)* below. Camera-RAW identifiers other than
/// `com.adobe.raw-image` are the ones commonly seen in macOS's RAW support; not all are confirmed.
/// Table order matters: when several types share a tag, the earlier entry wins.
enum TypeRegistry {
    static let declarations: [TypeDeclaration] = [
        // Abstract and concrete base types.
        .init("public.item", [], "item"),
        .init("public.content", [], "content"),
        .init("public.composite-content", ["public.content"], "mixed content"),
        .init("public.disk-image", [], "disk image"),
        .init("public.data", ["public.item"], "data"),
        .init("public.directory", ["public.item"], "directory"),
        .init("com.apple.resolvable", [], "resolvable item"),
        .init("public.symlink", ["public.item", "com.apple.resolvable"], "symbolic link"),
        .init("public.executable", ["public.item"], "executable"),
        .init("com.apple.mount-point", ["public.item", "com.apple.resolvable"], "mount point"),
        .init("com.apple.alias-file", ["public.data", "com.apple.resolvable"], "alias"),
        .init("public.url", ["public.data"], "URL"),
        .init("public.file-url", ["public.url"], "file URL"),
        .init("public.folder", ["public.directory"], "folder"),
        .init("public.volume", ["public.folder"], "volume"),
        .init("com.apple.package", ["public.directory"], "package"),
        .init("com.apple.bundle", ["public.directory"], "bundle"),
        .init("public.unix-executable", ["public.data", "public.executable"], "Unix executable"),

        // Text.
        .init("public.text", ["public.data", "public.content"], "text"),
        .init("public.plain-text", ["public.text"], ext: ["txt", "text"], mime: ["text/plain"],
              "plain text document"),
        .init("public.utf8-plain-text", ["public.plain-text"], mime: ["text/plain;charset=utf-8"],
              "Unicode (UTF-8) text"),
        .init("public.utf16-external-plain-text", ["public.plain-text"],
              "Unicode (UTF-16) text (external byte order)"),
        .init("public.utf16-plain-text", ["public.plain-text"], mime: ["text/plain;charset=utf-16"],
              "Unicode (UTF-16) text"),
        .init("public.delimited-values-text", ["public.text"], "delimited values text"),
        .init("public.comma-separated-values-text", ["public.delimited-values-text"],
              ext: ["csv"], mime: ["text/csv", "text/comma-separated-values"],
              "comma-separated values"),
        .init("public.tab-separated-values-text", ["public.delimited-values-text"],
              ext: ["tsv"], mime: ["text/tab-separated-values"], "tab-separated values"),
        .init("public.rtf", ["public.text"], ext: ["rtf"], mime: ["text/rtf", "application/rtf"],
              "rich text document"),
        .init("public.html", ["public.text"], ext: ["html", "htm", "shtml", "shtm"],
              mime: ["text/html"], "HTML text"),
        .init("public.xml", ["public.text"], ext: ["xml"], mime: ["application/xml", "text/xml"],
              "XML text"),
        .init("public.yaml", ["public.text"], ext: ["yaml", "yml"],
              mime: ["application/x-yaml", "application/yaml"], "YAML"),
        .init("public.source-code", ["public.plain-text"], "source code"),
        .init("public.script", ["public.source-code"], "script"),
        .init("public.json", ["public.text"], ext: ["json"], mime: ["application/json"], "JSON"),
        .init("com.apple.property-list", ["public.data"], ext: ["plist"], "property list"),
        .init("com.apple.xml-property-list", ["public.xml", "com.apple.property-list"],
              "XML property list"),
        .init("com.apple.binary-property-list", ["com.apple.property-list"],
              "binary property list"),
        .init("public.log", [], ext: ["log"], "log file"),

        // Composite content.
        .init("com.adobe.pdf", ["public.data", "public.composite-content"], ext: ["pdf"],
              mime: ["application/pdf"], "PDF document"),

        // Images.
        .init("public.image", ["public.data", "public.content"], "image"),
        .init("public.jpeg", ["public.image"], ext: ["jpeg", "jpg", "jpe"],
              mime: ["image/jpeg", "image/jpg"], "JPEG image"),
        .init("public.png", ["public.image"], ext: ["png"], mime: ["image/png"], "PNG image"),
        .init("com.compuserve.gif", ["public.image"], ext: ["gif"], mime: ["image/gif"],
              "GIF image"),
        .init("public.tiff", ["public.image"], ext: ["tiff", "tif"],
              mime: ["image/tiff", "image/tif"], "TIFF image"),
        .init("com.apple.icns", ["public.image"], ext: ["icns"], "Apple icon image"),
        .init("com.microsoft.bmp", ["public.image"], ext: ["bmp", "dib"],
              mime: ["image/bmp", "image/x-bmp"], "Windows bitmap image"),
        .init("com.microsoft.ico", ["public.image"], ext: ["ico"],
              mime: ["image/vnd.microsoft.icon", "image/x-icon"], "Windows icon image"),
        .init("public.svg-image", ["public.image"], ext: ["svg", "svgz"], mime: ["image/svg+xml"],
              "SVG image"),
        // public.heif-standard → public.image (assumed).
        .init("public.heif-standard", ["public.image"], "HEIF-standard image"),
        .init("public.heic", ["public.heif-standard"], ext: ["heic"], mime: ["image/heic"],
              "HEIC image"),
        .init("public.heics", ["public.heif-standard"], ext: ["heics"],
              mime: ["image/heic-sequence"], "HEIC image sequence"),
        .init("public.heif", ["public.heif-standard"], ext: ["heif", "hif"], mime: ["image/heif"],
              "HEIF image"),
        .init("public.avif", ["public.heif-standard"], ext: ["avif"], mime: ["image/avif"],
              "AVIF image"),
        .init("org.webmproject.webp", ["public.image"], ext: ["webp"], mime: ["image/webp"],
              "WebP image"),
        .init("public.jpeg-xl", ["public.image"], ext: ["jxl"], mime: ["image/jxl"],
              "JPEG XL image"),
        .init("com.ilm.openexr-image", ["public.image"], ext: ["exr"], mime: ["image/x-exr"],
              "OpenEXR image"),
        .init("public.camera-raw-image", ["public.image"], ext: ["raw"], "raw image"),
        .init("com.adobe.raw-image", ["public.camera-raw-image"], ext: ["dng"],
              mime: ["image/x-adobe-dng", "image/dng"], "Adobe raw image (DNG)"),
        .init("com.canon.cr2-raw-image", ["public.camera-raw-image"], ext: ["cr2"],
              mime: ["image/x-canon-cr2"], "Canon CR2 raw image"),
        .init("com.canon.cr3-raw-image", ["public.camera-raw-image"], ext: ["cr3"],
              mime: ["image/x-canon-cr3"], "Canon CR3 raw image"),
        .init("com.canon.crw-raw-image", ["public.camera-raw-image"], ext: ["crw"],
              mime: ["image/x-canon-crw"], "Canon CRW raw image"),
        .init("com.nikon.raw-image", ["public.camera-raw-image"], ext: ["nef"],
              mime: ["image/x-nikon-nef"], "Nikon raw image"),
        .init("com.nikon.nrw-raw-image", ["public.camera-raw-image"], ext: ["nrw"],
              mime: ["image/x-nikon-nrw"], "Nikon NRW raw image"),
        .init("com.sony.arw-raw-image", ["public.camera-raw-image"], ext: ["arw"],
              mime: ["image/x-sony-arw"], "Sony ARW raw image"),
        .init("com.sony.sr2-raw-image", ["public.camera-raw-image"], ext: ["sr2"],
              mime: ["image/x-sony-sr2"], "Sony SR2 raw image"),
        .init("com.sony.raw-image", ["public.camera-raw-image"], ext: ["srf"],
              mime: ["image/x-sony-srf"], "Sony raw image"),
        .init("com.fuji.raw-image", ["public.camera-raw-image"], ext: ["raf"],
              mime: ["image/x-fuji-raf"], "Fujifilm raw image"),
        .init("com.olympus.raw-image", ["public.camera-raw-image"], ext: ["orf"],
              mime: ["image/x-olympus-orf"], "Olympus raw image"),
        .init("com.panasonic.rw2-raw-image", ["public.camera-raw-image"], ext: ["rw2"],
              mime: ["image/x-panasonic-rw2"], "Panasonic RW2 raw image"),
        .init("com.pentax.raw-image", ["public.camera-raw-image"], ext: ["pef"],
              mime: ["image/x-pentax-pef"], "Pentax raw image"),
        .init("com.samsung.raw-image", ["public.camera-raw-image"], ext: ["srw"],
              mime: ["image/x-samsung-srw"], "Samsung raw image"),
        .init("com.leica.rwl-raw-image", ["public.camera-raw-image"], ext: ["rwl"],
              mime: ["image/x-leica-rwl"], "Leica RWL raw image"),
        .init("com.hasselblad.3fr-raw-image", ["public.camera-raw-image"], ext: ["3fr"],
              mime: ["image/x-hasselblad-3fr"], "Hasselblad 3FR raw image"),
        .init("com.phaseone.raw-image", ["public.camera-raw-image"], ext: ["iiq"],
              "Phase One raw image"),
        .init("com.sigma.raw-image", ["public.camera-raw-image"], ext: ["x3f"],
              mime: ["image/x-sigma-x3f"], "Sigma raw image"),
        .init("com.konicaminolta.raw-image", ["public.camera-raw-image"], ext: ["mrw"],
              mime: ["image/x-minolta-mrw"], "Konica Minolta raw image"),
        .init("com.kodak.raw-image", ["public.camera-raw-image"], ext: ["dcr"],
              mime: ["image/x-kodak-dcr"], "Kodak raw image"),
        .init("com.epson.raw-image", ["public.camera-raw-image"], ext: ["erf"],
              mime: ["image/x-epson-erf"], "Epson raw image"),
        // Apple's header names no parent for Live Photos; none is given here either.
        .init("com.apple.live-photo", [], "Live Photo"),

        // Audiovisual content.
        .init("public.audiovisual-content", ["public.data", "public.content"],
              "audiovisual content"),
        .init("public.movie", ["public.audiovisual-content"], "movie"),
        .init("public.video", ["public.movie"], "video"),
        .init("public.audio", ["public.audiovisual-content"], "audio"),
        .init("com.apple.quicktime-movie", ["public.movie"], ext: ["mov", "qt"],
              mime: ["video/quicktime"], "QuickTime movie"),
        .init("public.mpeg-4", ["public.movie"], ext: ["mp4", "mpg4"],
              mime: ["video/mp4", "video/mp4v"], "MPEG-4 movie"),
        .init("com.apple.m4v-video", ["public.movie"], ext: ["m4v"],
              mime: ["video/x-m4v"], "MPEG-4 video"),
        .init("public.mpeg", ["public.movie"], ext: ["mpg", "mpeg", "mpe", "m75", "m15"],
              mime: ["video/mpeg", "video/mpg"], "MPEG movie"),
        .init("public.mpeg-2-video", ["public.video"], ext: ["m2v"], mime: ["video/mpeg2"],
              "MPEG-2 video"),
        .init("public.mpeg-2-transport-stream", ["public.movie"], ext: ["ts", "m2ts", "mts"],
              mime: ["video/mp2t"], "MPEG-2 transport stream"),
        .init("public.avi", ["public.movie"], ext: ["avi", "vfw"],
              mime: ["video/avi", "video/msvideo", "video/x-msvideo"], "AVI movie"),
        .init("public.3gpp", ["public.movie"], ext: ["3gp", "3gpp"],
              mime: ["video/3gpp", "audio/3gpp"], "3GPP movie"),
        .init("public.mp3", ["public.audio"], ext: ["mp3"],
              mime: ["audio/mpeg", "audio/mpeg3", "audio/mp3", "audio/x-mp3"], "MP3 audio"),
        .init("public.mpeg-4-audio", ["public.mpeg-4", "public.audio"], ext: ["m4a", "m4b"],
              mime: ["audio/mp4", "audio/x-m4a", "audio/mpeg4"], "MPEG-4 audio"),
        // public.aifc-audio → public.audio (assumed).
        .init("public.aifc-audio", ["public.audio"], ext: ["aifc", "aic"], mime: ["audio/x-aifc"],
              "AIFF-C audio"),
        .init("public.aiff-audio", ["public.aifc-audio"], ext: ["aiff", "aif"],
              mime: ["audio/aiff", "audio/x-aiff"], "AIFF audio"),
        .init("com.microsoft.waveform-audio", ["public.audio"], ext: ["wav", "wave"],
              mime: ["audio/vnd.wave", "audio/wav", "audio/wave", "audio/x-wav"],
              "Waveform audio"),
        .init("public.midi-audio", ["public.audio"], ext: ["mid", "midi", "smf", "kar"],
              mime: ["audio/midi", "audio/x-midi"], "MIDI audio"),
        .init("org.xiph.flac", ["public.audio"], ext: ["flac"], mime: ["audio/flac"],
              "FLAC audio"),

        // Archives. com.pkware.zip-archive → public.data, public.archive (assumed).
        .init("public.archive", [], "archive"),
        .init("com.pkware.zip-archive", ["public.data", "public.archive"], "zip archive"),
        .init("public.zip-archive", ["com.pkware.zip-archive"], ext: ["zip"],
              mime: ["application/zip", "application/x-zip-compressed"], "ZIP archive"),
        .init("org.gnu.gnu-zip-archive", ["public.data", "public.archive"], ext: ["gz", "gzip"],
              mime: ["application/x-gzip", "application/gzip"], "gzip archive"),
        .init("public.bzip2-archive", ["public.data", "public.archive"], ext: ["bz2", "bzip2"],
              mime: ["application/x-bzip2"], "bzip2 archive"),
        .init("public.tar-archive", ["public.data", "public.archive"], ext: ["tar"],
              mime: ["application/x-tar"], "tar archive"),
    ]

    /// Declarations keyed by lower-cased identifier.
    static let byIdentifier: [String: TypeDeclaration] = {
        var table: [String: TypeDeclaration] = [:]
        for declaration in declarations {
            table[declaration.identifier.lowercased()] = declaration
        }
        return table
    }()

    /// Declarations in table order, keyed by lower-cased filename extension.
    static let byFilenameExtension: [String: [TypeDeclaration]] = index(\.filenameExtensions)

    /// Declarations in table order, keyed by lower-cased MIME type.
    static let byMIMEType: [String: [TypeDeclaration]] = index(\.mimeTypes)

    private static func index(_ tags: KeyPath<TypeDeclaration, [String]>) -> [String: [TypeDeclaration]] {
        var table: [String: [TypeDeclaration]] = [:]
        for declaration in declarations {
            for tag in declaration[keyPath: tags] {
                table[tag.lowercased(), default: []].append(declaration)
            }
        }
        return table
    }

    /// Declarations (table order) that carry `tag` in `tagClass`, compared case-insensitively.
    /// MIME types are also tried without parameters (`text/plain; charset=x` → `text/plain`).
    static func declarations(tag: String, tagClass: UTTagClass) -> [TypeDeclaration] {
        let key = tag.lowercased()
        switch tagClass {
        case .filenameExtension:
            return byFilenameExtension[key] ?? []
        case .mimeType:
            if let exact = byMIMEType[key] ?? byMIMEType[key.replacingOccurrences(of: " ", with: "")] {
                return exact
            }
            let bare = key.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces)
            } ?? key
            return byMIMEType[bare] ?? []
        default:
            return []
        }
    }
}
