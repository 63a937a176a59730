import Foundation

/// A filter parameter given as text could not be used (command-line input).
package struct FilterTextError: Error, CustomStringConvertible {
    package let description: String
}

extension CIFilter {
    /// The input key `name` stands for: the key itself, or the typed-property spelling ("intensity" →
    /// "inputIntensity"), matched case-insensitively; `nil` when the filter has no such input.
    package func inputKey(matching name: String) -> String? {
        let keys = inputKeys
        if keys.contains(name) { return name }
        let wanted = name.lowercased()
        return keys.first { $0.lowercased() == wanted || $0.lowercased() == "input" + wanted }
    }

    /// Sets input `key` from text, converted for the parameter's kind: numbers ("0.8"), booleans ("true"),
    /// vectors and points ("100,200" or "[100 200]"), colours ("1,0.5,0[,a]" or "#ff8000[ff]"), transforms
    /// ("a,b,c,d,tx,ty"), meshes (four numbers per segment), colour spaces (a name such as "displayP3"), images (a file path).
    package func setValue(text: String, forKey key: String) throws {
        guard let parameter = definition?.parameter(key) else {
            throw FilterTextError(description: "\(name) has no input '\(key)' (inputs: \(inputKeys.joined(separator: ", ")))")
        }
        func numbers() throws -> [Double] {
            let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "[" || $0 == "]" })
            let values = parts.compactMap { Double($0) }
            guard !values.isEmpty, values.count == parts.count else {
                throw FilterTextError(description: "\(name).\(key): '\(text)' is not a list of numbers")
            }
            guard values.allSatisfy(\.isFinite) else {
                throw FilterTextError(description: "\(name).\(key): '\(text)' is not a list of finite numbers")
            }
            return values
        }
        switch parameter.kind {
        case .number:
            if ["true", "yes"].contains(text.lowercased()) { setValue(1.0, forKey: key); return }
            if ["false", "no"].contains(text.lowercased()) { setValue(0.0, forKey: key); return }
            guard let value = Double(text) else { throw FilterTextError(description: "\(name).\(key): '\(text)' is not a number") }
            guard value.isFinite else { throw FilterTextError(description: "\(name).\(key): '\(text)' is not a finite number") }
            setValue(value, forKey: key)
        case .vector:
            setValue(CIVector(try numbers()), forKey: key)
        case .transform:
            let v = try numbers()
            guard v.count == 6 else { throw FilterTextError(description: "\(name).\(key): a transform needs six numbers a,b,c,d,tx,ty") }
            setValue(CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]), forKey: key)
        case .color:
            setValue(try Self.color(text, key: "\(name).\(key)"), forKey: key)
        case .colorSpace:
            guard let space = Self.colorSpace(named: text) else { throw FilterTextError(description: "\(name).\(key): unknown colour space '\(text)'") }
            setValue(space, forKey: key)
        case .image:
            guard let image = CIImage(contentsOf: URL(fileURLWithPath: text), options: [.applyOrientationProperty: true]) else {
                throw FilterTextError(description: "\(name).\(key): cannot read the image '\(text)'")
            }
            setValue(image, forKey: key)
        case .string:
            setValue(text, forKey: key)
        case .model:
            throw FilterTextError(description: "\(name).\(key): Core ML models cannot be given on Linux")
        case .cameraCalibration:
            throw FilterTextError(description: "\(name).\(key): camera calibration data cannot be given on Linux")
        case .imageMetadata:
            throw FilterTextError(description: "\(name).\(key): image metadata objects cannot be given on Linux")
        case .data:
            guard let data = FileManager.default.contents(atPath: text) else { throw FilterTextError(description: "\(name).\(key): cannot read '\(text)'") }
            setValue(data, forKey: key)
        case .attributedString:
            setValue(NSAttributedString(string: text), forKey: key)
        case .barcodeDescriptor:
            throw FilterTextError(description: "\(name).\(key): a barcode descriptor cannot be given as text")
        case .segmentArray:
            // Four numbers a segment: "x0,y0,x1,y1 x0,y0,x1,y1 …" read as one list.
            let v = try numbers()
            guard v.count % 4 == 0 else { throw FilterTextError(description: "\(name).\(key): a mesh needs four numbers per segment") }
            setValue(stride(from: 0, to: v.count, by: 4).map { CIVector(x: v[$0], y: v[$0 + 1], z: v[$0 + 2], w: v[$0 + 3]) }, forKey: key)
        }
    }

    static func color(_ text: String, key: String) throws -> CIColor {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6 || hex.count == 8, let value = UInt64(hex, radix: 16) else {
                throw FilterTextError(description: "\(key): '\(text)' is not a #rrggbb[aa] colour")
            }
            let shift = hex.count == 8 ? 8 : 0
            func byte(_ at: Int) -> CGFloat { CGFloat((value >> UInt64(at + shift)) & 0xFF) / 255 }
            return CIColor(red: byte(16), green: byte(8), blue: byte(0), alpha: hex.count == 8 ? CGFloat(value & 0xFF) / 255 : 1)
        }
        let v = text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard v.count == 3 || v.count == 4 else { throw FilterTextError(description: "\(key): '\(text)' is not r,g,b[,a]") }
        return CIColor(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
    }

    /// A named colour space from its Core Graphics name with or without the `kCGColorSpace` prefix, any case
    /// ("displayP3", "kCGColorSpaceSRGB", "adobeRGB1998").
    package static func colorSpace(named text: String) -> CGColorSpace? {
        let names = [CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.linearSRGB, CGColorSpace.extendedLinearSRGB,
                     CGColorSpace.displayP3, CGColorSpace.extendedDisplayP3, CGColorSpace.linearDisplayP3, CGColorSpace.adobeRGB1998,
                     CGColorSpace.itur_709, CGColorSpace.itur_2020, CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray]
        let wanted = text.lowercased().replacingOccurrences(of: "_", with: "")
        let match = names.first { name in
            let short = String(name.dropFirst("kCGColorSpace".count)).lowercased().replacingOccurrences(of: "_", with: "")
            return name.lowercased() == text.lowercased() || short == wanted
        }
        return match.flatMap { CGColorSpace(name: $0) }
    }
}
