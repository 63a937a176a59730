import Foundation

/// The grid layout of a project's content: rows of photos across `columns` square units, each photo's width in
/// proportion to its shape and weight (heavier photos get more room), every row exactly the grid's width, rows
/// stacked without gaps — so placements are whole units, inside the grid and never overlap.
public enum ProjectLayout {
    /// Apple's project layouts use a 20-column grid.
    public static let columns = 20
    /// A row's height before it is stretched to the grid's width, in units.
    static let baseRowHeight = 6.0

    /// Placements for items of the given aspect ratios (width / height) and weights (0…1), in order.
    public static func rows(aspects: [Double], weights: [Double], columns: Int = columns, startingAt top: Double = 0) -> [ProjectPlan.GridRect] {
        var placements: [ProjectPlan.GridRect] = []
        var y = top
        var index = 0
        while index < aspects.count {
            // Fill a row with photos while their widths at the base height fit.
            var row: [Int] = []
            var width = 0.0
            while index < aspects.count {
                let w = desiredWidth(aspects[index], weights[index])
                if !row.isEmpty && (width + w > Double(columns) || row.count == columns / 2) { break }
                row.append(index); width += w; index += 1
            }
            let height = max(2, min(12, (baseRowHeight * Double(columns) / width).rounded()))
            let widths = wholeUnits(row.map { desiredWidth(aspects[$0], weights[$0]) }, total: columns)
            var x = 0.0
            for (k, _) in row.enumerated() {
                placements.append(ProjectPlan.GridRect(x: x, y: y, width: Double(widths[k]), height: height))
                x += Double(widths[k])
            }
            y += height
        }
        return placements
    }

    /// Width at the base row height, grown up to 25 % for heavy photos and shrunk up to 25 % for light ones.
    static func desiredWidth(_ aspect: Double, _ weight: Double) -> Double {
        max(0.2, min(5, aspect)) * baseRowHeight * (0.75 + 0.5 * min(1, max(0, weight)))
    }

    /// `shares` scaled to whole numbers (each at least 2 when the total allows) that add up to `total`.
    static func wholeUnits(_ shares: [Double], total: Int) -> [Int] {
        let sum = shares.reduce(0, +)
        let minimum = total >= 2 * shares.count ? 2 : 1
        let exact = shares.map { $0 / sum * Double(total) }
        var units = exact.map { max(minimum, Int($0.rounded(.down))) }
        var remainder = total - units.reduce(0, +)
        let order = exact.indices.sorted { exact[$0] - Double(units[$0]) > exact[$1] - Double(units[$1]) }
        var k = 0
        while remainder > 0 { units[order[k % order.count]] += 1; remainder -= 1; k += 1 }
        while remainder < 0, let widest = units.indices.max(by: { units[$0] < units[$1] }), units[widest] > minimum { units[widest] -= 1; remainder += 1 }
        return units
    }

    /// The part of a photo (aspect `photo`) to show in a cell (aspect `cell`): as large as the cell's shape allows,
    /// centred on `focus` (unit coordinates) as far as the photo's edges let it.
    public static func crop(photo: Double, cell: Double, focus: (x: Double, y: Double)) -> NormalizedRect {
        if photo > cell {
            let w = cell / photo
            return NormalizedRect(x: min(1 - w, max(0, focus.x - w / 2)), y: 0, width: w, height: 1)
        }
        let h = photo / cell
        return NormalizedRect(x: 0, y: min(1 - h, max(0, focus.y - h / 2)), width: 1, height: h)
    }
}
