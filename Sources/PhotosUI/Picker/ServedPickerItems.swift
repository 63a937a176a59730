import Foundation
import PhotoLibrary
import ServedLibrary
import UniformTypeIdentifiers

/// The item provider of an asset picked on the service's page: one file representation per item the service
/// offers (in its order: a photo's still, then a Live Photo's movie), each downloaded when loaded into a temporary
/// folder removed once the load's handler returns.
enum ServedPickerItems {
    static func provider(for result: ServedLibrary.PickedResult, from served: ServedLibrary) -> NSItemProvider {
        let provider = NSItemProvider()
        provider.suggestedName = result.items.first.map(\.suggestedName).flatMap { $0.isEmpty ? nil : $0 }
        for item in result.items {
            provider.registerFileRepresentation(forTypeIdentifier: item.typeIdentifier, visibility: .all) { completion in
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PHPicker-\(UUID().uuidString)", isDirectory: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let name = item.suggestedName.isEmpty ? "item" : item.suggestedName
                let file = folder.appendingPathComponent(UTType(item.typeIdentifier)?.preferredFilenameExtension.map { "\(name).\($0)" } ?? name)
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try served.downloadPickedItem(item, to: file)
                    completion(file, false, nil)
                } catch let error as LibraryError {
                    completion(nil, false, NSItemProvider.loadFailure("Cannot load \(name) from the photo library service: \(error.message)"))
                } catch {
                    completion(nil, false, NSItemProvider.loadFailure("Cannot load \(name): \(error.localizedDescription)"))
                }
                return nil
            }
        }
        return provider
    }
}
