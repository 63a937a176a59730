/// A class of tags that map onto types, such as filename extensions or MIME types.
///
/// Mirrors Apple's `UTTagClass`; the raw values are the same strings
/// (`public.filename-extension`, `public.mime-type`).
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The tag-class string, e.g. `public.filename-extension`.
    public let rawValue: String

    /// Wraps a tag-class string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Filename extensions (without the leading dot), e.g. `jpg`.
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")

    /// MIME types, e.g. `image/jpeg`.
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    /// The raw tag-class string.
    public var description: String { rawValue }
}
