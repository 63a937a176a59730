/// The family of a colour space, as in Core Graphics (raw values match Apple's).
@frozen
public enum CGColorSpaceModel: Int32, Sendable, Hashable {
    /// An unknown model.
    case unknown = -1
    /// One gray component.
    case monochrome = 0
    /// Red, green and blue.
    case rgb = 1
    /// Cyan, magenta, yellow and black.
    case cmyk = 2
    /// CIE L*a*b*.
    case lab = 3
    /// Any number of named colorants.
    case deviceN = 4
    /// Indices into a colour table.
    case indexed = 5
    /// A pattern.
    case pattern = 6
    /// CIE XYZ.
    case XYZ = 7
}
