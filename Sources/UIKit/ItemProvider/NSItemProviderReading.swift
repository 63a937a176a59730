import Foundation
import UniformTypeIdentifiers

/// A class an item provider can make from one of its representations (Apple's `NSItemProviderReading`).
public protocol NSItemProviderReading: AnyObject {
    /// The types the class reads, most preferred first.
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    /// Makes an object from the bytes of a representation of `typeIdentifier`.
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

extension NSItemProvider {
    /// True when a representation conforms to one of the types `aClass` reads.
    public func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
        readableType(for: aClass) != nil
    }

    /// Loads the bytes of the first representation `aClass` reads and makes the object from them, on a
    /// background queue. Errors: `NSItemProvider.ErrorCode.itemUnavailableError` when no representation fits,
    /// `.unavailableCoercionError` when the class refuses the bytes, `CocoaError(.userCancelled)` after cancellation.
    @discardableResult
    public func loadObject(ofClass aClass: any NSItemProviderReading.Type,
                         completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void) -> Progress {
        guard let typeIdentifier = readableType(for: aClass) else {
            let load = ItemProviderLoad { completionHandler(nil, ItemProviderLoad.cancellationError) }
            fail(load, aClass.readableTypeIdentifiersForItemProvider.first ?? "?") { completionHandler(nil, $0) }
            return load.progress
        }
        let readerType = ReaderType(type: aClass)
        if let objectLoader = objectLoader(for: typeIdentifier) {
            let load = ItemProviderLoad { completionHandler(nil, ItemProviderLoad.cancellationError) }
            DispatchQueue.global(qos: .userInitiated).async {
                load.adopt(objectLoader { object, error in
                    load.finish {
                        // The loader is registered for a type `aClass` reads, so its object is what the caller asked for.
                        if let reading = object as? any NSItemProviderReading {
                            completionHandler(reading, nil)
                        } else {
                            completionHandler(nil, error ?? NSItemProvider.unavailable(typeIdentifier))
                        }
                    }
                })
            }
            return load.progress
        }
        return loadDataRepresentation(forTypeIdentifier: typeIdentifier) { data, error in
            guard let data else { return completionHandler(nil, error) }
            do {
                completionHandler(try readerType.type.object(withItemProviderData: data, typeIdentifier: typeIdentifier), nil)
            } catch {
                completionHandler(nil, NSItemProvider.error(.unavailableCoercionError,
                                                  "Cannot make a \(readerType.type) from \(typeIdentifier) data: \(error.localizedDescription)"))
            }
        }
    }

    /// The registered type of the first representation conforming to a type `aClass` reads.
    private func readableType(for aClass: any NSItemProviderReading.Type) -> String? {
        let readable = aClass.readableTypeIdentifiersForItemProvider
        return registeredTypeIdentifiers.first { registered in readable.contains { Self.type(registered, conformsTo: $0) } }
    }
}

/// A metatype carried into a `@Sendable` closure (metatypes of classes are immutable).
private struct ReaderType: @unchecked Sendable {
    let type: any NSItemProviderReading.Type
}

extension UIImage: NSItemProviderReading {
    /// Every image type the decoders read (`public.image` and what conforms to it).
    public static var readableTypeIdentifiersForItemProvider: [String] {
        [UTType.image.identifier]
    }

    /// Decodes the bytes as `UIImage(data:)` does; throws `CocoaError(.fileReadCorruptFile)` when they are not an image.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard let image = UIImage(data: data) as? Self else { throw CocoaError(.fileReadCorruptFile) }
        return image
    }
}
