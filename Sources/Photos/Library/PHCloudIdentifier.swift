import Foundation
import PhotoLibrary

/// An identifier of an asset that is the same in every library holding it (Apple: iOS 15; macOS 10.13).
///
/// Apple's names an object that syncs through iCloud Photos. This library has no cloud: an asset's cloud
/// identifier is the UUID of the local identifier it was first given, and it travels to other libraries in the XMP
/// sidecar `photos export --with-metadata` writes, which `photos import` honours; so two libraries that exchanged
/// photos map each other's identifiers both ways. `stringValue` is that UUID (Apple's strings have another,
/// undocumented form; treat both as opaque). Only assets have one here: collections map to
/// ``PHPhotosError/Code/identifierNotFound``.
public final class PHCloudIdentifier: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The identifier as a string, to store or send elsewhere.
    public let stringValue: String

    /// An identifier from a string made by ``stringValue``.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// The identifier the deprecated array lookups put where a local identifier had no cloud identifier.
    @available(*, deprecated, message: "Use cloudIdentifierMappings(forLocalIdentifiers:)")
    public static var notFoundIdentifier: PHCloudIdentifier { PHCloudIdentifier(stringValue: "") }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(stringValue as NSString, forKey: "stringValue")
    }

    public init?(coder: NSCoder) {
        guard let value = coder.decodeObject(of: NSString.self, forKey: "stringValue") else { return nil }
        stringValue = value as String
    }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? PHCloudIdentifier)?.stringValue == stringValue
    }

    public override var hash: Int { stringValue.hashValue }

    public override var description: String { stringValue }
}

extension PHPhotoLibrary {
    /// The cloud identifier of each local identifier: `.success` for an asset of this library (trashed ones
    /// included), `.failure` with ``PHPhotosError/Code/identifierNotFound`` otherwise. A library that cannot be
    /// read answers that error for every identifier.
    public func cloudIdentifierMappings(forLocalIdentifiers localIdentifiers: [String]) -> [String: Result<PHCloudIdentifier, any Error>] {
        let found: [String: String?]
        do { found = try backend.cloudIdentities(forAssets: localIdentifiers) } catch {
            let failure = PHPhotosError(libraryError: error)
            return Dictionary(localIdentifiers.map { ($0, .failure(failure)) }, uniquingKeysWith: { a, _ in a })
        }
        var answer: [String: Result<PHCloudIdentifier, any Error>] = [:]
        for identifier in localIdentifiers {
            if let cloud = found[identifier] ?? nil {
                answer[identifier] = .success(PHCloudIdentifier(stringValue: cloud))
            } else {
                answer[identifier] = .failure(PHPhotosError(.identifierNotFound, userInfo: [
                    NSLocalizedDescriptionKey: "No asset with local identifier \(identifier)"]))
            }
        }
        return answer
    }

    /// The local identifier of each cloud identifier: `.success` when one asset of this library has it,
    /// `.failure` with ``PHPhotosError/Code/identifierNotFound`` when none does, or with
    /// ``PHPhotosError/Code/multipleIdentifiersFound`` (the candidates under ``PHLocalIdentifiersErrorKey``) when
    /// several do — e.g. a photo imported twice, as exported and as edited.
    public func localIdentifierMappings(for cloudIdentifiers: [PHCloudIdentifier]) -> [PHCloudIdentifier: Result<String, any Error>] {
        let found: [String: [String]]
        do { found = try backend.assetIdentifiers(forCloudIdentities: cloudIdentifiers.map(\.stringValue)) } catch {
            let failure = PHPhotosError(libraryError: error)
            return Dictionary(cloudIdentifiers.map { ($0, .failure(failure)) }, uniquingKeysWith: { a, _ in a })
        }
        var answer: [PHCloudIdentifier: Result<String, any Error>] = [:]
        for cloud in cloudIdentifiers {
            let matches = found[cloud.stringValue] ?? []
            switch matches.count {
            case 1: answer[cloud] = .success(matches[0])
            case 0: answer[cloud] = .failure(PHPhotosError(.identifierNotFound, userInfo: [
                NSLocalizedDescriptionKey: "No asset with cloud identifier \(cloud.stringValue)"]))
            default: answer[cloud] = .failure(PHPhotosError(.multipleIdentifiersFound, userInfo: [
                NSLocalizedDescriptionKey: "\(matches.count) assets have cloud identifier \(cloud.stringValue)",
                PHLocalIdentifiersErrorKey: matches]))
            }
        }
        return answer
    }

    /// The cloud identifiers of `localIdentifiers`, in order; ``PHCloudIdentifier/notFoundIdentifier`` where
    /// there is none (Apple: macOS 10.13–12, deprecated).
    @available(*, deprecated, renamed: "cloudIdentifierMappings(forLocalIdentifiers:)")
    public func cloudIdentifiers(forLocalIdentifiers localIdentifiers: [String]) -> [PHCloudIdentifier] {
        let mappings = cloudIdentifierMappings(forLocalIdentifiers: localIdentifiers)
        return localIdentifiers.map { (try? mappings[$0]?.get()) ?? PHCloudIdentifier(stringValue: "") }
    }

    /// The local identifiers of `cloudIdentifiers`, in order; an empty string where there is not exactly one
    /// (Apple: macOS 10.13–12, deprecated; its placeholder is undocumented).
    @available(*, deprecated, renamed: "localIdentifierMappings(for:)")
    public func localIdentifiers(for cloudIdentifiers: [PHCloudIdentifier]) -> [String] {
        let mappings = localIdentifierMappings(for: cloudIdentifiers)
        return cloudIdentifiers.map { (try? mappings[$0]?.get()) ?? "" }
    }
}
