import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos moments`: moments with their date range and count, grouped by year.
struct MomentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "moments", abstract: "List moments by year, with date ranges and counts.")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let library = try libraryOptions.open()
        let rows = try library.collectionRowIDs(CollectionQuery(scope: .assetCollections(type: CollectionRaw.moment, subtype: nil)))
        let records = try library.collections(rowIDs: rows)
        let moments = rows.compactMap { records[$0] }
        var years: [(Int, [CollectionRecord])] = []
        for moment in moments {
            let year = moment.startDate.map { Calendar.current.component(.year, from: $0) } ?? 0
            if years.last?.0 == year { years[years.count - 1].1.append(moment) } else { years.append((year, [moment])) }
        }
        if output.json {
            Output.printJSON(years.map { year, moments -> [String: Any] in
                ["year": year, "moments": moments.map { m -> [String: Any] in
                    var location: Any = NSNull()
                    if let l = m.location { location = ["latitude": l.latitude, "longitude": l.longitude] }
                    return ["localIdentifier": m.identifier, "startDate": Output.date(m.startDate), "endDate": Output.date(m.endDate),
                            "estimatedAssetCount": m.cachedCount, "approximateLocation": location]
                }]
            })
            return
        }
        for (year, list) in years {
            print("\(year) (\(list.count) moment\(list.count == 1 ? "" : "s"), \(list.reduce(0) { $0 + $1.cachedCount }) assets)")
            for m in list {
                print("  \(Output.shortDate(m.startDate)) – \(Output.shortDate(m.endDate))  \(m.cachedCount) asset\(m.cachedCount == 1 ? "" : "s")")
            }
        }
        if moments.isEmpty { print("No moments") }
    }
}
