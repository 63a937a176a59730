import Foundation

/// A colour as filters receive it: components in a colour space (`nil` means sRGB).
package struct FilterColor: Sendable, Hashable {
    package var red, green, blue, alpha: Double
    package var space: CGColorSpace?

    package init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1, space: CGColorSpace? = nil) {
        (self.red, self.green, self.blue, self.alpha, self.space) = (red, green, blue, alpha, space)
    }

    /// The colour in Core Image's default working space (extended linear sRGB), premultiplied.
    package var premultipliedWorking: SIMD4<Float> {
        let source = space ?? ColorSpaces.sRGB
        var pixel: [Float] = [Float(red), Float(green), Float(blue), 1]
        if let operations = ColorConversion.operations(from: source, to: ColorSpaces.extendedLinearSRGB) {
            pixel.withUnsafeMutableBufferPointer { p in for operation in operations { operation.apply(p.baseAddress!, count: 1) } }
        }
        let a = Float(alpha)
        return SIMD4(pixel[0] * a, pixel[1] * a, pixel[2] * a, a)
    }
}

/// A value of a filter parameter, before the façade turns it into `NSNumber`/`CIVector`/`CIColor`/`CIImage`.
package enum ParameterValue: Sendable {
    case number(Double)
    case vector([Double])
    case color(FilterColor)
    case image(Image)
    case transform(CGAffineTransform)
    case data(Data)
    case string(String)
    case colorSpace(CGColorSpace)
    /// An object of the façade's (an `NSAttributedString`, a `CIBarcodeDescriptor`) with the engine's reading of it.
    case object(ParameterObject)
}

/// A façade object handed to a filter: the object itself (returned by `value(forKey:)`, never changed after it
/// is stored) and what the engine needs of it (`payload`: `StyledText`, `BarcodeDescription`).
package struct ParameterObject: @unchecked Sendable {
    /// The object as the caller gave it.
    package let original: AnyObject
    /// The engine's value read from it.
    package let payload: any Sendable

    package init(original: AnyObject, payload: any Sendable) { (self.original, self.payload) = (original, payload) }
}

