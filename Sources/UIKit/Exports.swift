// This UIKit holds only the non-visual UIImage subset PhotoKit clients touch.
@_exported import CoreGraphics
