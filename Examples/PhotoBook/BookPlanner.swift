import Foundation
import CoreGraphics
import PhotosUI

/// Lays the project content out as pages: a cover from the cover section, then each content section at its
/// middle curation level, a photo of high weight alone on its page, the others two, three or four to a page.
enum BookPlanner {
    /// A photo must weigh at least this much to get a page of its own.
    static let heroWeight = 0.7

    static func plan(_ info: PHProjectInfo, format: BookFormat, title: String, identifiers: (PHProjectAssetElement) -> String?) -> BookState {
        var pages: [BookState.Page] = []
        var subtitle: String?
        var coverPhoto: BookState.Photo?
        for section in info.sections {
            // Apple orders a section's contents from the fewest elements to the most: the middle one is curated.
            guard !section.sectionContents.isEmpty else { continue }
            let content = section.sectionContents[section.sectionContents.count / 2]
            let elements = content.elements.sorted { a, b in
                let pa = a.placement, pb = b.placement
                if pa.isNull || pb.isNull { return false }
                return (pa.minY, pa.minX) < (pb.minY, pb.minX)
            }
            let photos = elements.compactMap { $0 as? PHProjectAssetElement }.compactMap { photo($0, identifiers) }
            let texts = elements.compactMap { $0 as? PHProjectTextElement }
            if section.sectionType == .cover {
                coverPhoto = photos.first ?? coverPhoto
                subtitle = texts.first { $0.textElementType == .subtitle }?.text ?? texts.first { $0.textElementType == .body }?.text
                continue
            }
            var caption: String? = [section.title].filter { !$0.isEmpty }.first ?? texts.first?.text
            // The section's best quarter (and only photos of at least `heroWeight`) get pages of their own.
            let ranked = photos.map(\.weight).sorted(by: >)
            let heroThreshold = max(heroWeight, ranked.isEmpty ? 1 : ranked[min(ranked.count - 1, ranked.count / 4)])
            var pending: [BookState.Photo] = []
            func flush() {
                guard !pending.isEmpty else { return }
                pages.append(BookState.Page(layout: layout(forCount: pending.count), caption: caption, photos: pending))
                caption = nil
                pending = []
            }
            for photo in photos {
                if photo.weight >= heroThreshold {
                    flush()
                    pending = [photo]
                    flush()
                    continue
                }
                pending.append(photo)
                let average = pending.map(\.weight).reduce(0, +) / Double(pending.count)
                // Better photos get more room: pages of two when they are above average, four otherwise.
                if pending.count == 4 || (pending.count == 2 && average >= 0.55) { flush() }
            }
            flush()
        }
        if coverPhoto == nil { coverPhoto = pages.first?.photos.first }
        let cover = BookState.Page(layout: .cover, caption: nil, photos: coverPhoto.map { [$0] } ?? [])
        return BookState(format: format, title: title.isEmpty ? "Photo Book" : title, subtitle: subtitle, pages: [cover] + pages)
    }

    static func layout(forCount count: Int) -> BookState.Layout {
        switch count {
        case 1: .single
        case 2: .two
        case 3: .three
        default: .four
        }
    }

    private static func photo(_ element: PHProjectAssetElement, _ identifiers: (PHProjectAssetElement) -> String?) -> BookState.Photo? {
        guard let identifier = identifiers(element) else { return nil }
        // The content's crop fits its grid cell; a page cell has another shape, so the whole photo may be used,
        // cropped around the centre of the regions of interest (faces, or the salient part) weighted by weight,
        // or around the centre of the content's crop when the photo has none.
        let crop = element.cropRect
        var focus: [Double]? = [Double(crop.midX), Double(crop.midY)]
        let regions = element.regionsOfInterest
        if !regions.isEmpty {
            let total = regions.map { max($0.weight, 0.01) }.reduce(0, +)
            let x = regions.map { Double($0.rect.midX) * max($0.weight, 0.01) }.reduce(0, +) / total
            let y = regions.map { Double($0.rect.midY) * max($0.weight, 0.01) }.reduce(0, +) / total
            focus = [x, y]
        }
        return BookState.Photo(localIdentifier: identifier, allowed: [0, 0, 1, 1],
                               focus: focus, weight: element.weight)
    }
}
