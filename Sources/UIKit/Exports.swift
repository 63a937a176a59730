// This UIKit holds only the non-visual UIImage subset PhotoKit clients touch. It re-exports what Apple's UIKit
// re-exports of the modules that exist here, so code written with only `import UIKit` (or `import Photos`, which
// re-exports UIKit) compiles as on iOS: Foundation, CoreGraphics, Core Image (`CIImage`, `CIFilter`, `CIContext`),
// ImageIO (`CGImageSource…`, which Apple's reaches through Core Image) and UniformTypeIdentifiers (`UTType`).
// No cycle: CoreImage and ImageIO sit below UIKit (UIKit depends on them, never the reverse).
@_exported import Foundation
@_exported import CoreGraphics
@_exported import CoreImage
@_exported import ImageIO
@_exported import UniformTypeIdentifiers
