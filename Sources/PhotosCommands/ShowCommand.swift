import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos show ID`: every property of an asset and its resources with their paths.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show an asset's properties and resources.")
    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "Asset identifier.") var identifier: String

    func run() throws {
        let library = try libraryOptions.open()
        let asset = try library.asset(identifier)
        let resources = try library.resources(assetRowID: asset.rowID)
        var json = Output.json(asset)
        json["resources"] = resources.map { Output.json($0, library: library) }
        json["isSelfie"] = asset.isSelfie
        json["isRAW"] = asset.isRAW
        json["burstSelectionTypes"] = asset.burstSelectionTypes
        json["hasAdjustments"] = asset.hasAdjustments
        if let cloud = try library.cloudIdentities(forAssets: [asset.identifier])[asset.identifier] ?? nil { json["cloudIdentifier"] = cloud }
        if let record = try library.analysisRecord(assetRowID: asset.rowID) { json["analysis"] = Self.json(record) }
        if output.json { Output.printJSON(json); return }
        for key in json.keys.sorted() where key != "resources" {
            print("\(key): \(describe(json[key]!))")
        }
        print("resources:")
        for resource in resources {
            print("  \(Output.resourceTypeName(resource.type)): \(library.fileURL(for: resource).path)")
            print("    \(resource.originalFilename), \(resource.uniformTypeIdentifier), \(resource.byteCount) bytes, \(resource.pixelWidth)x\(resource.pixelHeight), sha256 \(resource.sha256)")
        }
    }

    /// What `photos analyze` found (the stored analysis, even if the photo changed since).
    static func json(_ record: AnalysisRecord) -> [String: Any] {
        guard let a = record.analysis else { return ["failure": record.failure ?? "", "analysedDate": Output.date(record.analysedDate)] }
        let round = { (value: Double) in (value * 1000).rounded() / 1000 }
        return [
            "quality": round(a.quality), "sharpness": round(a.sharpness), "exposure": round(a.exposure), "noise": round(a.noise),
            "perceptualHash": String(format: "%016llx", a.perceptualHash), "faces": a.faces.count,
            "people": a.faces.compactMap(\.personIdentifier), "analysedDate": Output.date(record.analysedDate),
        ]
    }

    private func describe(_ value: Any) -> String {
        switch value {
        case is NSNull: return "-"
        case let list as [String]: return list.isEmpty ? "-" : list.joined(separator: ", ")
        case let dict as [String: Any]: return dict.keys.sorted().map { "\($0)=\(describe(dict[$0]!))" }.joined(separator: " ")
        default: return "\(value)"
        }
    }
}
