import Foundation
import CoreGraphics
import CCairo
import Glibc

/// A PDF written with cairo: pages of photos (embedded as JPEG) and text.
final class PDFBook {
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    let width: Double, height: Double

    init(url: URL, width: Double, height: Double) throws {
        self.width = width
        self.height = height
        surface = cairo_pdf_surface_create(url.path, width, height)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw BookError("cannot create the PDF \(url.lastPathComponent): \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
        }
        cr = cairo_create(surface)
    }

    /// Fills the page with a colour (grey levels, 0…1).
    func background(_ grey: Double) {
        cairo_set_source_rgb(cr, grey, grey, grey)
        cairo_paint(cr)
    }

    /// Draws a photo into `cell` (points): `pixels` are the photo already cut to the cell's shape, 8-bit RGBA
    /// premultiplied, `jpeg` the same pixels encoded, which the PDF embeds as they are.
    func drawPhoto(rgba: Data, width pixelWidth: Int, height pixelHeight: Int, bytesPerRow: Int, jpeg: Data, in cell: CGRect) {
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight)) else { return }
        defer { cairo_surface_destroy(image) }
        cairo_surface_flush(image)
        let stride = Int(cairo_image_surface_get_stride(image))
        if let destination = cairo_image_surface_get_data(image) {
            rgba.withUnsafeBytes { source in
                let bytes = source.bindMemory(to: UInt8.self)
                for y in 0..<pixelHeight {
                    for x in 0..<pixelWidth {
                        let s = y * bytesPerRow + x * 4, d = y * stride + x * 4
                        // cairo's RGB24 is a native-endian 0xXXRRGGBB word: B, G, R, X in memory here.
                        destination[d] = bytes[s + 2]; destination[d + 1] = bytes[s + 1]; destination[d + 2] = bytes[s]; destination[d + 3] = 255
                    }
                }
            }
        }
        cairo_surface_mark_dirty(image)
        // The JPEG goes into the PDF as it is (DCTDecode) instead of the raw pixels.
        if let copy = malloc(jpeg.count) {
            jpeg.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: jpeg.count) }
            cairo_surface_set_mime_data(image, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(jpeg.count),
                                        { free($0) }, copy)
        }
        cairo_save(cr)
        cairo_rectangle(cr, cell.minX, cell.minY, cell.width, cell.height)
        cairo_clip(cr)
        cairo_translate(cr, cell.minX, cell.minY)
        cairo_scale(cr, cell.width / Double(pixelWidth), cell.height / Double(pixelHeight))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Writes `text` centred on `centreX` with its baseline at `baseline`, shrunk until it fits `maximumWidth`.
    func drawText(_ text: String, size: Double, bold: Bool = false, grey: Double = 0.1, centreX: Double, baseline: Double, maximumWidth: Double) {
        cairo_save(cr)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        var fontSize = size
        var extents = cairo_text_extents_t()
        repeat {
            cairo_set_font_size(cr, fontSize)
            cairo_text_extents(cr, text, &extents)
            fontSize *= 0.92
        } while extents.x_advance > maximumWidth && fontSize > 6
        cairo_set_source_rgb(cr, grey, grey, grey)
        cairo_move_to(cr, centreX - extents.x_advance / 2, baseline)
        cairo_show_text(cr, text)
        cairo_restore(cr)
    }

    func endPage() { cairo_show_page(cr) }

    /// Finishes the file; throws when cairo reports a problem (a full disk, …).
    func close() throws {
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw BookError("writing the PDF failed: \(String(cString: cairo_status_to_string(status)))") }
    }
}

struct BookError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
