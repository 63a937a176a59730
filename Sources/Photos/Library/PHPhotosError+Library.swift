import Foundation
import PhotoLibrary

extension PHPhotosError {
    /// The PhotoKit error for a core error, with its message as the localized description.
    package init(libraryError error: LibraryError) {
        let code: PHPhotosError.Code
        switch error.code {
        case .identifierNotFound, .invalidIdentifier: code = .identifierNotFound
        case .invalidResource: code = .invalidResource
        case .missingResource: code = .missingResource
        case .notEnoughSpace: code = .notEnoughSpace
        case .changeNotSupported: code = .changeNotSupported
        case .unsupportedPredicate: code = .changeNotSupported
        case .libraryUnavailable: code = .libraryVolumeOffline
        case .io, .database: code = .internalError
        case .cancelled: code = .userCancelled
        case .tokenExpired: code = .persistentChangeTokenExpired
        case .notPermitted: code = .accessRestricted
        case .accessDenied: code = .accessUserDenied
        }
        self.init(code, userInfo: [NSLocalizedDescriptionKey: error.message])
    }
}
