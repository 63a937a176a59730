import Foundation
import PhotoLibrary

/// A photo extension's manifest — an editing or a project extension: the Info.plist keys Photos reads from an
/// app extension bundle (Linux addition, same keys). Installed as `<identifier>.photoextension/Info.plist`
/// beside the executable.
///
/// Keys: `CFBundleIdentifier` (reverse DNS), `CFBundleDisplayName`, `CFBundleShortVersionString` (1 to 3
/// dot-separated numbers), `CFBundleExecutable`, and `NSExtension` → `NSExtensionPointIdentifier`
/// (`com.apple.photo-editing` or `com.apple.photo-project`). An editing extension's `NSExtensionAttributes` →
/// `PHSupportedMediaTypes` (`Image`, `Video`, `LivePhoto`) and (Linux addition) `PHEditingParameters`, the
/// host-settable parameters; a project extension's → `PHProjectExtensionDefinesProjectTypes`.
public struct PHEditingExtensionManifest: Sendable, Hashable {
    /// The extension point every photo editing extension declares.
    public static let photoEditingExtensionPoint = "com.apple.photo-editing"
    /// The extension point every photo project extension declares.
    public static let photoProjectExtensionPoint = "com.apple.photo-project"

    public var bundleIdentifier: String
    public var displayName: String
    public var version: String
    /// The executable's file name inside the bundle (filled in by the glue from its own name when empty).
    public var executableName: String
    /// Media types the extension edits: `.image`, `.video`; Live Photos are `.image` plus `supportsLivePhotos`.
    public var supportedMediaTypes: Set<PHAssetMediaType>
    /// Whether `LivePhoto` is listed.
    public var supportsLivePhotos: Bool
    public var parameters: [PHEditingExtensionParameter]
    /// `com.apple.photo-editing` (the default) or `com.apple.photo-project`.
    public var extensionPointIdentifier: String
    /// A project extension's `PHProjectExtensionDefinesProjectTypes`: it offers project types of its own.
    public var definesProjectTypes: Bool

    /// True for a project extension's manifest.
    public var isProjectExtension: Bool { extensionPointIdentifier == Self.photoProjectExtensionPoint }

    public init(bundleIdentifier: String, displayName: String, version: String, executableName: String = "",
                supportedMediaTypes: Set<PHAssetMediaType> = [.image], supportsLivePhotos: Bool = false,
                parameters: [PHEditingExtensionParameter] = [], extensionPointIdentifier: String = photoEditingExtensionPoint,
                definesProjectTypes: Bool = false) {
        self.extensionPointIdentifier = extensionPointIdentifier
        self.definesProjectTypes = definesProjectTypes
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.version = version
        self.executableName = executableName
        self.supportedMediaTypes = supportedMediaTypes
        self.supportsLivePhotos = supportsLivePhotos
        self.parameters = parameters
    }

    /// The manifest as an XML property list (what Info.plist holds).
    public func propertyListData() throws -> Data {
        var types: [String] = []
        if supportedMediaTypes.contains(.image) { types.append("Image") }
        if supportedMediaTypes.contains(.video) { types.append("Video") }
        if supportsLivePhotos { types.append("LivePhoto") }
        let parameterData = try JSONEncoder().encode(parameters)
        let parameterList = try JSONSerialization.jsonObject(with: parameterData)
        let attributes: [String: Any] = isProjectExtension
            ? ["PHProjectExtensionDefinesProjectTypes": definesProjectTypes]
            : ["PHSupportedMediaTypes": types, "PHEditingParameters": parameterList]
        let plist: [String: Any] = [
            "CFBundleIdentifier": bundleIdentifier,
            "CFBundleDisplayName": displayName,
            "CFBundleShortVersionString": version,
            "CFBundleExecutable": executableName,
            "CFBundlePackageType": "XPC!",
            "NSExtension": [
                "NSExtensionPointIdentifier": extensionPointIdentifier,
                "NSExtensionAttributes": attributes,
            ] as [String: Any],
        ]
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    }

