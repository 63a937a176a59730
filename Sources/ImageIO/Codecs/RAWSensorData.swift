import Foundation
import CoreGraphics
internal import CLibRaw
internal import RAWProbe
internal import OptionalLibraries

/// The undeveloped content of a Bayer RAW file: the sensor's mosaic of raw values over the visible area and
/// everything needed to develop it (levels, the colour filter pattern, white balance and colour matrices).
///
/// LibRaw only opens the file and unpacks the sensor data; development (`CIRAWFilter` in Core Image) is ours.
/// Immutable and `Sendable`; the mosaic is shared, never copied, between developments of one file.
public final class RAWSensorData: Sendable {
    /// Width and height of the visible (active) area in sensor pixels, before orientation.
    public let width: Int
    public let height: Int
    /// Raw values over the visible area (black level not subtracted).
    public let mosaic: RAWMosaic
    /// The colour of each position of the 2×2 filter pattern, indexed `(row & 1) * 2 + (column & 1)`:
    /// 0 red, 1 green, 2 blue.
    public let pattern: [Int]
    /// The black level of each position of the 2×2 pattern (same indexing as `pattern`).
    public let blackLevels: [Float]
    /// The raw value of a saturated photosite.
    public let whiteLevel: Float
    /// White-balance multipliers the camera recorded for the shot (red, green, blue; green = 1).
    public let asShotMultipliers: SIMD3<Float>
    /// Multipliers that make daylight (D65) neutral (red, green, blue; green = 1).
    public let daylightMultipliers: SIMD3<Float>
    /// Camera RGB (white-balanced) → linear sRGB, row-major 3×3; rows sum to 1, so neutral stays neutral.
    public let cameraToLinearSRGB: [Float]
    /// XYZ → camera RGB, row-major 3×3 (the DNG ColorMatrix or LibRaw's table for the camera); used to turn
    /// temperature and tint into white-balance multipliers and back.
    public let xyzToCamera: [Float]
    /// How the stored picture is turned for display (EXIF orientation).
    public let orientation: CGImagePropertyOrientation
    /// The file's baseline exposure in EV (DNG `BaselineExposure`; 0 for other files).
    public let baselineExposure: Float
    /// Camera make and model as LibRaw names them.
    public let make: String
    public let model: String

    /// A sensor from its parts, the mosaic `width` values per row from the top row (tests build synthetic
    /// sensors with it).
    package convenience init(width: Int, height: Int, mosaic: [UInt16], pattern: [Int], blackLevels: [Float], whiteLevel: Float,
         asShotMultipliers: SIMD3<Float>, daylightMultipliers: SIMD3<Float>, cameraToLinearSRGB: [Float], xyzToCamera: [Float],
         orientation: CGImagePropertyOrientation, baselineExposure: Float, make: String, model: String) {
        self.init(width: width, height: height, mosaic: RAWMosaic(width: width, height: height, values: mosaic), pattern: pattern,
                  blackLevels: blackLevels, whiteLevel: whiteLevel, asShotMultipliers: asShotMultipliers, daylightMultipliers: daylightMultipliers,
                  cameraToLinearSRGB: cameraToLinearSRGB, xyzToCamera: xyzToCamera, orientation: orientation,
                  baselineExposure: baselineExposure, make: make, model: model)
    }

    /// A sensor from its parts (what `unpack` reads).
    init(width: Int, height: Int, mosaic: RAWMosaic, pattern: [Int], blackLevels: [Float], whiteLevel: Float,
         asShotMultipliers: SIMD3<Float>, daylightMultipliers: SIMD3<Float>, cameraToLinearSRGB: [Float], xyzToCamera: [Float],
         orientation: CGImagePropertyOrientation, baselineExposure: Float, make: String, model: String) {
        (self.width, self.height, self.mosaic, self.pattern, self.blackLevels, self.whiteLevel) = (width, height, mosaic, pattern, blackLevels, whiteLevel)
        (self.asShotMultipliers, self.daylightMultipliers, self.cameraToLinearSRGB, self.xyzToCamera) = (asShotMultipliers, daylightMultipliers, cameraToLinearSRGB, xyzToCamera)
        (self.orientation, self.baselineExposure, self.make, self.model) = (orientation, baselineExposure, make, model)
    }

