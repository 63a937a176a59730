import Foundation
import PhotosUI

/// The book's page sizes: the project types the extension offers.
enum BookFormat: String, Codable, CaseIterable {
    case square = "org.photokit-linux.photobook.square"
    case landscape = "org.photokit-linux.photobook.landscape"

    /// The page in PostScript points: 21 × 21 cm, or A4 landscape.
    var pageSize: (width: Double, height: Double) {
        switch self {
        case .square: (595.28, 595.28)
        case .landscape: (841.89, 595.28)
        }
    }

    var title: String { self == .square ? "Square book" : "Landscape book" }
    var summary: String { self == .square ? "21 × 21 cm pages" : "A4 landscape pages" }

    init(projectType: PHProjectType) { self = BookFormat(rawValue: projectType.rawValue) ?? .square }
}

/// What the book is, kept in the project's `projectExtensionData` so a resumed project is laid out the same way.
struct BookState: Codable, Equatable {
    var version = 1
    var format: BookFormat
    var title: String
    var subtitle: String?
    var pages: [Page]

    enum Layout: String, Codable { case cover, single, two, three, four }

    struct Page: Codable, Equatable {
        var layout: Layout
        var caption: String?
        var photos: [Photo]
    }

    /// A photo on a page: which asset, the part of it that may be shown (the project content's crop, unit
    /// coordinates with an upper-left origin) and the point to keep in view (the centre of its regions of interest).
    struct Photo: Codable, Equatable {
        var localIdentifier: String
        var allowed: [Double]
        var focus: [Double]?
        var weight: Double
    }

    /// The JSON kept in the project (small: identifiers and rectangles, no pixels).
    func encoded() throws -> Data { try JSONEncoder().encode(self) }

    init(format: BookFormat, title: String, subtitle: String?, pages: [Page]) {
        self.format = format; self.title = title; self.subtitle = subtitle; self.pages = pages
    }

    init?(data: Data) {
        guard let state = try? JSONDecoder().decode(BookState.self, from: data), state.version == 1 else { return nil }
        self = state
    }

    /// The book without the photos that are no longer in the project (pages left empty go; a cover keeps its text).
    func keeping(_ identifiers: Set<String>) -> BookState {
        var copy = self
        copy.pages = pages.compactMap { page in
            var page = page
            page.photos.removeAll { !identifiers.contains($0.localIdentifier) }
            if page.photos.isEmpty && page.layout != .cover { return nil }
            page.layout = page.layout == .cover ? .cover : BookPlanner.layout(forCount: page.photos.count)
            return page
        }
        return copy
    }
}
