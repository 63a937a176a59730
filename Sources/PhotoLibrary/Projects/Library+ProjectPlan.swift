import Foundation
import GRDB

extension Library {
    /// The project content for a memory: a cover (its key photo and title), then its sections, each at the
    /// memory's curation levels (summary first), laid out on the 20-column grid (`ProjectLayout`).
    public func projectPlan(memory: Memory) throws(LibraryError) -> ProjectPlan {
        let items = try memoryItems(rowIDs: Set(memory.assetRowIDs))
        return try plan(source: .memory, title: memory.title, keyAsset: memory.keyAssetRowID,
                        sections: memory.sections.map { ($0.title, $0.levels) }, items: items)
    }

    /// The project content for photos chosen some other way (an album, a moment, a selection), in the order given:
    /// one section, or one per moment when there are more than 30 photos, each curated from a summary to everything
    /// (`MemoryRules.levels`). Photos that cannot be in a project (trashed, hidden, undated, not photos) are left out.
    public func projectPlan(assetRowIDs: [Int64], title: String, source: ProjectPlan.Source) throws(LibraryError) -> ProjectPlan {
        let items = try memoryItems(rowIDs: Set(assetRowIDs))
        let byRow = Dictionary(items.map { ($0.rowID, $0) }, uniquingKeysWith: { a, _ in a })
        let chosen = assetRowIDs.compactMap { byRow[$0] }
        guard !chosen.isEmpty else { throw LibraryError(.identifierNotFound, "None of the photos can be in a project (trashed, hidden, undated or not photos)") }
        var groups: [[MemoryRules.Item]] = [chosen]
        if chosen.count > 30 {
            groups = []
            for item in chosen.sorted(by: { $0.date < $1.date }) {
                if let last = groups.last?.last, last.momentRowID == item.momentRowID, item.momentRowID != nil { groups[groups.count - 1].append(item) }
                else { groups.append([item]) }
            }
        }
        let naming = MemoryNaming(calendar: .current)
        let sections = groups.map { group -> (String, [[Int64]]) in
            let dates = group.map(\.date)
            return (groups.count == 1 ? "" : naming.range(dates.min()!, dates.max()!), MemoryRules.levels(group))
        }
        let key = MemoryRules.keyPhoto(chosen, summary: sections.flatMap { $0.1.first ?? [] }) ?? chosen[0].rowID
        return try plan(source: source, title: title, keyAsset: key, sections: sections, items: chosen)
    }

