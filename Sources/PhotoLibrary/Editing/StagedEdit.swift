import Foundation
import MediaInspection

/// A content edit whose rendered file and adjustment data are staged (flushed, not yet placed) and inspected.
struct StagedEdit {
    let edit: ContentEdit
    let rendered: ResourceStore.StagedFile
    let renderedInfo: MediaInfo
    let renderedPath: String
    let adjustment: ResourceStore.StagedFile
    let adjustmentPath: String
    /// A Live Photo edit's rendered movie, inspected, and where it goes.
    let pairedVideo: (file: ResourceStore.StagedFile, info: MediaInfo, path: String)?

    var paths: [String] { [renderedPath, adjustmentPath] + (pairedVideo.map { [$0.path] } ?? []) }

    /// Stages both files. The rendered file must be media this library can read, and not empty.
    static func stage(_ edit: ContentEdit, in store: ResourceStore) throws -> StagedEdit {
        guard LocalIdentifier.kind(of: edit.identifier) == .asset else {
            throw LibraryError(.invalidIdentifier, "'\(edit.identifier)' is not a valid asset identifier")
        }
        guard let payload = edit.adjustment else {
            throw LibraryError(.missingResource, "The edit of \(edit.identifier) has no adjustment data (set contentEditingOutput.adjustmentData)")
        }
        guard payload.data.count <= AdjustmentPayload.maximumDataSize else {
            throw LibraryError(.invalidResource, "The adjustment data of the edit of \(edit.identifier) is \(payload.data.count) bytes; at most \(AdjustmentPayload.maximumDataSize) are accepted")
        }
        let rendered = try store.stage(edit.rendered)
        let info: MediaInfo
        do {
            guard rendered.byteCount > 0 else { throw LibraryError(.invalidResource, "The rendered content for \(edit.identifier) is empty") }
            do {
                info = try MediaInspector.inspect(fileAt: rendered.temporaryURL)
            } catch {
                throw LibraryError(.invalidResource, "The rendered content for \(edit.identifier) is not a readable photo or video: \(error.message)")
            }
        } catch {
            store.discard(rendered)
            throw error
        }
        let adjustment: ResourceStore.StagedFile
        do {
            adjustment = try store.stage(.data(try payload.encoded()))
        } catch {
            store.discard(rendered)
            throw LibraryError.wrap(error, "Storing the adjustment data for \(edit.identifier) failed")
        }
        let uuid = edit.identifier.split(separator: "/").first.map(String.init) ?? UUID().uuidString
        let stamp = "\(Int64(Date().timeIntervalSince1970 * 1000))-\(UUID().uuidString.prefix(8))"
        let folder = "renders/\(uuid.prefix(2))/\(uuid)"
        var paired: (file: ResourceStore.StagedFile, info: MediaInfo, path: String)?
        if let source = edit.renderedPairedVideo {
            do {
                let file = try store.stage(source)
                do {
                    let movie = try MediaInspector.inspect(fileAt: file.temporaryURL)
                    guard movie.kind == .video else { throw LibraryError(.invalidResource, "The rendered Live Photo movie for \(edit.identifier) is not a video") }
                    paired = (file, movie, "\(folder)/\(stamp)-fullSizePairedVideo.\(movie.format.preferredExtension)")
                } catch {
                    store.discard(file)
                    if let error = error as? LibraryError { throw error }
                    throw LibraryError(.invalidResource, "The rendered Live Photo movie for \(edit.identifier) is not a readable video: \(error)")
                }
            } catch {
                store.discard(rendered)
                store.discard(adjustment)
                throw error
            }
        }
        return StagedEdit(edit: edit, rendered: rendered, renderedInfo: info,
                          renderedPath: "\(folder)/\(stamp)-\(info.kind == .video ? "fullSizeVideo" : "fullSizePhoto").\(info.format.preferredExtension)",
                          adjustment: adjustment, adjustmentPath: "\(folder)/\(stamp)-adjustments.plist", pairedVideo: paired)
    }

    func discard(in store: ResourceStore) {
        store.discard(rendered)
        store.discard(adjustment)
        if let pairedVideo { store.discard(pairedVideo.file) }
    }
}
