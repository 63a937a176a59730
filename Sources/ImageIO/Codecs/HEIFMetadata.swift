import Foundation
import CoreGraphics
internal import CHeif

/// Metadata of a libheif image handle: EXIF and XMP blocks, the colour profile (ICC or nclx), thumbnails.
enum HEIFMetadata {
    /// The first metadata block of `type` (and content type), capped at 16 MiB.
    static func block(_ handle: OpaquePointer, type: String, contentType: String? = nil) -> Data? {
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, type))
        guard count > 0, count < 256 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let got = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, type, &ids, Int32(count)))
        for id in ids.prefix(got) {
            if let contentType {
                guard let ct = heif_image_handle_get_metadata_content_type(handle, id), String(cString: ct) == contentType else { continue }
            }
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 0, size < 16 << 20 else { continue }
            var buffer = Data(count: size)
            let status = buffer.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
            if status.code == heif_error_Ok { return buffer }
        }
        return nil
    }

    /// The EXIF block as a TIFF structure (libheif's 4-byte offset prefix skipped).
    static func exif(_ handle: OpaquePointer) -> Data? {
        guard let block = block(handle, type: "Exif"), block.count > 8 else { return nil }
        let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        for start in [4 + offset, 4] where start >= 4 && start + 8 <= block.count {
            let tiff = block.subdata(in: start..<block.count)
            if TIFFStructure(tiff) != nil { return tiff }
        }
        // Some writers put "Exif\0\0" before the TIFF header.
        if let range = block.range(of: Data("Exif\0\0".utf8)), range.upperBound + 8 <= block.count {
            let tiff = block.subdata(in: range.upperBound..<block.count)
            if TIFFStructure(tiff) != nil { return tiff }
        }
        return nil
    }

    /// The raw ICC profile ('prof' or 'rICC'), if any.
    static func rawProfile(_ handle: OpaquePointer) -> Data? {
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0, size < 16 << 20 else { return nil }
        var profile = Data(count: size)
        let status = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
        return status.code == heif_error_Ok ? profile : nil
    }

    /// The colour source: the ICC profile, else the named space an nclx box declares, else unspecified.
    static func colorSource(_ handle: OpaquePointer) -> ImageHeader.ColorSource {
        if let icc = rawProfile(handle) { return .icc(icc) }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return .unspecified }
        defer { heif_nclx_color_profile_free(nclx) }
        let primaries = Int(nclx.pointee.color_primaries.rawValue), transfer = Int(nclx.pointee.transfer_characteristics.rawValue)
        switch (primaries, transfer) {
        case (12, 8): return .named(CGColorSpace.linearDisplayP3)
        case (12, _): return .named(CGColorSpace.displayP3)
        case (9, 8): return .named(CGColorSpace.linearITUR_2020)
        case (9, _): return .named(CGColorSpace.itur_2020)
        case (1, 8), (2, 8): return .named(CGColorSpace.linearSRGB)
        case (1, 1), (1, 6), (1, 14), (1, 15): return .named(CGColorSpace.itur_709)
        default: return .named(CGColorSpace.sRGB)
        }
    }

    /// Calls `body` with the handle of the image's first thumbnail item (released afterwards); nil when it has none.
    static func withFirstThumbnail<T, E: Error>(_ handle: OpaquePointer, _ body: (OpaquePointer) throws(E) -> T?) throws(E) -> T? {
        guard heif_image_handle_get_number_of_thumbnails(handle) > 0 else { return nil }
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_thumbnail_IDs(handle, &id, 1) == 1 else { return nil }
        var thumbnail: OpaquePointer?
        guard heif_image_handle_get_thumbnail(handle, id, &thumbnail).code == heif_error_Ok, let thumbnail else { return nil }
        defer { heif_image_handle_release(thumbnail) }
        return try body(thumbnail)
    }

    /// The size of the first thumbnail item.
    static func thumbnailSize(_ handle: OpaquePointer) -> (width: Int, height: Int)? {
        withFirstThumbnail(handle) { thumbnail -> (width: Int, height: Int)? in
        let width = Int(heif_image_handle_get_ispe_width(thumbnail)), height = Int(heif_image_handle_get_ispe_height(thumbnail))
        return width > 0 && height > 0 ? (width, height) : (Int(heif_image_handle_get_width(thumbnail)), Int(heif_image_handle_get_height(thumbnail)))
        }
    }
}
