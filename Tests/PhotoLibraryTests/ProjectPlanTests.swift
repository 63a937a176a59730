import Foundation
import Testing
@testable import PhotoLibrary
import _TestSupport

/// Project content (what `PHProjectInfo` carries) made from memories and selections.
@Suite struct ProjectPlanTests {
    /// Every content of `plan` is a valid layout: whole units inside the grid, no two elements overlapping.
    static func checkLayouts(_ plan: ProjectPlan) {
        for section in plan.sections { for content in section.contents {
            #expect(content.numberOfColumns == 20)
            let cells = content.elements.map(\.placement)
            let height = cells.map { $0.y + $0.height }.max() ?? 0
            #expect(abs(content.aspectRatio - 20 / height) < 1e-9)
            for (i, a) in cells.enumerated() {
                #expect(a.x >= 0 && a.y >= 0 && a.x + a.width <= 20 && a.width >= 1 && a.height >= 1, "\(a)")
                #expect([a.x, a.y, a.width, a.height].allSatisfy { $0 == $0.rounded() }, "whole grid units: \(a)")
                for b in cells[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
            }
        } }
    }

    @Test func aMemoryBecomesACoverAndCuratedSectionsOnTheGrid() throws {
        let directory = TemporaryDirectory(prefix: "project")
        var photos: [(String, GeoPoint?)] = (1...9).flatMap { month in [1, 15, 25].map { (String(format: "2023-0%d-%02d", month, $0), MemoryTests.paris) } }
        for day in 3...5 { for hour in [9, 11, 13, 15, 17, 19] { photos.append((String(format: "2023-06-%02dT%02d:00:00", day, hour), MemoryTests.tokyo)) } }
        let (library, rows) = try MemoryTests.library(photos, in: directory)
        let trip = Array(rows[27...])
        let person = [Float](repeating: 0.03, count: 128)
        for (offset, row) in trip.enumerated() {
            try MemoryTests.analyse(library, row, quality: offset == 0 ? 0.95 : offset == 1 ? 0.15 : 0.6, hash: UInt64(offset + 1) &* 0x9E37_79B9_7F4A_7C15,
                                    person: offset % 3 == 0 ? person : nil)
        }
        let memory = try #require(try library.memories(today: MemoryTests.date("2024-01-01"), calendar: MemoryTests.utc).first { $0.kind == .trip })
        let plan = try library.projectPlan(memory: memory)
        #expect(plan.source == .memory && plan.title == memory.title)
        #expect(plan.sections.map(\.kind) == [.cover, .content, .content, .content])
        let cover = plan.sections[0].contents[0].elements
        guard case .asset(let key) = cover.first, case .text(let title) = cover.last else { Issue.record("cover: \(cover)"); return }
        #expect(key.assetRowID == memory.keyAssetRowID && title.text == memory.title && title.kind == .title)
        Self.checkLayouts(plan)

        for section in plan.sections.dropFirst() {
            let counts = section.contents.map(\.elements.count)
            #expect(counts == counts.sorted() && counts.count >= 2, "fewest elements first: \(counts)")
        }
        let assets = plan.sections.dropFirst().flatMap { $0.contents.last!.elements }.compactMap { e -> ProjectPlan.AssetElement? in
            if case .asset(let a) = e { return a } else { return nil }
        }
        #expect(Set(assets.map(\.assetRowID)) == Set(trip))
        let sharp = try #require(assets.first { $0.assetRowID == trip[0] }), blurred = try #require(assets.first { $0.assetRowID == trip[1] })
        #expect(sharp.weight > blurred.weight, "the sharp photo weighs more: \(sharp.weight) vs \(blurred.weight)")
        #expect(sharp.cloudIdentifier == CloudIdentity.own(sharp.localIdentifier))
        // The same person carries one identifier and one weight in every photo of them.
        let faces = assets.flatMap(\.regions).filter { !$0.identifier.hasPrefix("salient-") }
        #expect(faces.count == 6 && Set(faces.map(\.identifier)).count == 1 && Set(faces.map(\.weight)) == [1])
        #expect(faces.first?.identifier == (try library.people().first?.identifier))
        // Crops keep the cell's shape and stay inside the photo.
        for asset in assets {
            let c = asset.cropRect
            #expect(c.x >= 0 && c.y >= 0 && c.x + c.width <= 1 + 1e-9 && c.y + c.height <= 1 + 1e-9)
            let photoAspect = 16.0 / 12.0
            #expect(abs(c.width * photoAspect / c.height - asset.placement.width / asset.placement.height) < 1e-6)
        }
    }

    @Test func aSelectionIsOneSectionAndUnusablePhotosAreRefused() throws {
        let directory = TemporaryDirectory(prefix: "project")
        let (library, rows) = try MemoryTests.library((1...8).map { (String(format: "2022-03-%02d", $0), nil) }, in: directory)
        let plan = try library.projectPlan(assetRowIDs: rows.reversed(), title: "Selection", source: .userSelection)
        #expect(plan.sections.map(\.kind) == [.cover, .content] && plan.source == .userSelection)
        #expect(plan.sections[1].contents.last!.elements.count == 8)
        Self.checkLayouts(plan)
        #expect(throws: LibraryError.self) { try library.projectPlan(assetRowIDs: [999_999], title: "x", source: .album) }
    }

    @Test func rowsFillTheGridExactlyWhateverTheShapes() {
        for count in [1, 2, 3, 7, 25] {
            let aspects = (0..<count).map { [0.5, 0.75, 1, 1.5, 3][$0 % 5] }
            let cells = ProjectLayout.rows(aspects: aspects, weights: (0..<count).map { Double($0 % 4) / 3 })
            #expect(cells.count == count)
            for y in Set(cells.map(\.y)) { #expect(cells.filter { $0.y == y }.reduce(0) { $0 + $1.width } == 20, "each row spans the grid") }
        }
    }
}
