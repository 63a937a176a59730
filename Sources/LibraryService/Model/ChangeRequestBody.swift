import Foundation
import PhotoLibrary

/// `POST /api/changes`: operations applied as one atomic batch (PhotoKit's change block). Collections created
/// in the batch are named by `placeholder` and referred to as `"$<placeholder>"` by later operations.
struct ChangeRequestBody: StrictBody {
    var operations: [Operation]
    static let fields: Set<String> = ["operations"]
    static var nestedFields: [String: Set<String>] { ["operations": operationFields] }
    static let operationFields: Set<String> = ["op", "placeholder", "title", "asset", "assets", "collection", "collections",
                                               "isFavorite", "isHidden", "isBurstPick", "creationDate", "location", "add", "remove", "insertAt", "moveFrom", "moveTo"]

    /// The largest member index an operation may name (`insertAt`, `moveFrom`, `moveTo`): the core refuses indexes
    /// past an album's or folder's end; this bound keeps the index sets it is given buildable (`IndexSet` traps on
    /// ranges that end past `Int.max`).
    static let maximumIndex = Int(Int32.max)

    struct Operation: Codable {
        var op: String
        var placeholder: String?
        var title: String?
        var asset: String?
        var assets: [String]?
        var collection: String?
        var collections: [String]?
        var isFavorite: Bool?
        var isHidden: Bool?
        /// Marks or unmarks a burst frame as the user's pick (the Linux library's `AssetEdits.isBurstPick`).
        var isBurstPick: Bool?
        var creationDate: Date?
        var location: LocationJSON?
        var add: [String]?
        var remove: [String]?
        var insertAt: Int?
        var moveFrom: [Int]?
        var moveTo: Int?
    }

    /// What the batch did, for the response.
    struct Plan {
        var batch: ChangeBatch
        /// Placeholder name → the local identifier created for it.
        var placeholders: [String: String]
    }