/// One input of a filter, with the attributes Core Image publishes for it (`CIFilter.attributes`).
package struct FilterParameter: Sendable {
    /// What kind of value the parameter takes (decides the attribute class and how the façade converts).
    package enum Kind: String, Sendable {
        case image = "CIImage", number = "NSNumber", vector = "CIVector", color = "CIColor"
        case transform = "NSAffineTransform", data = "NSData", string = "NSString", colorSpace = "NSObject"
        /// A Core ML model (`CICoreMLModelFilter`): Linux has no `MLModel`, so no value converts to one.
        case model = "MLModel"
        /// Camera calibration data (`CICameraCalibrationLensCorrection`): AVFoundation here has no
        /// `AVCameraCalibrationData` (no depth-capable camera delivers one on Linux), so no value converts to one.
        case cameraCalibration = "AVCameraCalibrationData"
        /// Image metadata (`CIDepthBlurEffect`'s `inputAuxDataMetadata`): ImageIO here has no `CGImageMetadata`
        /// object, so no value converts to one.
        case imageMetadata = "CGImageMetadataRef"
        /// Attributed text (`CIAttributedTextImageGenerator`) and barcode descriptors (`CIBarcodeGenerator`).
        case attributedString = "NSAttributedString", barcodeDescriptor = "CIBarcodeDescriptor"
        /// An array of `CIVector` line segments (x0, y0, x1, y1) (`CIMeshGenerator`'s `inputMesh`), kept as the
        /// `NSArray` given, read into ``MeshSegments``.
        case segmentArray = "NSArray"
    }

    package var key: String
    package var kind: Kind
    /// `kCIAttributeType…` value, e.g. "CIAttributeTypeScalar".
    package var attributeType: String?
    package var displayName: String
    package var summary: String
    package var defaultValue: ParameterValue?
    package var minimum: Double?
    package var maximum: Double?
    package var sliderMinimum: Double?
    package var sliderMaximum: Double?
    package var identity: ParameterValue?
    /// A number outside the documented range that means "choose automatically" (Apple's barcode generators
    /// take 0 for that, below their `kCIAttributeMin`): passed to the filter as it is, never clamped.
    package var automaticValue: Double?

    package init(_ key: String, _ kind: Kind, type: String? = nil, display: String? = nil, summary: String = "",
                 default value: ParameterValue? = nil, min: Double? = nil, max: Double? = nil,
                 sliderMin: Double? = nil, sliderMax: Double? = nil, identity: ParameterValue? = nil, automatic: Double? = nil) {
        self.key = key
        self.kind = kind
        self.attributeType = type
        self.displayName = display ?? FilterParameter.displayName(for: key)
        self.summary = summary
        self.defaultValue = value
        (minimum, maximum, sliderMinimum, sliderMaximum, self.identity) = (min, max, sliderMin, sliderMax, identity)
        automaticValue = automatic
    }

    /// `value` limited to the documented minimum and maximum (either may be absent); the ``automaticValue`` stays.
    package func clamped(_ value: Double) -> Double {
        if let automaticValue, value == automaticValue { return value }
        var result = value
        if let minimum { result = Swift.max(result, minimum) }
        if let maximum { result = Swift.min(result, maximum) }
        return result
    }

    /// "inputRadius0" → "Radius 0".
    static func displayName(for key: String) -> String {
        let base = key.hasPrefix("input") ? String(key.dropFirst(5)) : key
        var out = ""
        for (index, character) in base.enumerated() {
            if index > 0, character.isUppercase || (character.isNumber && !(out.last?.isNumber ?? false)) { out.append(" ") }
            out.append(character)
        }
        return out
    }

    // Shorthands for the common parameter shapes.

    package static func image(_ key: String = "inputImage", summary: String = "The image to use as an input.") -> FilterParameter {
        FilterParameter(key, .image, type: "CIAttributeTypeImage", summary: summary)
    }

    package static func scalar(_ key: String, _ value: Double, type: String = "CIAttributeTypeScalar", min: Double? = nil, max: Double? = nil,
                               sliderMin: Double? = nil, sliderMax: Double? = nil, identity: Double? = nil, summary: String = "") -> FilterParameter {
        FilterParameter(key, .number, type: type, summary: summary, default: .number(value), min: min, max: max,
                        sliderMin: sliderMin, sliderMax: sliderMax, identity: identity.map { .number($0) })
    }

    package static func distance(_ key: String, _ value: Double, min: Double? = 0, max: Double? = nil, sliderMin: Double? = nil,
                                 sliderMax: Double? = nil, identity: Double? = nil, summary: String = "") -> FilterParameter {
        scalar(key, value, type: "CIAttributeTypeDistance", min: min, max: max, sliderMin: sliderMin, sliderMax: sliderMax,
               identity: identity, summary: summary)
    }

    package static func angle(_ key: String = "inputAngle", _ value: Double = 0, sliderMin: Double = -Double.pi,
                              sliderMax: Double = Double.pi, identity: Double? = 0, summary: String = "") -> FilterParameter {
        scalar(key, value, type: "CIAttributeTypeAngle", sliderMin: sliderMin, sliderMax: sliderMax, identity: identity, summary: summary)
    }

    package static func boolean(_ key: String, _ value: Bool, summary: String = "") -> FilterParameter {
        scalar(key, value ? 1 : 0, type: "CIAttributeTypeBoolean", min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: summary)
    }

    package static func vector(_ key: String, _ value: [Double], type: String? = nil, identity: [Double]? = nil,
                               summary: String = "") -> FilterParameter {
        FilterParameter(key, .vector, type: type, summary: summary, default: .vector(value), identity: identity.map { .vector($0) })
    }

    package static func position(_ key: String, _ x: Double, _ y: Double, summary: String = "") -> FilterParameter {
        vector(key, [x, y], type: "CIAttributeTypePosition", summary: summary)
    }

    package static func offset(_ key: String, _ x: Double, _ y: Double, identity: [Double]? = nil, summary: String = "") -> FilterParameter {
        vector(key, [x, y], type: "CIAttributeTypeOffset", identity: identity, summary: summary)
    }

    package static func rectangle(_ key: String, _ value: [Double], summary: String = "") -> FilterParameter {
        vector(key, value, type: "CIAttributeTypeRectangle", summary: summary)
    }

    package static func color(_ key: String, _ value: FilterColor, opaque: Bool = false, identity: FilterColor? = nil,
                              summary: String = "") -> FilterParameter {
        FilterParameter(key, .color, type: opaque ? "CIAttributeTypeOpaqueColor" : "CIAttributeTypeColor", summary: summary,
                        default: .color(value), identity: identity.map { .color($0) })
    }
}
