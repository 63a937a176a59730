import Foundation
import CoreGraphics

/// An image source: reads image data from a URL or bytes, with Apple's semantics (see the `CGImageSource…`
/// functions). Instances are thread-safe: a lock guards the data (incremental sources), the parsed headers and
/// the image cache.
///
/// Differences from Apple: images are decoded eagerly when created; `kCGImageSourceShouldCache` only decides
/// whether the `CGImage` made for an index is kept for the next request.
public final class CGImageSource: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data
    private var isFinal: Bool
    private var file: Result<ImageFile, ImageIOError>?
    private var headers: [Int: Result<ImageHeader, ImageIOError>] = [:]
    private var images: [Int: CGImage] = [:]
    let limits: ImageLimits

    init(data: Data, isFinal: Bool = true, limits: ImageLimits = ImageLimits()) {
        self.data = data
        self.isFinal = isFinal
        self.limits = limits
    }

    /// The bytes and whether they are complete.
    var snapshot: (data: Data, isFinal: Bool) {
        lock.lock(); defer { lock.unlock() }
        return (data, isFinal)
    }

    /// Replaces the data of an incremental source and forgets everything parsed from the old bytes.
    func update(_ newData: Data, final: Bool) {
        lock.lock(); defer { lock.unlock() }
        data = newData
        isFinal = final
        file = nil
        headers = [:]
        images = [:]
    }

    /// The recognised file, or why it is not one.
    var imageFile: Result<ImageFile, ImageIOError> {
        lock.lock(); defer { lock.unlock() }
        if let file { return file }
        let made = Result { () throws(ImageIOError) -> ImageFile in try ImageFile(data: data) }
        file = made
        return made
    }

    /// The header of image `index` (cached).
    func header(at index: Int) -> Result<ImageHeader, ImageIOError> {
        lock.lock()
        if let cached = headers[index] { lock.unlock(); return cached }
        lock.unlock()
        let result: Result<ImageHeader, ImageIOError>
        switch imageFile {
        case .failure(let error): result = .failure(error)
        case .success(let file):
            result = Result { () throws(ImageIOError) -> ImageHeader in try file.header(at: index, limits: limits) }
        }
        lock.lock(); headers[index] = result; lock.unlock()
        return result
    }

    func cachedImage(_ index: Int) -> CGImage? {
        lock.lock(); defer { lock.unlock() }
        return images[index]
    }

    func cache(_ image: CGImage, at index: Int) {
        lock.lock(); defer { lock.unlock() }
        images[index] = image
    }

    func removeCache(at index: Int) {
        lock.lock(); defer { lock.unlock() }
        images[index] = nil
    }
}

/// Reads Apple-style option dictionaries (`NSNumber`, `Bool`, `Int`, `Double`, `CGFloat` values).
enum OptionReader {
    static func value(_ options: CFDictionary?, _ key: String) -> Any? {
        guard let options else { return nil }
        return options[key] ?? options[NSString(string: key)]
    }

    static func bool(_ options: CFDictionary?, _ key: String) -> Bool? {
        switch value(options, key) {
        case let v as Bool: v
        case let v as NSNumber: v.boolValue
        case let v as Int: v != 0
        default: nil
        }
    }

    static func double(_ options: CFDictionary?, _ key: String) -> Double? {
        switch value(options, key) {
        case let v as Double: v
        case let v as Int: Double(v)
        case let v as CGFloat: Double(v)
        case let v as Float: Double(v)
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }

    static func int(_ options: CFDictionary?, _ key: String) -> Int? {
        double(options, key).flatMap { $0.isFinite ? Int($0) : nil }
    }
}
