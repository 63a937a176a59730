// The Linux toolchain declares a Swift Testing cross-import overlay for any module named CoreGraphics but
// does not ship it; this empty overlay lets test files import both Testing and CoreGraphics (or Photos).
@_exported import Testing
@_exported import CoreGraphics
