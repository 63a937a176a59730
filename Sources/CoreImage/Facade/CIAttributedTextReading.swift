import Foundation

/// A font as `CIAttributedTextImageGenerator` reads it from an attributed string's `NSFont` attribute.
///
/// On Apple platforms the attribute holds a `UIFont`/`NSFont` (a `CTFont`), which Core Image reads directly. On
/// Linux Foundation has no font type and Core Image cannot see UIKit (UIKit is built on Core Image), so the
/// value is read through this protocol: this package's `UIFont` conforms, and so can any type of yours.
/// Not Apple API (hence the underscore); code written for Apple uses `UIFont` and never names it.
public protocol _CIAttributedTextFont {
    /// The font's name ("HelveticaNeue-Bold", "DejaVu Sans"), resolved by fontconfig when rendering.
    var fontName: String { get }
    /// The size in points (one point is one pixel at scale factor 1).
    var pointSize: CGFloat { get }
}

/// A colour as `CIAttributedTextImageGenerator` reads it from an attributed string's `NSColor`
/// (`foregroundColor`) attribute, for the same reason as ``_CIAttributedTextFont``: this package's `UIColor`
/// conforms. `CIColor` and `CGColor` values are read directly. Not Apple API.
public protocol _CIAttributedTextColor {
    /// The colour.
    var ciColor: CIColor { get }
}

/// Reading an `NSAttributedString` into the engine's ``StyledText``.
enum CIAttributedTextReading {
    /// Apple's raw values of `NSAttributedString.Key.font` and `.foregroundColor`.
    static let fontKey = NSAttributedString.Key("NSFont"), colorKey = NSAttributedString.Key("NSColor")
    /// What Apple's text system uses where an attributed string names no font: Helvetica at 12 points.
    static let defaultFontName = "Helvetica", defaultFontSize = 12.0

    /// The runs of `text`: each attribute run's substring with its font (or Helvetica 12) and foreground
    /// colour (or opaque black); other attributes are ignored.
    static func styledText(_ text: NSAttributedString) -> StyledText {
        var runs: [StyledTextRun] = []
        let string = text.string as NSString
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: []) { attributes, range, _ in
            let font = attributes[fontKey] as? _CIAttributedTextFont
            runs.append(StyledTextRun(text: string.substring(with: range), fontName: font?.fontName ?? defaultFontName,
                                      fontSize: font.map { Double($0.pointSize) } ?? defaultFontSize,
                                      color: sRGB(attributes[colorKey])))
        }
        return StyledText(runs: runs)
    }

    /// A colour attribute as straight sRGB components (opaque black when absent or not a colour).
    static func sRGB(_ value: Any?) -> FilterColor {
        let color: CIColor
        switch value {
        case let c as CIColor: color = c
        case let c as CGColor: color = CIColor(cgColor: c)
        case let c as _CIAttributedTextColor: color = c.ciColor
        default: return FilterColor(0, 0, 0, 1)
        }
        return TextColors.sRGB(color.filterColor)
    }
}
