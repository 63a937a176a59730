internal import CLCMS2
import Foundation

/// Converts between colour spaces with Little CMS: the path for LUT-based ICC profiles (and any pair the
/// matrix-shaper maths cannot handle). About 5 MP/s per core, so named spaces never take it.
/// `cmsDoTransform` on a shared transform is thread-safe (float transforms keep no cache).
package struct LittleCMSKernel: PixelKernel {
    package let name: String
    package let signature: String
    package let arity = 1
    package let wantsUnpremultiplied = true
    private let transform: Transform

    final class Transform: @unchecked Sendable {
        let handle: cmsHTRANSFORM?
        init(source: Data, destination: Data) {
            let open: (Data) -> cmsHPROFILE? = { data in data.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) } }
            let input = open(source), output = open(destination)
            defer { if let input { cmsCloseProfile(input) }; if let output { cmsCloseProfile(output) } }
            if let input, let output {
                handle = cmsCreateTransform(input, CLCMS2_TYPE_RGBA_FLT, output, CLCMS2_TYPE_RGBA_FLT,
                                            cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
            } else {
                handle = nil
            }
        }
        deinit { if let handle { cmsDeleteTransform(handle) } }
    }

    package init(from source: CGColorSpace, to destination: CGColorSpace) {
        let sourceICC = source.copyICCData() ?? Data(), destinationICC = destination.copyICCData() ?? Data()
        name = "colormatch(lcms) \(ColorSpaces.shortName(source)) → \(ColorSpaces.shortName(destination))"
        var digest = Digest()
        digest.add(sourceICC.count); digest.add(destinationICC.count)
        sourceICC.withUnsafeBytes { digest.add($0) }
        destinationICC.withUnsafeBytes { digest.add($0) }
        signature = String(digest.value, radix: 16)
        transform = Transform(source: sourceICC, destination: destinationICC)
    }

    /// Whether Little CMS accepted both profiles.
    package var isValid: Bool { transform.handle != nil }

    package func apply(_ span: PixelSpan) {
        guard let handle = transform.handle else { return }
        cmsDoTransform(handle, span.pixels, span.pixels, cmsUInt32Number(span.count))
    }
}