    /// The cameras whose RAW files LibRaw can unpack ("Make Model"), in LibRaw's order.
    public static let supportedCameraModels: [String] = {
        guard OptionalLibrary.libRaw.loadOrWarn(), let list = libraw_cameraList() else { return [] }
        return (0..<Int(libraw_cameraCount())).compactMap { list[$0].map { String(cString: $0) } }
    }()

    /// The size of LibRaw's state (`libraw_data_t`) this module was built against; the probe's must match.
    package static let libRawStateSize = MemoryLayout<libraw_data_t>.size

    /// Unpacks the sensor data of a RAW or DNG file.
    ///
    /// Throws `.unknownFormat`/`.unsupported` for files that are not RAW, for sensors that are not a 2×2 Bayer
    /// pattern (X-Trans, monochrome, four-colour, linear DNGs and sRAW: these are refused, never developed wrongly),
    /// `.tooLarge` when the sensor is beyond `limits` (checked from the header before anything is unpacked) and
    /// `.truncated`/`.corrupt` when the data cannot be read, and `.corrupt` naming it when LibRaw crashed or hung
    /// on the file. LibRaw opens and unpacks it in `photokit-raw-probe`, a process of its own (where that program
    /// is built beside this one; else here): unlike Apple's, a damaged file cannot stop the calling process. DNGs
    /// stored uncompressed or as lossless JPEG are only opened by LibRaw; their sensor data is unpacked here, on
    /// every core (``DNGUnpacker``: the same values LibRaw gives, about ten times sooner).
    public static func unpack(_ data: Data, limits: ImageLimits = ImageLimits()) throws(ImageIOError) -> RAWSensorData {
        try unpack(data, limits: limits, unpacker: .automatic)
    }

    /// Runs `body` with `data` — bytes ``unpack(_:limits:)`` just unpacked, held unchanged by the caller
    /// throughout — known to open in LibRaw without crashing, so reading its header or properties in `body` does
    /// not hash the bytes again to find the probe's verdict.
    package static func readingUnpacked<R>(_ data: Data, _ body: () throws -> R) rethrows -> R {
        try data.withUnsafeBytes { bytes in try LibRawProbe.vouching(for: bytes, upTo: .open, body) }
    }

    /// Who unpacks the sensor data: this module where it can (``DNGUnpacker``: uncompressed and lossless JPEG
    /// DNGs), else LibRaw; or LibRaw always (tests compare the two).
    package enum Unpacker: Sendable { case automatic, libRaw }

    /// ``unpack(_:limits:)`` with the unpacker chosen.
    package static func unpack(_ data: Data, limits: ImageLimits, unpacker: Unpacker) throws(ImageIOError) -> RAWSensorData {
        guard let format = data.prefix(4096).withUnsafeBytes({ RAWSniffer.sniff($0) }) else {
            throw ImageIOError(.unknownFormat, "not a RAW or DNG file")
        }
        do { try OptionalLibrary.libRaw.load() } catch { throw ImageIOError(.unsupported, error.description, format: format) }
        // A DNG stored in a way DNGUnpacker reads is only opened by LibRaw; the mosaic is unpacked here.
        let layout = unpacker == .automatic && format == .dng ? DNGRawLayout.find(in: data) : nil
        // LibRaw opens (and unpacks) the file in photokit-raw-probe, a process of its own, and hands its state
        // back: this process never runs LibRaw on the file (a file LibRaw crashes on is refused as corrupt).
        let probed = data.withUnsafeBytes { bytes in
            Result { () throws(LibRawProbe.Failure) in
                try LibRawProbe.sensor(bytes, maxBytes: limits.maxDecodeBytes, stateSize: libRawStateSize, unpack: layout == nil)
            }
        }
        switch probed {
        case .failure(let failure):
            throw ImageIOError(.corrupt, failure.description, format: format)
        case .success(let package?):
            guard package.openStatus == 0 else { throw RAWCodec.failure(package.openStatus, "LibRaw cannot open the file", format: format) }
            let raw = UnsafeMutablePointer<libraw_data_t>.allocate(capacity: 1)
            defer { raw.deallocate() }
            UnsafeMutableRawPointer(raw).copyMemory(from: package.state.baseAddress!, byteCount: package.state.count)
            let sensor = try checkSensor(raw, format: format, limits: limits, colour: { package.colour[$0 * 8 + $1] })
            if let layout {
                // Only opened: unpacked here when LibRaw agrees on what the file is, else by LibRaw after all.
                guard ownUnpackingApplies(raw, layout: layout, decoder: package.decoder),
                      let image = try unpackHere(data, raw: raw, layout: layout, format: format) else {
                    return try unpack(data, limits: limits, unpacker: .libRaw)
                }
                return try extract(raw, format: format, sensor: sensor) { () throws(ImageIOError) in
                    (UnsafePointer(image.values), image.count, image)
                }
            }
            return try withExtendedLifetime(package) { () throws(ImageIOError) -> RAWSensorData in
                try extract(raw, format: format, sensor: sensor) { () throws(ImageIOError) in
                    guard package.unpackStatus == 0 else { throw RAWCodec.failure(package.unpackStatus, "LibRaw cannot read the raw data", format: format) }
                    return (package.rawImage.baseAddress, package.rawImage.count, package)
                }
            }
        case .success(nil):
            // No probe beside this program: LibRaw runs here.
            return try RAWCodec.withRaw(data, format: format, upTo: .unpack) { (raw) throws(ImageIOError) -> RAWSensorData in
                let sensor = try checkSensor(raw, format: format, limits: limits, colour: { Int(libraw_COLOR(raw, Int32($0), Int32($1))) })
                return try extract(raw, format: format, sensor: sensor) { () throws(ImageIOError) in
                    if let layout, ownUnpackingApplies(raw, layout: layout, decoder: String(cString: libraw_unpack_function_name(raw))),
                       let image = try unpackHere(data, raw: raw, layout: layout, format: format) {
                        return (UnsafePointer(image.values), image.count, image)
                    }
                    let status = libraw_unpack(raw)
                    guard status == 0 else { throw RAWCodec.failure(status, "LibRaw cannot read the raw data", format: format) }
                    return (raw.pointee.rawdata.raw_image.map { UnsafePointer($0) }, nil, nil)
                }
            }
        }
    }

