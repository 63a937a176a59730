import Foundation
import Photos
import ServedLibrary

extension PHPhotoLibrary {
    /// Asks the library's owner to give this program more photos, and calls `completionHandler` with the local
    /// identifiers of the assets newly added to its limited selection (empty when the owner cancels or adds
    /// nothing new).
    ///
    /// As on iOS, this does something only for a program whose access is `.limited`: on a served library the
    /// service opens a limited-library picker, whose page in the web app offers the owner every photo (its address
    /// is printed on standard error and, on a desktop session, opened with `xdg-open`; the web app also prompts the
    /// owner). What the owner adds joins the selection at once — the program's fetch results and change observers
    /// see it as a change, as on iOS. For any other program, and on a library directory, the handler is called with
    /// `[]` at once. The handler runs on a background queue.
    ///
    /// Differences from Apple: `controller` is ignored (there is no view to present from; pass anything or nil);
    /// the owner adds photos but cannot remove any here (that is done in the web app's Settings or with
    /// `photos access grant`); a session that expires (an hour) or a service that goes away finishes with `[]`,
    /// the reason on standard error.
    public func presentLimitedLibraryPicker(from controller: Any? = nil, completionHandler: @escaping @Sendable ([String]) -> Void) {
        guard let served = servedLibrary else {
            DispatchQueue.global().async { completionHandler([]) }
            return
        }
        // A blocking wait of up to an hour: on a thread of its own (GCD's), not one of Swift concurrency's few.
        DispatchQueue.global(qos: .userInitiated).async {
            completionHandler(LimitedLibraryPicker.run(on: served))
        }
    }

    /// The `async` form of `presentLimitedLibraryPicker(from:completionHandler:)`: the identifiers newly added to
    /// this program's limited selection.
    public func presentLimitedLibraryPicker(from controller: Any? = nil) async -> [String] {
        await withCheckedContinuation { continuation in
            presentLimitedLibraryPicker(from: controller) { added in continuation.resume(returning: added) }
        }
    }

    /// Asks the owner for more photos without waiting for the answer (iOS 14's form); see
    /// `presentLimitedLibraryPicker(from:completionHandler:)`.
    public func presentLimitedLibraryPicker(from controller: Any?) {
        presentLimitedLibraryPicker(from: controller, completionHandler: { _ in })
    }
}

/// The limited-library picker over the service: open the session, show its page, wait for the owner.
private enum LimitedLibraryPicker {
    static func run(on served: ServedLibrary) -> [String] {
        let session: ServedLibrary.PickerSession
        do {
            guard let opened = try served.openLimitedLibraryPickerSession() else { return [] }
            session = opened
        } catch {
            FileHandle.standardError.write(Data("presentLimitedLibraryPicker: the photo library service could not open a picker: \(error.message)\n".utf8))
            return []
        }
        let page = session.pageURL.flatMap(URL.init(string:))
        FileHandle.standardError.write(Data("Choose more photos for this program: \(page?.absoluteString ?? "the library's web app, at \(session.url)")\n".utf8))
        if let page { PickerPage.open(page) }
        switch PickerPage.waitForAnswer(session.id, from: served) {
        case .picked(_, let added): return added
        case .cancelled(let reason):
            if let reason { FileHandle.standardError.write(Data("presentLimitedLibraryPicker finished without a choice: \(reason)\n".utf8)) }
            return []
        case .abandoned: return []
        }
    }
}
