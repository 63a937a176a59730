import Foundation

/// Conversions between the objects clients pass to `CIFilter` and the engine's parameter values.
package enum FilterValues {
    /// The engine value for `raw` as parameter `parameter` expects it, or `nil` when it cannot be one.
    package static func convert(_ raw: Any, to parameter: FilterParameter) -> ParameterValue? {
        switch parameter.kind {
        case .image:
            if let image = raw as? CIImage { return .image(image.image) }
            return nil
        case .number:
            return number(raw).map { .number($0) }
        case .vector:
            if let vector = raw as? CIVector { return .vector(vector.doubles) }
            if let point = raw as? CGPoint { return .vector([Double(point.x), Double(point.y)]) }
            if let rect = raw as? CGRect { return .vector([Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height)]) }
            if let array = raw as? [Any] { let numbers = array.compactMap(number); return numbers.count == array.count ? .vector(numbers) : nil }
            if let n = number(raw) { return .vector([n]) }
            return nil
        case .color:
            if let color = raw as? CIColor { return .color(color.filterColor) }
            if let color = raw as? CGColor { return .color(CIColor(cgColor: color).filterColor) }
            return nil
        case .transform:
            if let t = raw as? CGAffineTransform { return .transform(t) }
            if let v = raw as? CIVector, v.count >= 6 { return .transform(v.cgAffineTransformValue) }
            return nil
        case .data:
            if let data = raw as? Data { return .data(data) }
            if let data = raw as? NSData { return .data(Data(referencing: data)) }
            return nil
        case .string:
            if let string = raw as? String { return .string(string) }
            return nil
        case .colorSpace:
            if let space = raw as? CGColorSpace { return .colorSpace(space) }
            return nil
        case .model, .cameraCalibration, .imageMetadata:
            return nil
        case .attributedString:
            guard let text = raw as? NSAttributedString else { return nil }
            // Read now, so later changes to a mutable string do not change the filter's output; the object itself
            // is kept, not copied (copying re-inserts the runs and compares attribute values, which traps in
            // swift-corelibs-foundation when a value is not comparable).
            return .object(ParameterObject(original: text, payload: CIAttributedTextReading.styledText(text)))
        case .barcodeDescriptor:
            guard let descriptor = raw as? CIBarcodeDescriptor else { return nil }
            return .object(ParameterObject(original: descriptor, payload: descriptor.barcodeDescription))
        case .segmentArray:
            return segments(raw).map { .object(ParameterObject(original: $0.array, payload: $0.segments)) }
        }
    }

    /// An array of `CIVector`s (a Swift array or an `NSArray`) as an `NSArray` and as ``MeshSegments``; `nil`
    /// when it is not an array or an element is not a `CIVector` of at least four components.
    package static func segments(_ raw: Any) -> (array: NSArray, segments: MeshSegments)? {
        let elements: [Any]
        if let array = raw as? NSArray { elements = array.map { $0 } } else if let array = raw as? [Any] { elements = array } else { return nil }
        var segments = MeshSegments()
        for element in elements {
            guard let vector = element as? CIVector, vector.count >= 4 else { return nil }
            let v = vector.doubles
            segments.append(SIMD4(v[0], v[1], v[2], v[3]))
        }
        return (NSArray(array: elements), segments)
    }

    /// A number from any numeric type (also `Bool` and `NSNumber`).
    package static func number(_ raw: Any) -> Double? {
        switch raw {
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as CGFloat: Double(v)
        case let v as Int: Double(v)
        case let v as Int32: Double(v)
        case let v as UInt: Double(v)
        case let v as Bool: v ? 1 : 0
        case let v as NSNumber: v.doubleValue
        case let v as CIVector where v.count == 1: Double(v.x)
        default: nil
        }
    }

    /// The object Core Image hands out for an engine value (`NSNumber`, `CIVector`, `CIColor`…).
    package static func object(_ value: ParameterValue) -> Any {
        switch value {
        case .number(let n): NSNumber(value: n)
        case .vector(let v): CIVector(v)
        case .color(let c): CIColor(c)
        case .image(let image): CIImage(image: image)
        case .transform(let t): t
        case .data(let d): d
        case .string(let s): s
        case .colorSpace(let s): s
        case .object(let o): o.original
        }
    }
}
