import Foundation
internal import CLCMS2

/// The description tag of an ICC profile (what Apple reports as `ProfileName`).
enum ICCDescription {
    static func read(_ data: Data) -> String? {
        guard data.count >= 128 else { return nil }
        let profile = data.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let profile else { return nil }
        defer { cmsCloseProfile(profile) }
        let size = cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", nil, 0)
        guard size > 1, size < 4096 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(size))
        cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &buffer, size)
        let text = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
