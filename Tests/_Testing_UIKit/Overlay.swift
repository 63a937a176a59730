// Like _Testing_CoreGraphics: the toolchain declares a Swift Testing cross-import overlay for any module named
// UIKit but does not ship it; this one lets test files import Testing together with UIKit (or Photos, which
// re-exports it).
@_exported import Testing
@_exported import CoreGraphics
@_exported import UIKit
