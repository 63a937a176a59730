import Foundation

/// File-system errors in one plain sentence: Foundation's `NSCocoaErrorDomain` errors print as
/// `Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}` on Linux, which names nothing a person can act on.
enum FileErrorText {
    /// What went wrong, from the POSIX cause when there is one.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return posix(Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posix(Int32(underlying.code))
        }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "it does not exist"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission was denied"
            case NSFileWriteOutOfSpaceError: return "the disk is full"
            case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
            case NSFileReadUnknownError, NSFileReadCorruptFileError: return "it could not be read"
            case NSFileWriteUnknownError, NSFileWriteFileExistsError: return "it could not be written"
            default: break
            }
        }
        return "\(error)"
    }

    /// A POSIX error number in words.
    static func posix(_ code: Int32) -> String {
        switch code {
        case ENOTDIR: "a part of the path is a file, not a folder"
        case EISDIR: "it is a folder, not a file"
        case ENOENT: "it does not exist"
        case EACCES, EPERM: "permission was denied"
        case EROFS: "the file system is read-only"
        case ENOSPC: "the disk is full"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
