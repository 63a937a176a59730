import Foundation

// Core Foundation names that Apple's CoreGraphics/ImageIO/CoreImage signatures use, mapped to the
// Foundation types Linux code already has. On Apple platforms these are toll-free bridged CF types, so
// client idioms such as `data as CFData`, `url as CFURL`, `key as String`, `options as CFDictionary` and
// `CGImageSourceCopyPropertiesAtIndex(src, 0, nil) as! [AnyHashable: Any]` compile unchanged here.
//
// Deliberate difference: a file that also writes `import CoreFoundation` on Linux (which has its own,
// unrelated CF types) must qualify these as `CoreGraphics.CFData` etc.; `import Foundation` alone is fine.

/// Immutable bytes (Apple: `CFData`, toll-free bridged to `Data`).
public typealias CFData = Data
/// Growable bytes (Apple: `CFMutableData`, toll-free bridged to `NSMutableData`).
public typealias CFMutableData = NSMutableData
/// A string (Apple: `CFString`); ImageIO and Core Graphics key constants are `String`s with Apple's values.
public typealias CFString = String
/// A dictionary (Apple: `CFDictionary`, toll-free bridged to `NSDictionary`).
public typealias CFDictionary = NSDictionary
/// An array (Apple: `CFArray`, toll-free bridged to `NSArray`).
public typealias CFArray = NSArray
/// A URL (Apple: `CFURL`, toll-free bridged to `URL`).
public typealias CFURL = URL
/// A boolean object (Apple: `CFBoolean`, bridged to `NSNumber`).
public typealias CFBoolean = NSNumber
/// A Core Foundation index or count.
public typealias CFIndex = Int
/// A Core Foundation type identifier (see `CGImageSourceGetTypeID()`).
public typealias CFTypeID = UInt
/// Any Core Foundation object.
public typealias CFTypeRef = AnyObject

/// The boolean true object (Apple: `kCFBooleanTrue`).
public let kCFBooleanTrue: CFBoolean! = NSNumber(value: true)
/// The boolean false object (Apple: `kCFBooleanFalse`).
public let kCFBooleanFalse: CFBoolean! = NSNumber(value: false)
