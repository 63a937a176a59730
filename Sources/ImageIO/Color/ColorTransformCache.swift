import Foundation
import CoreGraphics
internal import CLCMS2

/// Little CMS transforms between ICC profiles, built once per (source, target, pixel format) and shared.
///
/// Threading: `cmsDoTransform` on a shared transform is thread-safe (lcms copies its one-pixel cache per call);
/// the cache dictionary is guarded by a lock. At most 32 transforms are kept (oldest dropped first).
final class ColorTransformCache: @unchecked Sendable {
    static let shared = ColorTransformCache()

    /// A built transform; deleted when the last user lets go.
    final class Transform: @unchecked Sendable {
        let handle: cmsHTRANSFORM
        init(_ handle: cmsHTRANSFORM) { self.handle = handle }
        deinit { cmsDeleteTransform(handle) }

        /// Converts `count` pixels from `source` to `destination` (which may be the same memory).
        func apply(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, count: Int) {
            cmsDoTransform(handle, source, destination, cmsUInt32Number(count))
        }
    }

    struct Key: Hashable {
        var source: Data
        var target: Data
        var inputFormat: UInt32
        var outputFormat: UInt32
        var intent: UInt32
    }

    private let lock = NSLock()
    private var transforms: [Key: Transform] = [:]
    private var order: [Key] = []

    /// A transform from profile `source` to profile `target`, or `nil` when Little CMS refuses the pair.
    func transform(from source: Data, to target: Data, input: UInt32, output: UInt32, intent: UInt32 = 1,
                   copyAlpha: Bool) -> Transform? {
        let key = Key(source: source, target: target, inputFormat: input, outputFormat: output, intent: intent)
        lock.lock()
        if let existing = transforms[key] { lock.unlock(); return existing }
        lock.unlock()
        guard let made = Self.make(source, target, input, output, intent, copyAlpha) else { return nil }
        lock.lock(); defer { lock.unlock() }
        if let raced = transforms[key] { return raced }
        transforms[key] = made
        order.append(key)
        if order.count > 32 { transforms[order.removeFirst()] = nil }
        return made
    }

    private static func make(_ source: Data, _ target: Data, _ input: UInt32, _ output: UInt32, _ intent: UInt32,
                             _ copyAlpha: Bool) -> Transform? {
        let sourceProfile = source.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let sourceProfile else { return nil }
        defer { cmsCloseProfile(sourceProfile) }
        let targetProfile = target.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let targetProfile else { return nil }
        defer { cmsCloseProfile(targetProfile) }
        let flags = UInt32(copyAlpha ? cmsFLAGS_COPY_ALPHA : 0)
        guard let handle = cmsCreateTransform(sourceProfile, input, targetProfile, output, intent, flags) else { return nil }
        return Transform(handle)
    }
}

/// Pixel formats as Little CMS encodes them.
enum LCMSFormat {
    static let rgba8 = CLCMS2_TYPE_RGBA_8
    static let rgba16 = CLCMS2_TYPE_RGBA_16
    static let gray8 = CLCMS2_TYPE_GRAY_8
    static let gray16 = CLCMS2_TYPE_GRAY_16
    static let grayAlpha8 = CLCMS2_TYPE_GRAYA_8
    static let cmyk8 = CLCMS2_TYPE_CMYK_8
    /// CMYK with inverted values (Adobe's JPEG convention): the "flavor" bit set.
    static let cmyk8Inverted = CLCMS2_TYPE_CMYK_8 | (1 << 13)
    /// Gray + alpha, 16-bit (lcms's TYPE_GRAYA_16: one extra channel, 2 bytes).
    static let grayAlpha16 = CLCMS2_TYPE_GRAY_16 | (1 << 7)
}
