import Foundation
@_implementationOnly import CLCMS2

/// Builds ICC profiles for named colour spaces with Little CMS (cached per name).
enum ICCProfileBuilder {
    struct Built: Sendable { var icc: Data; var colorimetry: ColorColorimetry }

    /// The creation date written into every profile built here: 2026-01-01 00:00:00 (ICC `dateTimeNumber`,
    /// big-endian year, month, day, hours, minutes, seconds).
    static let profileDate: [UInt8] = [0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0]

    private static let cache = NSLock()
    nonisolated(unsafe) private static var built: [String: Built] = [:]

    static func build(_ definition: NamedColorSpaceDefinition) -> Built? {
        cache.lock(); defer { cache.unlock() }
        if let existing = built[definition.description] { return existing }
        guard let result = make(definition) else { return nil }
        built[definition.description] = result
        return result
    }

    private static func make(_ definition: NamedColorSpaceDefinition) -> Built? {
        let transfer = definition.transfer
        var parameters: [Double] = [transfer.g, transfer.a, transfer.b, transfer.c, transfer.d, transfer.e, transfer.f]
        let type: Int32 = (transfer.e != 0 || transfer.f != 0) ? 5 : (transfer.c == 0 && transfer.d == 0 && transfer.a == 1 && transfer.b == 0 ? 1 : 4)
        guard let curve = cmsBuildParametricToneCurve(nil, type, &parameters) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: definition.white.0, y: definition.white.1, Y: 1)
        let profile: cmsHPROFILE?
        if definition.isGray {
            profile = cmsCreateGrayProfile(&white, curve)
        } else {
            let p = definition.primaries
            var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: p[0].0, y: p[0].1, Y: 1),
                                            Green: cmsCIExyY(x: p[1].0, y: p[1].1, Y: 1),
                                            Blue: cmsCIExyY(x: p[2].0, y: p[2].1, Y: 1))
            var curves: [OpaquePointer?] = [curve, curve, curve]
            profile = curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }
        }
        guard let profile else { return nil }
        defer { cmsCloseProfile(profile) }
        if let mlu = cmsMLUalloc(nil, 1) {
            _ = cmsMLUsetASCII(mlu, "en", "US", definition.description)
            _ = cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(mlu))
            cmsMLUfree(mlu)
        }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = Data(count: Int(size))
        let saved = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(profile, $0.baseAddress, &size) }
        // Little CMS dates a profile when it is made; a fixed date makes every export of the same image the same
        // bytes (Apple's profiles carry their own fixed dates too).
        if bytes.count >= 36 { bytes.replaceSubrange(24..<36, with: profileDate) }
        guard saved != 0, var colorimetry = ICCProfileReader.colorimetry(of: profile, isGray: definition.isGray) else { return nil }
        colorimetry.transfer = Array(repeating: transfer, count: definition.isGray ? 1 : 3)
        return Built(icc: bytes, colorimetry: colorimetry)
    }
}

/// Reads ICC profiles with Little CMS: model and, for matrix-shaper profiles, the colorimetry.
enum ICCProfileReader {
    struct Parsed { var model: CGColorSpaceModel; var colorimetry: ColorColorimetry? }

    static func read(_ data: Data) -> Parsed? {
        guard data.count >= 128, data.count < 64 << 20 else { return nil }
        let profile = data.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let profile else { return nil }
        defer { cmsCloseProfile(profile) }
        let model: CGColorSpaceModel
        switch cmsGetColorSpace(profile) {
        case cmsSigRgbData: model = .rgb
        case cmsSigGrayData: model = .monochrome
        case cmsSigCmykData: model = .cmyk
        case cmsSigLabData: model = .lab
        case cmsSigXYZData: model = .XYZ
        default: model = .unknown
        }
        guard model != .unknown else { return nil }
        let colorimetry = (model == .rgb || model == .monochrome) && cmsIsMatrixShaper(profile) != 0
            ? colorimetry(of: profile, isGray: model == .monochrome) : nil
        return Parsed(model: model, colorimetry: colorimetry)
    }

    static func colorimetry(of profile: cmsHPROFILE, isGray: Bool) -> ColorColorimetry? {
        func xyz(_ tag: cmsTagSignature) -> [Double]? {
            guard let raw = cmsReadTag(profile, tag) else { return nil }
            let value = raw.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
            return [value.X, value.Y, value.Z]
        }
        func transfer(_ tag: cmsTagSignature) -> ColorTransferFunction? {
            guard let raw = cmsReadTag(profile, tag) else { return nil }
            let curve = OpaquePointer(raw)
            let type = cmsGetToneCurveParametricType(curve)
            if (1...5).contains(type), let p = cmsGetToneCurveParams(curve) {
                switch type {
                case 1: return ColorTransferFunction(g: p[0])
                case 2: // (a·x + b)^g for x ≥ −b/a, 0 below
                    return ColorTransferFunction(g: p[0], a: p[1], b: p[2], d: -p[2] / p[1])
                case 3: // (a·x + b)^g + c for x ≥ −b/a, c below
                    return ColorTransferFunction(g: p[0], a: p[1], b: p[2], d: -p[2] / p[1], e: p[3], f: p[3])
                case 4: return ColorTransferFunction(g: p[0], a: p[1], b: p[2], c: p[3], d: p[4])
                default: return ColorTransferFunction(g: p[0], a: p[1], b: p[2], c: p[3], d: p[4], e: p[5], f: p[6])
                }
            }
            let samples = (0..<1024).map { Float(cmsEvalToneCurveFloat(curve, Float($0) / 1023)) }
            return ColorTransferFunction(samples: samples)
        }
        if isGray {
            // Gray is treated as neutral RGB on sRGB's (D50-adapted) primaries: (L, L, L) maps to L × white,
            // and RGB → gray takes luminance (the matrix's Y row).
            guard let curve = transfer(cmsSigGrayTRCTag) else { return nil }
            return ColorColorimetry(rgbToXYZ: ColorColorimetry.sRGBToXYZD50, transfer: [curve])
        }
        guard let red = xyz(cmsSigRedColorantTag), let green = xyz(cmsSigGreenColorantTag), let blue = xyz(cmsSigBlueColorantTag),
              let redCurve = transfer(cmsSigRedTRCTag), let greenCurve = transfer(cmsSigGreenTRCTag),
              let blueCurve = transfer(cmsSigBlueTRCTag) else { return nil }
        let matrix = [red[0], green[0], blue[0], red[1], green[1], blue[1], red[2], green[2], blue[2]]
        return ColorColorimetry(rgbToXYZ: matrix, transfer: [redCurve, greenCurve, blueCurve])
    }
}
