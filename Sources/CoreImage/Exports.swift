// CoreImage re-exports what its signatures use, as Apple's CoreImage does.
@_exported import CoreGraphics
