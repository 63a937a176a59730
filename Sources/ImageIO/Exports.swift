// ImageIO re-exports what its signatures use, as Apple's ImageIO does.
@_exported import CoreGraphics
