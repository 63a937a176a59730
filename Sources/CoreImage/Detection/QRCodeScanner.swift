import CZBar
import Foundation
internal import OptionalLibraries

/// A QR code ZBar read: its text (ZBar converts the payload to UTF-8), payload bytes, corners in the caller's
/// image coordinates (upright display's top-left, top-right, bottom-left, bottom-right) and, when its modules could be
/// read back, its symbol (`QRSymbolReader`).
struct ScannedQRCode {
    var message: String?
    var payload: Data
    var topLeft, topRight, bottomLeft, bottomRight: CGPoint
    var symbol: QRSymbolReader.Symbol?
}

/// QR codes through ZBar (Debian libzbar-dev). Each call makes its own scanner: safe from any thread.
enum QRCodeScanner {
    static func scan(_ grey: GreyImage) -> [ScannedQRCode] {
        guard OptionalLibrary.zbar.loadOrWarn(), let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        guard let image = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(image) }
        zbar_image_set_format(image, 0x3030_3859)  // 'Y800': 8-bit grey
        zbar_image_set_size(image, UInt32(grey.width), UInt32(grey.height))
        return grey.pixels.withUnsafeBytes { raw -> [ScannedQRCode] in
            zbar_image_set_data(image, raw.baseAddress, UInt(raw.count), nil)
            guard zbar_scan_image(scanner, image) > 0 else { return [] }
            var codes: [ScannedQRCode] = []
            var symbol = zbar_image_first_symbol(image)
            while let s = symbol {
                defer { symbol = zbar_symbol_next(s) }
                guard zbar_symbol_get_type(s) == ZBAR_QRCODE else { continue }
                let length = Int(zbar_symbol_get_data_length(s))
                let payload = zbar_symbol_get_data(s).map { Data(bytes: $0, count: length) } ?? Data()
                let points = (0..<zbar_symbol_get_loc_size(s)).map {
                    CGPoint(x: CGFloat(zbar_symbol_get_loc_x(s, $0)) + 0.5, y: CGFloat(zbar_symbol_get_loc_y(s, $0)) + 0.5)
                }
                guard points.count >= 4 else { continue }
                // ZBar gives a QR code's corners in the symbol's own order: modules (0, 0), (0, n), (n, n), (n, 0).
                let symbol = points.count == 4 ? QRSymbolReader.read(grey, corners: points) : nil
                let c = uprightCorners(points)
                codes.append(ScannedQRCode(message: String(data: payload, encoding: .utf8), payload: payload,
                                           topLeft: c.topLeft.applying(grey.toImage), topRight: c.topRight.applying(grey.toImage),
                                           bottomLeft: c.bottomLeft.applying(grey.toImage), bottomRight: c.bottomRight.applying(grey.toImage),
                                           symbol: symbol))
            }
            return codes
        }
    }
}
