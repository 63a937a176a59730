// Apple's CoreGraphics declares CGFloat, CGPoint, CGSize and CGRect; on Linux Foundation does, so importing
// CoreGraphics re-exports Foundation (packages such as GRDB import CoreGraphics for CGFloat when they can).
@_exported import Foundation