    /// Translates the operations into a core change batch (checking every identifier's form); the core then
    /// decides whether each change is allowed.
    func plan() throws(Problem) -> Plan {
        guard !operations.isEmpty else { throw Problem.badRequest("A change request needs at least one operation") }
        guard operations.count <= 1000 else { throw Problem.badRequest("At most 1,000 operations per change request") }
        var plan = Plan(batch: ChangeBatch(), placeholders: [:])
        // Placeholders first, so any operation may refer to them.
        for (index, operation) in operations.enumerated() where operation.op == "createAlbum" || operation.op == "createFolder" {
            guard let name = operation.placeholder, !name.isEmpty, name.count <= 64 else {
                throw Problem.badRequest("operations[\(index)]: \(operation.op) needs a placeholder name (1–64 characters)")
            }
            guard plan.placeholders[name] == nil else { throw Problem.badRequest("operations[\(index)]: placeholder '\(name)' is used twice") }
            plan.placeholders[name] = LocalIdentifier.make(operation.op == "createAlbum" ? .assetCollection : .collectionList)
        }
        func collection(_ text: String?, _ index: Int) throws(Problem) -> String {
            guard let text else { throw Problem.badRequest("operations[\(index)]: 'collection' is required") }
            if text.hasPrefix("$") {
                guard let identifier = plan.placeholders[String(text.dropFirst())] else {
                    throw Problem.badRequest("operations[\(index)]: no placeholder named '\(text.dropFirst())' in this request")
                }
                return identifier
            }
            return try IdentifierPath.collection(text)
        }
        func assets(_ list: [String]?, _ index: Int, field: String = "assets") throws(Problem) -> [String] {
            guard let list, !list.isEmpty else { throw Problem.badRequest("operations[\(index)]: '\(field)' needs at least one asset identifier") }
            var seen = Set<String>()
            var result: [String] = []
            for item in list {
                let identifier = try IdentifierPath.asset(item)
                if seen.insert(identifier).inserted { result.append(identifier) }
            }
            return result
        }
        func members(_ list: [String]?, _ index: Int, field: String) throws(Problem) -> [String] {
            guard let list else { return [] }
            var result: [String] = []
            for item in list {
                if item.hasPrefix("$") { result.append(try collection(item, index)) }
                else if let asset = try? IdentifierPath.asset(item) { result.append(asset) }
                else { result.append(try IdentifierPath.collection(item)) }
            }
            return result
        }

        for (index, operation) in operations.enumerated() {
            switch operation.op {
            case "createAlbum", "createFolder":
                let title = operation.title ?? ""
                guard !title.isEmpty, title.count <= 500 else { throw Problem.badRequest("operations[\(index)]: a title has 1 to 500 characters") }
                let identifier = plan.placeholders[operation.placeholder!]!
                plan.batch.operations.append(operation.op == "createAlbum" ? .createAlbum(identifier: identifier, title: title)
                                                                           : .createFolder(identifier: identifier, title: title))
            case "editAsset":
                let identifier = try IdentifierPath.asset(operation.asset ?? "")
                var edits = AssetEdits(isFavorite: operation.isFavorite, isHidden: operation.isHidden, isBurstPick: operation.isBurstPick)
                if let date = operation.creationDate { edits.creationDate = .some(date) }
                if let location = operation.location {
                    guard (-90...90).contains(location.latitude), (-180...180).contains(location.longitude) else {
                        throw Problem.badRequest("operations[\(index)]: the location is not on Earth")
                    }
                    edits.location = .some(GeoPoint(latitude: location.latitude, longitude: location.longitude, altitude: location.altitude))
                }
                plan.batch.operations.append(.editAsset(identifier: identifier, edits))
            case "trashAssets":
                plan.batch.operations.append(.trashAssets(try assets(operation.assets, index)))
            case "recoverAssets":
                plan.batch.operations.append(.recoverAssets(try assets(operation.assets, index)))
            case "purgeAssets":
                plan.batch.operations.append(.purgeAssets(try assets(operation.assets, index)))
            case "editCollection":
                let identifier = try collection(operation.collection, index)
                var edits: [MemberEdit] = []
                let added = try members(operation.add, index, field: "add")
                if !added.isEmpty {
                    if let at = operation.insertAt {
                        guard (0...Self.maximumIndex).contains(at) else {
                            throw Problem.badRequest("operations[\(index)]: insertAt must be an index from 0 to \(Self.maximumIndex)")
                        }
                        edits.append(.insert(added, at: IndexSet(integersIn: at..<(at + added.count))))
                    } else {
                        edits.append(.add(added))
                    }
                }
                let removed = try members(operation.remove, index, field: "remove")
                if !removed.isEmpty { edits.append(.remove(removed)) }
                if let from = operation.moveFrom {
                    let indexes = 0...Self.maximumIndex
                    guard let to = operation.moveTo, indexes.contains(to), from.allSatisfy(indexes.contains) else {
                        throw Problem.badRequest("operations[\(index)]: moveFrom and moveTo must be indexes from 0 to \(Self.maximumIndex)")
                    }
                    edits.append(.move(IndexSet(from), to: to))
                }
                if let title = operation.title, title.isEmpty || title.count > 500 {
                    throw Problem.badRequest("operations[\(index)]: a title has 1 to 500 characters")
                }
                plan.batch.operations.append(.editCollection(identifier: identifier, title: operation.title, members: edits))
            case "deleteCollections":
                guard let list = operation.collections, !list.isEmpty else { throw Problem.badRequest("operations[\(index)]: 'collections' is required") }
                let ids = try list.map { (item: String) throws(Problem) -> String in try collection(item, index) }
                plan.batch.operations.append(.deleteCollections(ids))
            case "revertContent":
                plan.batch.operations.append(.revertContent(identifier: try IdentifierPath.asset(operation.asset ?? "")))
            default:
                throw Problem.badRequest("operations[\(index)]: unknown op '\(operation.op.prefix(40))'")
            }
        }
        return plan
    }
}