    private func plan(source: ProjectPlan.Source, title: String, keyAsset: Int64, sections: [(String, [[Int64]])],
                      items: [MemoryRules.Item]) throws(LibraryError) -> ProjectPlan {
        let rows = Array(Set(items.map(\.rowID)))
        let records = try assets(rowIDs: rows)
        let clouds = try cloudIdentities(forAssets: records.values.map(\.identifier))
        let analyses = try storedAnalyses(rowIDs: rows)
        let itemByRow = Dictionary(items.map { ($0.rowID, $0) }, uniquingKeysWith: { a, _ in a })
        // How present each person is: photos with them over the photos of the person seen most.
        var photosOf: [String: Int] = [:]
        for row in rows { for person in Set(analyses[row]?.faces.compactMap(\.personIdentifier) ?? []) { photosOf[person, default: 0] += 1 } }
        let most = Double(photosOf.values.max() ?? 1)

        func element(_ row: Int64, _ placement: ProjectPlan.GridRect) -> ProjectPlan.Element? {
            guard let record = records[row] else { return nil }
            let analysis = analyses[row]
            var regions = (analysis?.faces ?? []).map { face in
                ProjectPlan.Region(rect: face.rect, identifier: face.personIdentifier ?? "face-\(record.identifier)-\(face.rect.x)-\(face.rect.y)",
                                   weight: face.personIdentifier.map { Double(photosOf[$0] ?? 1) / most } ?? 0.5, quality: face.quality)
            }
            if regions.isEmpty, let salient = analysis?.salientRegion {
                regions = [ProjectPlan.Region(rect: salient, identifier: "salient-" + record.identifier, weight: 0.5, quality: analysis?.quality ?? 0.5)]
            }
            let focus = regions.isEmpty ? (x: 0.5, y: 0.5) : Self.centre(of: regions.map(\.rect))
            let aspect = Self.aspect(record)
            return .asset(ProjectPlan.AssetElement(assetRowID: row, localIdentifier: record.identifier,
                                                   cloudIdentifier: (clouds[record.identifier] ?? nil) ?? CloudIdentity.own(record.identifier),
                                                   weight: itemByRow[row].map(Self.weight) ?? 0.5, placement: placement,
                                                   cropRect: ProjectLayout.crop(photo: aspect, cell: placement.width / placement.height, focus: focus),
                                                   regions: regions))
        }

        func content(_ level: [Int64]) -> ProjectPlan.Content {
            let present = level.filter { records[$0] != nil }
            let placements = ProjectLayout.rows(aspects: present.map { Self.aspect(records[$0]!) }, weights: present.map { itemByRow[$0].map(Self.weight) ?? 0.5 })
            let height = placements.map { $0.y + $0.height }.max() ?? 1
            return ProjectPlan.Content(numberOfColumns: ProjectLayout.columns, aspectRatio: Double(ProjectLayout.columns) / height,
                                       elements: zip(present, placements).compactMap { element($0, $1) })
        }

        // The cover: the key photo across the grid, the title under it.
        let cover = content([keyAsset])
        let coverHeight = cover.elements.map { $0.placement.y + $0.placement.height }.max() ?? 0
        let titleText = ProjectPlan.Element.text(ProjectPlan.TextElement(text: title, kind: .title, weight: 1,
                                                                          placement: ProjectPlan.GridRect(x: 0, y: coverHeight, width: Double(ProjectLayout.columns), height: 2)))
        let coverContent = ProjectPlan.Content(numberOfColumns: ProjectLayout.columns, aspectRatio: Double(ProjectLayout.columns) / (coverHeight + 2),
                                               elements: cover.elements + [titleText])
        var planned = [ProjectPlan.Section(title: title, kind: .cover, contents: [coverContent])]
        for (sectionTitle, levels) in sections {
            var distinct: [[Int64]] = []
            for level in levels where !level.isEmpty && distinct.last != level { distinct.append(level) }
            planned.append(ProjectPlan.Section(title: sectionTitle, kind: .content, contents: distinct.map(content)))
        }
        return ProjectPlan(source: source, title: title, sections: planned)
    }

    /// An element's weight from what analysis found, 0…1: 0.5 for an average photo (and one not analysed, whose
    /// quality counts as 0.5), more or less with its quality, more with people, more for a favourite.
    static func weight(_ item: MemoryRules.Item) -> Double {
        min(1, max(0, 0.5 + 0.7 * (item.quality - 0.5) + (item.people.isEmpty ? 0 : 0.15) + (item.isFavorite ? 0.15 : 0)))
    }

    /// A photo's shape as shown (width over height; 1 when unknown).
    static func aspect(_ record: AssetRecord) -> Double {
        record.pixelWidth > 0 && record.pixelHeight > 0 ? Double(record.pixelWidth) / Double(record.pixelHeight) : 1
    }

    /// The centre of the smallest rectangle holding `rects`.
    static func centre(of rects: [NormalizedRect]) -> (x: Double, y: Double) {
        let x0 = rects.map(\.x).min()!, y0 = rects.map(\.y).min()!
        let x1 = rects.map { $0.x + $0.width }.max()!, y1 = rects.map { $0.y + $0.height }.max()!
        return ((x0 + x1) / 2, (y0 + y1) / 2)
    }

    /// The stored analyses of the given photos (faces with their people, salient regions, quality), by row id.
    private func storedAnalyses(rowIDs: [Int64]) throws(LibraryError) -> [Int64: AssetAnalysis] {
        var result: [Int64: AssetAnalysis] = [:]
        for row in rowIDs { if let analysis = try analysisRecord(assetRowID: row)?.analysis { result[row] = analysis } }
        return result
    }
}
