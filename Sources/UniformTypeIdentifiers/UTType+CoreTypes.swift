// The well-known types Apple exposes as static members of `UTType`.

extension UTType {
    // MARK: Base types

    /// A generic base type for most things (files, directories). Identifier `public.item`.
    public static let item = UTType.builtIn("public.item")

    /// A base type for anything containing user-viewable document content. Identifier `public.content`.
    public static let content = UTType.builtIn("public.content")

    /// A base type for mixed-content (compound) documents. Identifier `public.composite-content`.
    public static let compositeContent = UTType.builtIn("public.composite-content")

    /// A data item mountable as a volume. Identifier `public.disk-image`.
    public static let diskImage = UTType.builtIn("public.disk-image")

    /// A base type for any byte stream, including files and in-memory data. Identifier `public.data`.
    public static let data = UTType.builtIn("public.data")

    /// A file-system directory (packages and folders). Identifier `public.directory`.
    public static let directory = UTType.builtIn("public.directory")

    /// A base type for symbolic links and aliases. Identifier `com.apple.resolvable`.
    public static let resolvable = UTType.builtIn("com.apple.resolvable")

    /// A symbolic link. Identifier `public.symlink`.
    public static let symbolicLink = UTType.builtIn("public.symlink")

    /// An executable item. Identifier `public.executable`.
    public static let executable = UTType.builtIn("public.executable")

    /// A volume mount point. Identifier `com.apple.mount-point`.
    public static let mountPoint = UTType.builtIn("com.apple.mount-point")

    /// An alias file. Identifier `com.apple.alias-file`.
    public static let aliasFile = UTType.builtIn("com.apple.alias-file")

    /// Any URL. Identifier `public.url`.
    public static let url = UTType.builtIn("public.url")

    /// A URL with the `file:` scheme. Identifier `public.file-url`.
    public static let fileURL = UTType.builtIn("public.file-url")

    /// A user-browsable directory (not a package). Identifier `public.folder`.
    public static let folder = UTType.builtIn("public.folder")

    /// The root folder of a volume. Identifier `public.volume`.
    public static let volume = UTType.builtIn("public.volume")

    /// A packaged directory. Identifier `com.apple.package`.
    public static let package = UTType.builtIn("com.apple.package")

    /// A directory with a bundle layout. Identifier `com.apple.bundle`.
    public static let bundle = UTType.builtIn("com.apple.bundle")

    /// A Unix executable (flat file). Identifier `public.unix-executable`.
    public static let unixExecutable = UTType.builtIn("public.unix-executable")

    // MARK: Text

    /// The base type for all text-encoded data. Identifier `public.text`.
    public static let text = UTType.builtIn("public.text")

    /// Text with no markup and an unspecified encoding (`.txt`). Identifier `public.plain-text`.
    public static let plainText = UTType.builtIn("public.plain-text")

    /// Plain text encoded as UTF-8. Identifier `public.utf8-plain-text`.
    public static let utf8PlainText = UTType.builtIn("public.utf8-plain-text")

    /// Plain UTF-16 text with a BOM or big-endian order. Identifier `public.utf16-external-plain-text`.
    public static let utf16ExternalPlainText = UTType.builtIn("public.utf16-external-plain-text")

    /// Plain UTF-16 text in native byte order. Identifier `public.utf16-plain-text`.
    public static let utf16PlainText = UTType.builtIn("public.utf16-plain-text")

    /// Text containing delimited values. Identifier `public.delimited-values-text`.
    public static let delimitedText = UTType.builtIn("public.delimited-values-text")

    /// Comma-separated values (`.csv`). Identifier `public.comma-separated-values-text`.
    public static let commaSeparatedText = UTType.builtIn("public.comma-separated-values-text")

    /// Tab-separated values (`.tsv`). Identifier `public.tab-separated-values-text`.
    public static let tabSeparatedText = UTType.builtIn("public.tab-separated-values-text")

    /// Rich Text Format (`.rtf`). Identifier `public.rtf`.
    public static let rtf = UTType.builtIn("public.rtf")

    /// Any version of HTML. Identifier `public.html`.
    public static let html = UTType.builtIn("public.html")

    /// Generic XML. Identifier `public.xml`.
    public static let xml = UTType.builtIn("public.xml")

    /// YAML. Identifier `public.yaml`.
    public static let yaml = UTType.builtIn("public.yaml")

    /// Source code of any language. Identifier `public.source-code`.
    public static let sourceCode = UTType.builtIn("public.source-code")

    /// Source of any scripting language. Identifier `public.script`.
    public static let script = UTType.builtIn("public.script")

    /// JSON (`.json`). Identifier `public.json`.
    public static let json = UTType.builtIn("public.json")

    /// A base type for property lists. Identifier `com.apple.property-list`.
    public static let propertyList = UTType.builtIn("com.apple.property-list")

    /// An XML property list. Identifier `com.apple.xml-property-list`.
    public static let xmlPropertyList = UTType.builtIn("com.apple.xml-property-list")

    /// A binary property list. Identifier `com.apple.binary-property-list`.
    public static let binaryPropertyList = UTType.builtIn("com.apple.binary-property-list")

    /// A console log. Identifier `public.log`.
    public static let log = UTType.builtIn("public.log")

    /// An Adobe PDF document. Identifier `com.adobe.pdf`.
    public static let pdf = UTType.builtIn("com.adobe.pdf")

    // MARK: Images

    /// A base type for image data. Identifier `public.image`.
    public static let image = UTType.builtIn("public.image")