    /// Whether LibRaw, having opened the file, sees the mosaic `layout` describes and would unpack it with the
    /// unpacker ``DNGUnpacker`` stands in for: same decoder family, same stored size, first frame.
    private static func ownUnpackingApplies(_ raw: UnsafeMutablePointer<libraw_data_t>, layout: DNGRawLayout, decoder: String) -> Bool {
        let expected = layout.compression == .uncompressed ? "packed_dng_load_raw()" : "lossless_dng_load_raw()"
        let sizes = raw.pointee.sizes
        return decoder == expected && raw.pointee.idata.dng_version != 0 && raw.pointee.params.shot_select == 0
            && Int(sizes.raw_width) == layout.width && Int(sizes.raw_height) == layout.height
    }

    /// Unpacks the mosaic with ``DNGUnpacker`` (for a sensor ``checkSensor(_:format:limits:colour:)`` passed) and
    /// leaves LibRaw's state `raw` as LibRaw's unpacking would (the row pitch; the black level common to all four
    /// colours moved from the per-colour levels to `black`); `nil` when LibRaw should unpack it after all.
    private static func unpackHere(_ data: Data, raw: UnsafeMutablePointer<libraw_data_t>, layout: DNGRawLayout,
                                   format: ImageFormat) throws(ImageIOError) -> DNGUnpacker.Image? {
        let curve = clibraw_curve(raw)!
        let identity = (0..<0x10000).allSatisfy { curve[$0] == UInt16($0) }
        let dng11 = raw.pointee.idata.dng_version >= 0x0101_0000
        let unpacked = data.withUnsafeBytes { bytes in
            Result { () throws(ImageIOError) in
                try DNGUnpacker.unpack(bytes, layout: layout, curve: identity ? nil : curve, dng11Differences: dng11, format: format)
            }
        }
        guard let image = try unpacked.get() else { return nil }
        raw.pointee.sizes.raw_pitch = UInt32(layout.width * 2)
        clibraw_settle_black(raw)
        return image
    }

