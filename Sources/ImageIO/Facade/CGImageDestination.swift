import Foundation
import CoreGraphics

/// An image destination: collects images and properties, and writes the file on `CGImageDestinationFinalize`.
/// Thread-safe (a lock guards the pending images); like Apple's, meant to be used from one thread at a time.
///
/// Apple semantics kept: pixels are written as given (not rotated) and the orientation the properties name is
/// written into the file's metadata. Differences: one image per file (the formats written here have no
/// multi-image writer); no embedded thumbnail is written.
public final class CGImageDestination: @unchecked Sendable {
    enum Target { case data(NSMutableData), url(URL) }

    struct Pending {
        /// The pixels, or a stream of them (a sequential provider's image, read only when written).
        enum Pixels { case buffer(PixelBuffer), streamed(StreamedPixels) }
        var pixels: Pixels
        var colorSpace: CGColorSpace
        var properties: [String: PropertyValue]
        var sourceMetadata: ImageMetadata?
    }

    let target: Target
    let format: ImageFormat
    let capacity: Int
    private let lock = NSLock()
    private var pending: [Pending] = []
    private var properties: [String: PropertyValue] = [:]
    private var finalized = false

    init(target: Target, format: ImageFormat, capacity: Int) {
        self.target = target
        self.format = format
        self.capacity = capacity
    }

    func setProperties(_ values: [String: PropertyValue]) {
        lock.lock(); defer { lock.unlock() }
        properties.merge(values) { _, new in new }
    }

    func add(_ image: Pending) {
        lock.lock(); defer { lock.unlock() }
        guard !finalized, pending.count < capacity else { return }
        pending.append(image)
    }

    func finalize() -> Bool {
        lock.lock()
        guard !finalized, let first = pending.first, pending.count <= max(capacity, 1) else { lock.unlock(); return false }
        finalized = true
        let shared = properties
        lock.unlock()
        guard let encoded = try? DestinationWriter.encode(first, shared: shared, format: format) else { return false }
        switch target {
        case .data(let data):
            data.setData(encoded)
            return true
        case .url(let url):
            return (try? encoded.write(to: url, options: .atomic)) != nil
        }
    }
}

/// Converts an Apple options/properties dictionary into `PropertyValue`s (keys as strings).
func propertyValues(_ dictionary: CFDictionary?) -> [String: PropertyValue] {
    guard let dictionary else { return [:] }
    var result: [String: PropertyValue] = [:]
    for (key, value) in dictionary {
        guard let key = (key as? String) ?? (key as? NSString).map({ String($0) }) else { continue }
        if let color = value as? CGColor {
            // Background colours are kept as their sRGB components.
            result[key] = .array((color.components ?? []).map { .double(Double($0)) })
        } else if let converted = PropertyValue(foundation: value) {
            result[key] = converted
        }
    }
    return result
}
