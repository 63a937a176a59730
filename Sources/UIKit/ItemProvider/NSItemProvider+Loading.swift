import Foundation
import UniformTypeIdentifiers

extension NSItemProvider {
    /// Copies the first representation conforming to `typeIdentifier` into a `Data`, on a background queue.
    /// A file representation is read whole. Errors: no such representation (`NSItemProvider.ErrorCode
    /// .itemUnavailableError`), the loader's own error, or `CocoaError(.userCancelled)` after cancellation.
    @discardableResult
    public func loadDataRepresentation(forTypeIdentifier typeIdentifier: String,
                                     completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress {
        let load = ItemProviderLoad { completionHandler(nil, ItemProviderLoad.cancellationError) }
        guard let representation = representation(conformingTo: typeIdentifier) else {
            fail(load, typeIdentifier) { completionHandler(nil, $0) }
            return load.progress
        }
        DispatchQueue.global(qos: .userInitiated).async {
            switch representation.loader {
            case .data(let handler):
                load.adopt(handler { data, error in
                    load.finish { completionHandler(data, data == nil ? (error ?? NSItemProvider.unavailable(typeIdentifier)) : nil) }
                })
            case .file(let handler):
                load.adopt(handler { url, _, error in
                    guard let url else { return load.finish { completionHandler(nil, error ?? NSItemProvider.unavailable(typeIdentifier)) } }
                    do {
                        let data = try Data(contentsOf: url)
                        load.finish { completionHandler(data, nil) }
                    } catch {
                        load.finish { completionHandler(nil, error) }
                    }
                })
            }
        }
        return load.progress
    }

    /// Writes a copy of the first representation conforming to `typeIdentifier` to a temporary file and passes its
    /// URL to `completionHandler`; the file (and its folder) is deleted when the handler returns, as Apple
    /// documents: move or copy it inside the handler to keep it. The file is named `suggestedName` plus the
    /// extension of the representation's file (or of its type, for a data representation); without a suggested
    /// name, after the representation's file (or "item").
    @discardableResult
    public func loadFileRepresentation(forTypeIdentifier typeIdentifier: String,
                                     completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void) -> Progress {
        loadFile(typeIdentifier, inPlace: false) { url, _, error in completionHandler(url, error) }
    }

    /// Passes the file of the first representation conforming to `typeIdentifier` itself when it was registered
    /// with `.openInPlace` (`isInPlace` true; do not modify or delete it), else a temporary copy (`isInPlace`
    /// false) deleted when the handler returns, as `loadFileRepresentation` does.
    @discardableResult
    public func loadInPlaceFileRepresentation(forTypeIdentifier typeIdentifier: String,
                                            completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress {
        loadFile(typeIdentifier, inPlace: true, completionHandler)
    }

    private func loadFile(_ typeIdentifier: String, inPlace: Bool, _ completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress {
        let load = ItemProviderLoad { completionHandler(nil, false, ItemProviderLoad.cancellationError) }
        guard let representation = representation(conformingTo: typeIdentifier) else {
            fail(load, typeIdentifier) { completionHandler(nil, false, $0) }
            return load.progress
        }
        let name = suggestedName
        DispatchQueue.global(qos: .userInitiated).async {
            switch representation.loader {
            case .data(let handler):
                load.adopt(handler { data, error in
                    guard let data else { return load.finish { completionHandler(nil, false, error ?? NSItemProvider.unavailable(typeIdentifier)) } }
                    let fileName = NSItemProvider.fileName(name, representation.typeIdentifier)
                    NSItemProvider.deliverTemporary(load, named: fileName, { try data.write(to: $0) }, completionHandler)
                })
            case .file(let handler):
                load.adopt(handler { url, _, error in
                    guard let url else { return load.finish { completionHandler(nil, false, error ?? NSItemProvider.unavailable(typeIdentifier)) } }
                    if inPlace, representation.fileOptions.contains(.openInPlace) {
                        return load.finish { completionHandler(url, true, nil) }
                    }
                    let fileName = name.map { url.pathExtension.isEmpty ? $0 : "\($0).\(url.pathExtension)" } ?? url.lastPathComponent
                    NSItemProvider.deliverTemporary(load, named: fileName.replacingOccurrences(of: "/", with: "_"),
                                                    { try FileManager.default.copyItem(at: url, to: $0) }, completionHandler)
                })
            }
        }
        return load.progress
    }

    /// Writes a file into a fresh temporary folder, hands it to the completion, then removes the folder.
    private static func deliverTemporary(_ load: ItemProviderLoad, named name: String, _ write: (URL) throws -> Void,
                                         _ completionHandler: @Sendable (URL?, Bool, (any Error)?) -> Void) {
        guard !load.isCancelled else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("NSItemProvider-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(name.isEmpty ? "item" : name)
            try write(file)
            load.finish { completionHandler(file, false, nil) }
        } catch {
            load.finish { completionHandler(nil, false, error) }
        }
    }

    /// A file name for a data representation: the suggested name and the type's preferred extension.
    static func fileName(_ suggestedName: String?, _ typeIdentifier: String) -> String {
        let base = (suggestedName?.isEmpty == false ? suggestedName! : "item").replacingOccurrences(of: "/", with: "_")
        guard let ext = UTType(typeIdentifier)?.preferredFilenameExtension else { return base }
        return "\(base).\(ext)"
    }

    /// Completes a load that cannot start (no representation of the type) on a background queue.
    func fail(_ load: ItemProviderLoad, _ typeIdentifier: String, _ completion: @escaping @Sendable (any Error) -> Void) {
        let error = NSItemProvider.unavailable(typeIdentifier)
        DispatchQueue.global(qos: .userInitiated).async { load.finish { completion(error) } }
    }

    static func unavailable(_ typeIdentifier: String) -> NSError {
        error(.itemUnavailableError, "The item provider has no representation conforming to \(typeIdentifier)")
    }
}