    /// Checks LibRaw's state `raw` after opening before anything is unpacked: the sizes against `limits` and the
    /// colour filter pattern (`colour(row, column)` is `libraw_COLOR`); returns each 2×2 position's colour as LibRaw
    /// numbers it (`pattern`, 3 for the second green) and its channel (0 red, 1 green, 2 blue).
    private static func checkSensor(_ raw: UnsafeMutablePointer<libraw_data_t>, format: ImageFormat, limits: ImageLimits,
                                    colour: (Int, Int) -> Int) throws(ImageIOError) -> (pattern: [Int], channels: [Int]) {
        let sizes = raw.pointee.sizes
        try limits.check(Int(sizes.raw_width), Int(sizes.raw_height), format: format)
        // Mosaic (2 bytes), the working copy LibRaw unpacks into (2 bytes) and a developed tile cache.
        let bytes = Int(sizes.raw_width) * Int(sizes.raw_height) * 4
        guard bytes <= limits.maxDecodeBytes else {
            throw ImageIOError(.tooLarge, "the sensor data needs \(bytes >> 20) MB, more than the decode memory budget of \(limits.maxDecodeBytes >> 20) MB", format: format)
        }
        let filters = raw.pointee.idata.filters
        guard filters != 0, raw.pointee.idata.colors == 3 else {
            throw ImageIOError(.unsupported, "the sensor is not an RGB Bayer mosaic (monochrome, four-colour or already demosaiced data)", format: format)
        }
        guard filters != 9 else { throw ImageIOError(.unsupported, "X-Trans sensors are not supported yet", format: format) }
        guard filters >= 1000 else { throw ImageIOError(.unsupported, "the colour filter pattern is not a 2×2 Bayer pattern", format: format) }
        var pattern: [Int] = []
        for row in 0..<2 { for column in 0..<2 { pattern.append(colour(row, column)) } }
        for row in 0..<8 { for column in 0..<8 where colour(row, column) != pattern[(row & 1) * 2 + (column & 1)] {
            throw ImageIOError(.unsupported, "the colour filter pattern does not repeat every 2×2 photosites", format: format)
        } }
        let channels = pattern.map { $0 == 3 ? 1 : $0 }
        guard channels.sorted() == [0, 1, 1, 2] else {
            throw ImageIOError(.unsupported, "the colour filter pattern is not red, green, green, blue", format: format)
        }
        return (pattern, channels)
    }

    /// The sensor data from LibRaw's state `raw` after opening, for a sensor ``checkSensor(_:format:limits:colour:)``
    /// passed (`sensor`, its result): `unpack` gives the raw image (with its length in values when it is known, and
    /// the object keeping it alive when it outlives LibRaw's handle: then it is used without a copy).
    private static func extract(_ raw: UnsafeMutablePointer<libraw_data_t>, format: ImageFormat, sensor: (pattern: [Int], channels: [Int]),
                                unpack: () throws(ImageIOError) -> (UnsafePointer<UInt16>?, Int?, AnyObject?)) throws(ImageIOError) -> RAWSensorData {
        do {
            let (pattern, channels) = sensor
            let sizes = raw.pointee.sizes
            let width = Int(sizes.width), height = Int(sizes.height)
            let (unpackedImage, count, owner) = try unpack()
            guard let rawImage = unpackedImage else {
                throw ImageIOError(.unsupported, "the file holds no Bayer mosaic (a linear DNG or an sRAW)", format: format)
            }
            let unpacked = raw.pointee.sizes   // raw_pitch is known once unpacked
            let pitch = Int(unpacked.raw_pitch) / 2, top = Int(sizes.top_margin), left = Int(sizes.left_margin)
            guard top + height <= Int(sizes.raw_height), left + width <= Int(sizes.raw_width), pitch >= Int(sizes.raw_width), width >= 2, height >= 2,
                  count.map({ $0 >= pitch * Int(sizes.raw_height) }) ?? true else {
                throw ImageIOError(.corrupt, "the visible area lies outside the sensor data", format: format)
            }
            let mosaic: RAWMosaic
            if let owner {
                // The probe's reply, mapped read-only: developed where it lies.
                mosaic = RAWMosaic(width: width, height: height, rowStride: pitch, base: rawImage + top * pitch + left, owner: owner)
            } else {
                // LibRaw's buffer goes with its handle: copied.
                mosaic = RAWMosaic(copying: rawImage + top * pitch + left, width: width, height: height, rowStride: pitch)
            }

            let color = raw.pointee.color
            let blackLevels = Self.blackLevels(raw, pattern: pattern)
            let white = Float(color.maximum)
            guard white > (blackLevels.max() ?? 0) else { throw ImageIOError(.corrupt, "the white level is not above the black level", format: format) }
            let camMul = withUnsafeBytes(of: color.cam_mul) { Array($0.bindMemory(to: Float.self)) }
            let preMul = withUnsafeBytes(of: color.pre_mul) { Array($0.bindMemory(to: Float.self)) }
            let rgbCam = withUnsafeBytes(of: color.rgb_cam) { Array($0.bindMemory(to: Float.self)) }   // 3 × 4
            let camXYZ = withUnsafeBytes(of: color.cam_xyz) { Array($0.bindMemory(to: Float.self)) }   // 4 × 3
            let daylight = Self.normalised(preMul) ?? SIMD3(1, 1, 1)
            let asShot = Self.normalised(camMul) ?? daylight
            let toSRGB = [rgbCam[0], rgbCam[1], rgbCam[2], rgbCam[4], rgbCam[5], rgbCam[6], rgbCam[8], rgbCam[9], rgbCam[10]]
            var xyzToCamera = Array(camXYZ[0..<9])
            func usable(_ m: [Float]) -> Bool { !m.allSatisfy { $0 == 0 } && m.allSatisfy(\.isFinite) }
            if !usable(xyzToCamera), let matrix = Self.dngColorMatrix(raw), usable(matrix) {
                xyzToCamera = matrix
            }
            if !usable(xyzToCamera) {
                // No colour data for this camera: treat it as seeing like sRGB once balanced for daylight (what
                // the identity camera matrix LibRaw then gives assumes), so daylight is ~6,500 K with no tint.
                let sRGBFromXYZ: [Float] = [3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.2040, 1.0570]
                xyzToCamera = (0..<9).map { sRGBFromXYZ[$0] / daylight[$0 / 3] }
            }
            let baseline = raw.pointee.color.dng_levels.baseline_exposure
            let make = withUnsafeBytes(of: raw.pointee.idata.make) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            let model = withUnsafeBytes(of: raw.pointee.idata.model) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            return RAWSensorData(width: width, height: height, mosaic: mosaic, pattern: channels, blackLevels: blackLevels, whiteLevel: white,
                                 asShotMultipliers: asShot, daylightMultipliers: daylight,
                                 cameraToLinearSRGB: toSRGB.allSatisfy(\.isFinite) ? toSRGB : [1, 0, 0, 0, 1, 0, 0, 0, 1], xyzToCamera: xyzToCamera,
                                 orientation: RAWMetadata.orientation(flip: Int(sizes.flip)),
                                 baselineExposure: baseline.isFinite && abs(baseline) < 10 ? baseline : 0, make: make, model: model)
        }
    }

