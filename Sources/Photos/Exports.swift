// `Photos` re-exports the substrate modules whose types its signatures use, as Apple's Photos does.
@_exported import Foundation
@_exported import CoreLocation
@_exported import CoreGraphics
@_exported import UniformTypeIdentifiers
@_exported import ImageIO
@_exported import UIKit
