import Foundation
import CoreGraphics
import CoreImage

/// A font by name and size (UIKit's `UIFont`, reduced to what text attributes need on Linux: no metrics, no
/// descriptors). Core Image's `CIAttributedTextImageGenerator` reads it from the `.font` attribute; the name is
/// resolved by fontconfig when text is drawn (see `Docs/CoreImage.md`). Immutable and thread-safe.
public final class UIFont: NSObject, _CIAttributedTextFont, @unchecked Sendable {
    /// The font's name ("HelveticaNeue-Bold", "DejaVu Sans").
    public let fontName: String
    /// The size in points.
    public let pointSize: CGFloat

    /// A font named `fontName` at `size` points. Unlike Apple's, never `nil`: whether an installed face has the
    /// name is decided when text is drawn (fontconfig's closest match is used).
    public init?(name fontName: String, size: CGFloat) {
        guard !fontName.isEmpty, size.isFinite, size >= 0 else { return nil }
        (self.fontName, self.pointSize) = (fontName, size)
    }

    private init(resolved fontName: String, size: CGFloat) { (self.fontName, self.pointSize) = (fontName, size) }

    /// The system font at `fontSize` points ("HelveticaNeue" here, resolved by fontconfig; San Francisco on Apple).
    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(resolved: "HelveticaNeue", size: fontSize) }

    /// The bold system font at `fontSize` points.
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(resolved: "HelveticaNeue-Bold", size: fontSize) }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(resolved: fontName, size: fontSize) }
}

/// A colour (UIKit's `UIColor`, reduced to its components: no dynamic or pattern colours). Core Image's
/// `CIAttributedTextImageGenerator` reads it from the `.foregroundColor` attribute. Immutable and thread-safe.
public final class UIColor: NSObject, _CIAttributedTextColor, @unchecked Sendable {
    /// The colour as Core Image sees it.
    public let ciColor: CIColor

    /// An sRGB colour with straight alpha.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        ciColor = CIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey with straight alpha.
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// The colour of a `CIColor`.
    public init(ciColor: CIColor) { self.ciColor = ciColor }

    /// The colour as a `CGColor`.
    public var cgColor: CGColor {
        ciColor.components.withUnsafeBufferPointer { CGColor(colorSpace: ciColor.colorSpace, components: $0.baseAddress!) }
            ?? CGColor(red: ciColor.red, green: ciColor.green, blue: ciColor.blue, alpha: ciColor.alpha)
    }

    /// Opaque black.
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// Opaque white.
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// Opaque red.
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// Opaque green.
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// Opaque blue.
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// Fully transparent black.
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
}

extension NSAttributedString.Key {
    /// The font of the text (a `UIFont`); Apple's raw value "NSFont".
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour of the text (a `UIColor`, `CIColor` or `CGColor`); Apple's raw value "NSColor".
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}
