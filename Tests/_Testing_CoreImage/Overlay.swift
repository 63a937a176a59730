// Like _Testing_CoreGraphics: lets Swift Testing files import Testing together with CoreImage.
@_exported import Testing
@_exported import CoreGraphics
@_exported import CoreImage