    /// Reads and validates a manifest; throws `PHEditingExtensionError.invalidManifest` naming the problem.
    public init(propertyListData data: Data) throws {
        func invalid(_ why: String) -> PHEditingExtensionError { .invalidManifest(why) }
        guard let plist = PropertyListBytes.dictionary(data) else {
            throw invalid("not a property list dictionary")
        }
        func string(_ key: String) throws -> String {
            guard let value = plist[key] as? String, !value.isEmpty else { throw invalid("missing \(key)") }
            return value
        }
        let identifier = try string("CFBundleIdentifier")
        guard Self.isReverseDNS(identifier) else { throw invalid("CFBundleIdentifier \(identifier) is not a reverse-DNS name") }
        let version = try string("CFBundleShortVersionString")
        guard SemanticVersion(version) != nil else { throw invalid("CFBundleShortVersionString \(version) is not 1 to 3 dot-separated numbers") }
        let executable = try string("CFBundleExecutable")
        guard !executable.contains("/"), executable != ".", executable != ".." else { throw invalid("CFBundleExecutable \(executable) is not a file name") }
        guard let ext = plist["NSExtension"] as? [String: Any] else { throw invalid("missing NSExtension") }
        guard let point = ext["NSExtensionPointIdentifier"] as? String,
              point == Self.photoEditingExtensionPoint || point == Self.photoProjectExtensionPoint else {
            throw invalid("NSExtensionPointIdentifier is not \(Self.photoEditingExtensionPoint) or \(Self.photoProjectExtensionPoint)")
        }
        let attributes = ext["NSExtensionAttributes"] as? [String: Any] ?? [:]
        if point == Self.photoProjectExtensionPoint {
            self.init(bundleIdentifier: identifier, displayName: (plist["CFBundleDisplayName"] as? String) ?? identifier, version: version,
                      executableName: executable, supportedMediaTypes: [], extensionPointIdentifier: point,
                      definesProjectTypes: (attributes["PHProjectExtensionDefinesProjectTypes"] as? Bool) ?? false)
            return
        }
        guard let typeNames = attributes["PHSupportedMediaTypes"] as? [String], !typeNames.isEmpty else {
            throw invalid("missing PHSupportedMediaTypes")
        }
        var types: Set<PHAssetMediaType> = []
        var livePhotos = false
        for name in typeNames {
            switch name {
            case "Image": types.insert(.image)
            case "Video": types.insert(.video)
            case "LivePhoto": livePhotos = true; types.insert(.image)
            default: throw invalid("unknown PHSupportedMediaTypes entry \(name) (Image, Video or LivePhoto)")
            }
        }
        var parameters: [PHEditingExtensionParameter] = []
        if let list = attributes["PHEditingParameters"] {
            guard JSONSerialization.isValidJSONObject(list),
                  let json = try? JSONSerialization.data(withJSONObject: list),
                  let decoded = try? JSONDecoder().decode([PHEditingExtensionParameter].self, from: json) else {
                throw invalid("PHEditingParameters is malformed")
            }
            parameters = decoded
        }
        self.init(bundleIdentifier: identifier, displayName: (plist["CFBundleDisplayName"] as? String) ?? identifier,
                  version: version, executableName: executable, supportedMediaTypes: types,
                  supportsLivePhotos: livePhotos, parameters: parameters)
    }

    /// Parses a host-set `name=text` against the declared parameters; throws `invalidParameter` naming an
    /// unknown name (and the known ones) or an unacceptable value.
    public func parameterValue(named name: String, from text: String) throws -> PHEditingExtensionParameter.Value {
        guard let definition = parameters.first(where: { $0.name == name }) else {
            let known = parameters.map(\.name)
            throw PHEditingExtensionError.invalidParameter(
                "\(name): unknown (\(displayName) takes \(known.isEmpty ? "no parameters" : known.joined(separator: ", ")))")
        }
        return try definition.value(from: text)
    }

    /// `com.example.filtster`-like: at least two dot-separated labels of letters, digits and hyphens.
    static func isReverseDNS(_ name: String) -> Bool {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}