    /// The DNG's own XYZ → camera matrix (`ColorMatrix2` when its illuminant is D65, else `ColorMatrix1`), for
    /// cameras LibRaw has no table entry for.
    private static func dngColorMatrix(_ raw: UnsafeMutablePointer<libraw_data_t>) -> [Float]? {
        let colors = raw.pointee.color.dng_color
        let candidates = [colors.1, colors.0].sorted { ($0.illuminant == 21 ? 0 : 1) < ($1.illuminant == 21 ? 0 : 1) }
        for candidate in candidates {
            let matrix = withUnsafeBytes(of: candidate.colormatrix) { Array($0.bindMemory(to: Float.self).prefix(9)) }
            if matrix.contains(where: { $0 != 0 }) { return matrix }
        }
        return nil
    }

    /// Black per 2×2 position: the common level, the per-colour offsets and a repeating pattern of at most 2×2.
    private static func blackLevels(_ raw: UnsafeMutablePointer<libraw_data_t>, pattern: [Int]) -> [Float] {
        let color = raw.pointee.color
        let cblack = (0..<(6 + 64)).map { clibraw_cblack(raw, Int32($0)) }
        let rows = Int(cblack[4]), columns = Int(cblack[5])
        return (0..<4).map { position in
            var level = Float(color.black) + Float(cblack[min(pattern[position], 3)])
            if rows > 0, columns > 0, rows * columns <= 64 {
                let row = position / 2, column = position % 2
                level += Float(cblack[6 + (row % rows) * columns + column % columns])
            }
            return level
        }
    }

    /// Red, green, blue multipliers scaled so green is 1, or `nil` when they are missing or nonsensical.
    private static func normalised(_ values: [Float]) -> SIMD3<Float>? {
        let green = values[1]
        guard green > 0, values[0] > 0, values[2] > 0, values[0...2].allSatisfy(\.isFinite) else { return nil }
        return SIMD3(values[0] / green, 1, values[2] / green)
    }
}
