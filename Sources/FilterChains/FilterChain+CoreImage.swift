import CoreImage
import Foundation

/// A filter chain step or stored chain that Core Image cannot use; the message names the filter, key or value.
public struct FilterChainError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ message: String) { description = message }
}

extension FilterChain.Filter {
    /// A filter from command-line text: `name` must be a built-in filter that takes an input image; each key is
    /// an input of it (`intensity` stands for `inputIntensity`), and each value is parsed for the key's class in
    /// the filter's attributes: `NSNumber` ("0.8", true/false), `CIVector` ("x,y…", as many numbers as the
    /// default has), `CIColor` ("r,g,b[,a]", sRGB 0…1), `NSString` (as is). Inputs of other classes (images,
    /// data, transforms, colour spaces) cannot be stored in adjustment data and are refused.
    public init(name: String, text parameters: [(key: String, value: String)]) throws {
        let filter = try Self.imageFilter(named: name)
        var values: [String: FilterChain.Value] = [:]
        for parameter in parameters {
            guard let key = filter.inputKey(matching: parameter.key), key != kCIInputImageKey else {
                let inputs = filter.inputKeys.filter { $0 != kCIInputImageKey }
                throw FilterChainError("\(name) has no input '\(parameter.key)' (inputs: \(inputs.isEmpty ? "none" : inputs.joined(separator: ", ")))")
            }
            values[key] = try Self.value(parameter.value, key: key, of: filter)
        }
        self.init(name: name, parameters: values)
    }

    /// The built-in filter `name`, which must take an input image.
    public static func imageFilter(named name: String) throws -> CIFilter {
        guard let filter = CIFilter(name: name), filter.definition != nil else {
            throw FilterChainError("unknown filter '\(name)' (see `photos image filters`)")
        }
        guard filter.inputKeys.contains(kCIInputImageKey) else {
            throw FilterChainError("\(name) makes an image without an input image; it cannot be part of an edit")
        }
        return filter
    }

    /// The class named in the filter's attributes for `key` ("NSNumber", "CIVector", …).
    static func attributeClass(_ key: String, of filter: CIFilter) -> String? {
        (filter.attributes[key] as? [String: Any])?[kCIAttributeClass] as? String
    }

    static func value(_ text: String, key: String, of filter: CIFilter) throws -> FilterChain.Value {
        let label = "\(filter.name).\(key)"
        func numbers(_ what: String) throws -> [Double] {
            let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "[" || $0 == "]" })
            let values = parts.compactMap { Double($0) }.filter(\.isFinite)
            guard !values.isEmpty, values.count == parts.count else { throw FilterChainError("\(label): '\(text)' is not \(what)") }
            return values
        }
        switch attributeClass(key, of: filter) {
        case "NSNumber":
            switch text.lowercased() {
            case "true", "yes": return .number(1)
            case "false", "no": return .number(0)
            default:
                guard let number = Double(text), number.isFinite else { throw FilterChainError("\(label): '\(text)' is not a number") }
                return .number(number)
            }
        case "CIVector":
            let values = try numbers("a vector of numbers (x,y…)")
            if let expected = (filter.value(forKey: key) as? CIVector)?.count, expected > 0, values.count != expected {
                throw FilterChainError("\(label): '\(text)' has \(values.count) number\(values.count == 1 ? "" : "s"); this input takes \(expected)")
            }
            return .vector(values)
        case "CIColor":
            let values = try numbers("a colour r,g,b[,a]")
            guard values.count == 3 || values.count == 4 else { throw FilterChainError("\(label): '\(text)' is not a colour r,g,b[,a]") }
            return .color(FilterChain.Color(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1))
        case "NSString":
            return .string(text)
        case let other:
            throw FilterChainError("\(label) takes \(other.map { "a \($0)" } ?? "a value") that cannot be stored in a filter chain's adjustment data")
        }
    }

    /// Checks the step on its own: a development step's settings (`FilterChain.developmentRanges`), or that
    /// `makeFilter()` succeeds.
    public func validate() throws {
        if name == FilterChain.developmentName { try FilterChain.validateDevelopment(self) } else { _ = try makeFilter() }
    }

    /// A configured Core Image filter for this step (input image not set); throws when a stored value no longer
    /// fits the filter (an unknown filter or key, or a value of the wrong shape for the key's class). A
    /// development step has no filter of its own (see `FilterChain.developed(rawAt:scale:)`).
    public func makeFilter() throws -> CIFilter {
        if name == FilterChain.developmentName {
            throw FilterChainError("\(name) is the RAW development of the photo's RAW file, not a filter applied to an image")
        }
        let filter = try Self.imageFilter(named: name)
        for (key, value) in parameters {
            guard key != kCIInputImageKey, filter.inputKeys.contains(key) else { throw FilterChainError("\(name) has no input '\(key)'") }
            switch (Self.attributeClass(key, of: filter), value) {
            case ("NSNumber", .number(let number)): filter.setValue(number, forKey: key)
            case ("CIVector", .vector(let values)) where !values.isEmpty:
                let components = values.map { CGFloat($0) }
                filter.setValue(components.withUnsafeBufferPointer { CIVector(values: $0.baseAddress!, count: $0.count) }, forKey: key)
            case ("CIColor", .color(let c)): filter.setValue(CIColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha), forKey: key)
            case ("NSString", .string(let string)): filter.setValue(string, forKey: key)
            case (let type, _): throw FilterChainError("\(name).\(key): the stored value \(value.text) does not fit its class \(type ?? "unknown")")
            }
        }
        return filter
    }
}

