// AVFoundation re-exports what its signatures use, as Apple's does: Core Media's times, Core Graphics' geometry and
// images, Foundation.
@_exported import Foundation
@_exported import CoreMedia
@_exported import CoreGraphics
