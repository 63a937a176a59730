import Foundation
import ImageManagement

extension PHPhotosError {
    /// The PhotoKit error for an image-management error, with its message as the localized description.
    init(imageManagementError error: ImageManagementError) {
        let code: PHPhotosError.Code
        switch error.code {
        case .notFound: code = .identifierNotFound
        case .missingResource: code = .missingResource
        case .unreadable: code = .invalidResource
        case .cancelled: code = .userCancelled
        case .unsupported: code = .requestNotSupportedForAsset
        case .encodingFailed, .io, .fileExists: code = .internalError
        }
        self.init(code, userInfo: [NSLocalizedDescriptionKey: error.message])
    }
}
