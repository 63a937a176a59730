import Foundation
import UIKit

/// A kind of project an extension offers, as the project picker shows it: a type, a title, a description, an
/// optional image and subtypes.
///
/// Images are `UIImage` here (`NSImage` on macOS). Archived through `NSSecureCoding` (title, descriptions and
/// subtypes; the image as PNG), which is how a project extension's types reach the host.
public final class PHProjectTypeDescription: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The project type this describes.
    public let projectType: PHProjectType
    /// The title shown to the person.
    public let localizedTitle: String
    /// The description shown under the title, if any.
    public let localizedDescription: String?
    /// The styled description (its plain string is what `localizedDescription` falls back to).
    public let localizedAttributedDescription: NSAttributedString?
    /// An image shown with the type (PNG with a transparent background is recommended).
    public let image: UIImage?
    /// The subtypes given up front (may be empty).
    public let subtypeDescriptions: [PHProjectTypeDescription]
    /// Whether the data source can give subtypes for this type (true when `subtypeDescriptions` is not empty).
    public let canProvideSubtypes: Bool

    private init(projectType: PHProjectType, title: String, description: String?, attributedDescription: NSAttributedString?,
                 image: UIImage?, subtypes: [PHProjectTypeDescription], canProvideSubtypes: Bool) {
        self.projectType = projectType
        localizedTitle = title
        localizedDescription = description ?? attributedDescription?.string
        localizedAttributedDescription = attributedDescription
        self.image = image
        subtypeDescriptions = subtypes
        self.canProvideSubtypes = canProvideSubtypes || !subtypes.isEmpty
        super.init()
    }

    /// A type with its subtypes given up front.
    public convenience init(projectType: PHProjectType, title localizedTitle: String, description localizedDescription: String?,
                            image: UIImage?, subtypeDescriptions: [PHProjectTypeDescription]) {
        self.init(projectType: projectType, title: localizedTitle, description: localizedDescription, attributedDescription: nil,
                  image: image, subtypes: subtypeDescriptions, canProvideSubtypes: false)
    }

    /// A type with a styled description and its subtypes given up front.
    public convenience init(projectType: PHProjectType, title localizedTitle: String, attributedDescription: NSAttributedString?,
                            image: UIImage?, subtypeDescriptions: [PHProjectTypeDescription]) {
        self.init(projectType: projectType, title: localizedTitle, description: nil, attributedDescription: attributedDescription,
                  image: image, subtypes: subtypeDescriptions, canProvideSubtypes: false)
    }

    /// A type whose subtypes, if `canProvideSubtypes`, come later from the data source.
    public convenience init(projectType: PHProjectType, title localizedTitle: String, description localizedDescription: String?,
                            image: UIImage?, canProvideSubtypes: Bool) {
        self.init(projectType: projectType, title: localizedTitle, description: localizedDescription, attributedDescription: nil,
                  image: image, subtypes: [], canProvideSubtypes: canProvideSubtypes)
    }

    /// A type with a styled description whose subtypes, if `canProvideSubtypes`, come later from the data source.
    public convenience init(projectType: PHProjectType, title localizedTitle: String, attributedDescription: NSAttributedString?,
                            image: UIImage?, canProvideSubtypes: Bool) {
        self.init(projectType: projectType, title: localizedTitle, description: nil, attributedDescription: attributedDescription,
                  image: image, subtypes: [], canProvideSubtypes: canProvideSubtypes)
    }

    /// A type without subtypes.
    public convenience init(projectType: PHProjectType, title localizedTitle: String, description localizedDescription: String?, image: UIImage?) {
        self.init(projectType: projectType, title: localizedTitle, description: localizedDescription, image: image, subtypeDescriptions: [])
    }

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(projectType.rawValue as NSString, forKey: "projectType")
        coder.encode(localizedTitle as NSString, forKey: "title")
        if let localizedDescription { coder.encode(localizedDescription as NSString, forKey: "description") }
        if let png = image?.pngData() { coder.encode(png as NSData, forKey: "image") }
        coder.encode(subtypeDescriptions as NSArray, forKey: "subtypes")
        coder.encode(canProvideSubtypes, forKey: "canProvideSubtypes")
    }

    public convenience init?(coder: NSCoder) {
        guard let type = coder.decodeObject(of: NSString.self, forKey: "projectType") as String?,
              let title = coder.decodeObject(of: NSString.self, forKey: "title") as String? else { return nil }
        let image = (coder.decodeObject(of: NSData.self, forKey: "image") as Data?).flatMap { UIImage(data: $0) }
        let subtypes = (coder.decodeObject(of: [NSArray.self, PHProjectTypeDescription.self], forKey: "subtypes") as? [PHProjectTypeDescription]) ?? []
        self.init(projectType: PHProjectType(rawValue: type), title: title,
                  description: coder.decodeObject(of: NSString.self, forKey: "description") as String?, attributedDescription: nil,
                  image: image, subtypes: subtypes, canProvideSubtypes: coder.decodeBool(forKey: "canProvideSubtypes"))
    }
}

/// The category a person picked a project extension in (Apple's extensible string enumeration).
public struct PHProjectCategory: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// The value with this raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let book = PHProjectCategory(rawValue: "book")
    public static let calendar = PHProjectCategory(rawValue: "calendar")
    public static let card = PHProjectCategory(rawValue: "card")
    public static let prints = PHProjectCategory(rawValue: "prints")
    public static let slideshow = PHProjectCategory(rawValue: "slideshow")
    public static let wallDecor = PHProjectCategory(rawValue: "wallDecor")
    public static let other = PHProjectCategory(rawValue: "other")
    public static let undefined = PHProjectCategory(rawValue: "undefined")
}

/// Gives the project picker a project extension's types, subtypes and footer text.
@preconcurrency @MainActor
public protocol PHProjectTypeDescriptionDataSource: NSObjectProtocol {
    /// The root types when `projectType` is `.undefined`; otherwise the subtypes of a type that can provide them.
    func subtypes(for projectType: PHProjectType) -> [PHProjectTypeDescription]
    /// The new description of a type the extension invalidated (its type must be `projectType`).
    func typeDescription(for projectType: PHProjectType) -> PHProjectTypeDescription?
    /// The footer under the subtypes of `projectType` (`.undefined`: the root level).
    func footerText(forSubtypesOf projectType: PHProjectType) -> NSAttributedString?
    /// Called before the host lets go of the data source.
    func extensionWillDiscardDataSource()
}

extension PHProjectTypeDescriptionDataSource {
    /// Does nothing (the method is optional).
    public func extensionWillDiscardDataSource() {}
}

/// What a project extension calls when its type descriptions or footers change.
@preconcurrency @MainActor
public protocol PHProjectTypeDescriptionInvalidator: NSObjectProtocol {
    /// The description of `projectType` changed (`.undefined`: the root level); the host asks again.
    func invalidateTypeDescription(for projectType: PHProjectType)
    /// The footer under the subtypes of `projectType` changed.
    func invalidateFooterText(forSubtypesOf projectType: PHProjectType)
}
