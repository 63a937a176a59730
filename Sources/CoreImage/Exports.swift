// CoreImage re-exports what its signatures use, as Apple's CoreImage does: CoreGraphics types everywhere,
// ImageIO for CGImageSource initializers and the kCGImageDestination… option keys of the representations.
@_exported import CoreGraphics
@_exported import ImageIO