    /// A JPEG image (`.jpeg`, `.jpg`). Identifier `public.jpeg`.
    public static let jpeg = UTType.builtIn("public.jpeg")

    /// A PNG image. Identifier `public.png`.
    public static let png = UTType.builtIn("public.png")

    /// A GIF image. Identifier `com.compuserve.gif`.
    public static let gif = UTType.builtIn("com.compuserve.gif")

    /// A TIFF image (`.tiff`, `.tif`). Identifier `public.tiff`.
    public static let tiff = UTType.builtIn("public.tiff")

    /// Apple icon data. Identifier `com.apple.icns`.
    public static let icns = UTType.builtIn("com.apple.icns")

    /// A Windows bitmap. Identifier `com.microsoft.bmp`.
    public static let bmp = UTType.builtIn("com.microsoft.bmp")

    /// Windows icon data. Identifier `com.microsoft.ico`.
    public static let ico = UTType.builtIn("com.microsoft.ico")

    /// A Scalable Vector Graphics image. Identifier `public.svg-image`.
    public static let svg = UTType.builtIn("public.svg-image")

    /// A HEIF image. Conforms to `public.heif-standard`, not to ``heic``. Identifier `public.heif`.
    public static let heif = UTType.builtIn("public.heif")

    /// A HEIC image. Conforms to `public.heif-standard`, not to ``heif``. Identifier `public.heic`.
    public static let heic = UTType.builtIn("public.heic")

    /// A HEIC image sequence (Apple: iOS 18). Identifier `public.heics`.
    public static let heics = UTType.builtIn("public.heics")

    /// A WebP image. Identifier `org.webmproject.webp`.
    public static let webP = UTType.builtIn("org.webmproject.webp")

    /// A JPEG XL image (Apple: iOS 18). Identifier `public.jpeg-xl`.
    public static let jpegxl = UTType.builtIn("public.jpeg-xl")

    /// An OpenEXR image (Apple: iOS 18). Identifier `com.ilm.openexr-image`.
    public static let exr = UTType.builtIn("com.ilm.openexr-image")

    /// A base type for camera RAW image data. Identifier `public.camera-raw-image`.
    public static let rawImage = UTType.builtIn("public.camera-raw-image")

    /// An Adobe Digital Negative image (Apple: iOS 18). Identifier `com.adobe.raw-image`.
    public static let dng = UTType.builtIn("com.adobe.raw-image")

    /// A Live Photo. Like Apple's declaration it has no supertypes. Identifier `com.apple.live-photo`.
    public static let livePhoto = UTType.builtIn("com.apple.live-photo")

    // MARK: Audiovisual content

    /// Any audio and/or video content. Identifier `public.audiovisual-content`.
    public static let audiovisualContent = UTType.builtIn("public.audiovisual-content")

    /// A format that may contain both video and audio. Identifier `public.movie`.
    public static let movie = UTType.builtIn("public.movie")

    /// Pure video data with no audio. Identifier `public.video`.
    public static let video = UTType.builtIn("public.video")

    /// Pure audio data with no video. Identifier `public.audio`.
    public static let audio = UTType.builtIn("public.audio")

    /// A QuickTime movie (`.mov`). Identifier `com.apple.quicktime-movie`.
    public static let quickTimeMovie = UTType.builtIn("com.apple.quicktime-movie")

    /// An MPEG-1 or MPEG-2 movie. Identifier `public.mpeg`.
    public static let mpeg = UTType.builtIn("public.mpeg")

    /// An MPEG-2 video. Identifier `public.mpeg-2-video`.
    public static let mpeg2Video = UTType.builtIn("public.mpeg-2-video")

    /// An MPEG-2 transport stream. Identifier `public.mpeg-2-transport-stream`.
    public static let mpeg2TransportStream = UTType.builtIn("public.mpeg-2-transport-stream")

    /// MP3 audio. Identifier `public.mp3`.
    public static let mp3 = UTType.builtIn("public.mp3")

    /// An MPEG-4 movie (`.mp4`). Identifier `public.mpeg-4`.
    public static let mpeg4Movie = UTType.builtIn("public.mpeg-4")

    /// MPEG-4 audio (`.m4a`); conforms to ``mpeg4Movie`` and ``audio``. Identifier `public.mpeg-4-audio`.
    public static let mpeg4Audio = UTType.builtIn("public.mpeg-4-audio")

    /// An AVI movie. Identifier `public.avi`.
    public static let avi = UTType.builtIn("public.avi")

    /// AIFF audio. Identifier `public.aiff-audio`.
    public static let aiff = UTType.builtIn("public.aiff-audio")

    /// Waveform audio (`.wav`). Identifier `com.microsoft.waveform-audio`.
    public static let wav = UTType.builtIn("com.microsoft.waveform-audio")

    /// MIDI audio. Identifier `public.midi-audio`.
    public static let midi = UTType.builtIn("public.midi-audio")

    // MARK: Archives

    /// An archive of files and directories. Identifier `public.archive`.
    public static let archive = UTType.builtIn("public.archive")

    /// A gzip archive. Identifier `org.gnu.gnu-zip-archive`.
    public static let gzip = UTType.builtIn("org.gnu.gnu-zip-archive")

    /// A bzip2 archive. Identifier `public.bzip2-archive`.
    public static let bz2 = UTType.builtIn("public.bzip2-archive")

    /// A zip archive. Identifier `public.zip-archive`.
    public static let zip = UTType.builtIn("public.zip-archive")
}
