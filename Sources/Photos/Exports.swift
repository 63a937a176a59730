// `Photos` re-exports the modules Apple's Photos does that exist here: Foundation, CoreLocation (`PHAsset.location`),
// CoreGraphics, UniformTypeIdentifiers (`UTType`), ImageIO, and UIKit (`UIImage` in image requests), which brings
// Core Image with it as on iOS, and AVFoundation with CoreMedia (`CMTime` in PhotoKit's signatures, `AVAsset` in video
// requests), as Apple's does.
@_exported import Foundation
@_exported import CoreLocation
@_exported import CoreGraphics
@_exported import UniformTypeIdentifiers
@_exported import ImageIO
@_exported import UIKit
@_exported import CoreMedia
@_exported import AVFoundation