extension FilterChain {
    /// Checks that every filter, key and value is usable by this build's Core Image, and that a development
    /// step, if any, is the first filter and the only one.
    public func validate() throws {
        for (index, filter) in filters.enumerated() {
            if filter.name == Self.developmentName, index > 0 {
                throw FilterChainError("\(Self.developmentName) (the RAW development) must be the first step of a chain, and only once")
            }
            try filter.validate()
        }
    }

    /// The chain's adjustments (every filter but a development step: `source` is then the developed image)
    /// applied to `source` in order. Blur and sharpen filters read the edges repeated outward and are
    /// cropped back to the image, so the result keeps the source's extent. A result that is infinite is cropped to
    /// the source's extent; one with fractional edges (a chain scaled for a preview, whose turn or crop lands
    /// between pixels) is cropped to the whole pixels inside it, so no partly clear row or column is rendered.
    public func apply(to source: CIImage) throws -> CIImage {
        var image = source
        for step in adjustments {
            let filter = try step.makeFilter()
            let categories = (filter.attributes[kCIAttributeFilterCategories] as? [String]) ?? []
            let reachesAround = categories.contains(kCICategoryBlur) || categories.contains(kCICategorySharpen)
            let extent = image.extent
            filter.setValue(reachesAround && !extent.isInfinite ? image.clampedToExtent() : image, forKey: kCIInputImageKey)
            guard let output = filter.outputImage else { throw FilterChainError("\(step.name) produced no image with these parameters") }
            image = reachesAround && !extent.isInfinite ? output.cropped(to: extent) : output
        }
        return Self.wholePixels(image.extent.isInfinite ? image.cropped(to: source.extent) : image)
    }

    /// `image` cropped to the whole pixels inside its extent; an extent that is already whole (within 1/1000 of a
    /// pixel), infinite, or too small to hold a pixel is left as it is.
    static func wholePixels(_ image: CIImage) -> CIImage {
        let extent = image.extent
        guard !extent.isNull, !extent.isInfinite else { return image }
        let tolerance = 0.001
        let minX = (extent.minX - tolerance).rounded(.up), maxX = (extent.maxX + tolerance).rounded(.down)
        let minY = (extent.minY - tolerance).rounded(.up), maxY = (extent.maxY + tolerance).rounded(.down)
        guard maxX - minX >= 1, maxY - minY >= 1 else { return image }
        let whole = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        let exact = abs(whole.minX - extent.minX) < tolerance && abs(whole.maxX - extent.maxX) < tolerance
            && abs(whole.minY - extent.minY) < tolerance && abs(whole.maxY - extent.maxY) < tolerance
        return exact ? image : image.cropped(to: whole)
    }

    /// Renders the chain over the image at `url`, displayed upright per its EXIF `orientation`, full size, to a
    /// JPEG (quality 0.9) at `output`, in the image's colour space (sRGB when it has no RGB profile). A chain with
    /// a development step develops `url` as a RAW file instead (upright per the file, written in sRGB).
    /// Returns the rendered pixel size. A render longer than `timeLimit` seconds is stopped and fails.
    public func renderJPEG(imageAt url: URL, orientation: Int32, to output: URL, timeLimit: Double? = nil) throws -> (width: Int, height: Int) {
        let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!
        let upright: CIImage, space: CGColorSpace
        if development != nil {
            upright = try developed(rawAt: url)
            space = sRGB
        } else {
            guard let source = CIImage(contentsOf: url) else { throw FilterChainError("\(url.path) cannot be read as an image") }
            upright = source.oriented(forExifOrientation: orientation)
            space = source.colorSpace.flatMap { $0.model == .rgb ? $0 : nil } ?? sRGB
        }
        let image = try apply(to: upright)
        var options: [CIContextOption: Any] = [.cacheIntermediates: false, .name: "photos edit"]
        if let timeLimit { options[.renderTimeLimit] = timeLimit }
        let context = CIContext(options: options)
        do {
            try context.writeJPEGRepresentation(of: image, to: output, colorSpace: space,
                                                options: [kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption: 0.9])
        } catch {
            throw FilterChainError("rendering the edit failed: \(error)")
        }
        return (Int(image.extent.width.rounded()), Int(image.extent.height.rounded()))
    }
}
