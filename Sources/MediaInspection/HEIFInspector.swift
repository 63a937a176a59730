internal import CHeif
import Foundation
internal import OptionalLibraries

/// HEIF/HEIC/AVIF through libheif: the primary image handle gives the display size (after irot/imir),
/// the `ispe` stored size, alpha, luma bit depth, depth and auxiliary images (Apple HDR gain map,
/// portrait matte); EXIF and XMP come from the item's metadata blocks. Nothing is decoded.
enum HEIFInspector {
    private static let initialised: Bool = { heif_init(nil).code == heif_error_Ok }()

    static func inspect(_ source: InspectionSource) throws(MediaInspectionError) -> MediaInfo {
        do { try OptionalLibrary.heif.load() } catch { throw source.error(.unsupportedFormat, error.description) }
        _ = initialised
        let bytes = source.bytes
        guard let ctx = heif_context_alloc() else { throw source.error(.unreadable, "libheif could not be initialised") }
        defer { heif_context_free(ctx) }
        let readError = heif_context_read_from_memory_without_copy(ctx, bytes.baseAddress, bytes.count, nil)
        guard readError.code == heif_error_Ok else { throw mapError(readError, source) }
        var primary: OpaquePointer?
        let handleError = heif_context_get_primary_image_handle(ctx, &primary)
        guard handleError.code == heif_error_Ok, let handle = primary else { throw mapError(handleError, source) }
        defer { heif_image_handle_release(handle) }

        let displayWidth = Int(heif_image_handle_get_width(handle))
        let displayHeight = Int(heif_image_handle_get_height(handle))
        var storedWidth = Int(heif_image_handle_get_ispe_width(handle))
        var storedHeight = Int(heif_image_handle_get_ispe_height(handle))
        if storedWidth <= 0 || storedHeight <= 0 { storedWidth = displayWidth; storedHeight = displayHeight }
        try source.checkPixelCount(displayWidth, displayHeight)

        let brands = FormatSniffer.brands(bytes)
        let uti = brands.contains(where: FormatSniffer.heicBrands.contains) ? "public.heic"
            : brands.first == "avif" || brands.contains("avif") ? "public.avif" : "public.heif"
        let luma = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
        var info = MediaInfo(kind: .image, format: .heif, uniformTypeIdentifier: uti,
                             pixelWidth: displayWidth, pixelHeight: displayHeight,
                             storedPixelWidth: storedWidth, storedPixelHeight: storedHeight,
                             frameCount: 1, hasAlpha: heif_image_handle_has_alpha_channel(handle) != 0,
                             bitDepth: luma > 0 ? luma : nil)

        let auxTypes = auxiliaryTypes(handle)
        if auxTypes.contains(where: { $0.contains("hdrgainmap") }) { info.traits.insert(.hdr) }
        if heif_image_handle_has_depth_image(handle) != 0
            || auxTypes.contains(where: { $0.contains("auxid:2") || $0.contains("depth") || $0.contains("portraiteffectsmatte") }) {
            info.traits.insert(.depthEffect)
        }
        let exif = metadata(handle, type: "Exif").flatMap { block in
            block.withUnsafeBytes { raw -> ExifMetadata? in
                // 4-byte big-endian offset to the TIFF header, counted after the offset itself.
                let skip = ByteReader(raw).u32(0).map { Int($0) + 4 } ?? 4
                let start = skip <= raw.count - 8 ? skip : 4
                guard raw.count > start else { return nil }
                return EXIFReader.read(UnsafeRawBufferPointer(rebasing: raw[start...]))
                    ?? EXIFReader.read(UnsafeRawBufferPointer(rebasing: raw[4...]))
            }
        }
        let xmp = metadata(handle, type: "mime", contentType: "application/rdf+xml").flatMap { block in
            block.withUnsafeBytes { XMPPacket($0) }
        }
        // irot/imir are already applied to the handle size; EXIF Orientation is informational for HEIF.
        StillMetadata(exif: exif, xmp: xmp).apply(to: &info, applyOrientation: false)
        return info
    }

    private static func mapError(_ e: heif_error, _ source: InspectionSource) -> MediaInspectionError {
        let message = e.message.map { String(cString: $0) } ?? "unknown error"
        if e.subcode == heif_suberror_End_of_data {
            return source.error(.truncated, "the HEIF file ends early (\(message))")
        }
        if e.code == heif_error_Unsupported_feature || e.code == heif_error_Unsupported_filetype {
            return source.error(.unsupportedFormat, "libheif does not support this file (\(message))")
        }
        return source.error(.corrupt, "the HEIF file is invalid (\(message))")
    }

    private static func auxiliaryTypes(_ handle: OpaquePointer) -> [String] {
        let n = Int(heif_image_handle_get_number_of_auxiliary_images(handle, 0))
        guard n > 0, n < 64 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: n)
        let got = Int(heif_image_handle_get_list_of_auxiliary_image_IDs(handle, 0, &ids, Int32(n)))
        var types: [String] = []
        for id in ids.prefix(got) {
            var aux: OpaquePointer?
            guard heif_image_handle_get_auxiliary_image_handle(handle, id, &aux).code == heif_error_Ok, let aux else { continue }
            var type: UnsafePointer<CChar>?
            if heif_image_handle_get_auxiliary_type(aux, &type).code == heif_error_Ok, let t = type {
                types.append(String(cString: t))
                heif_image_handle_free_auxiliary_types(aux, &type)
            }
            heif_image_handle_release(aux)
        }
        return types
    }

    /// The first metadata block of `type` (and content type, for "mime"), capped at 16 MiB.
    private static func metadata(_ handle: OpaquePointer, type: String, contentType: String? = nil) -> [UInt8]? {
        let n = Int(heif_image_handle_get_number_of_metadata_blocks(handle, type))
        guard n > 0, n < 256 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: n)
        let got = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, type, &ids, Int32(n)))
        for id in ids.prefix(got) {
            if let contentType {
                guard let ct = heif_image_handle_get_metadata_content_type(handle, id), String(cString: ct) == contentType else { continue }
            }
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 0, size < 16 << 20 else { continue }
            var buffer = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_metadata(handle, id, &buffer).code == heif_error_Ok else { continue }
            return buffer
        }
        return nil
    }
}
