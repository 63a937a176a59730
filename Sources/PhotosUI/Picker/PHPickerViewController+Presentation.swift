import Foundation
import Photos
import ServedLibrary

extension PHPickerViewController {
    /// Shows the picker to the library's owner and calls the delegate with what they add. Linux addition, in
    /// place of presenting the view controller.
    ///
    /// The configuration's library (or the shared one) must be served (`unix:` URL): the service opens a picker
    /// session, whose page in the web app shows the owner the assets `filter` allows, up to `selectionLimit`. The
    /// page's address is printed on standard error and, with `openingBrowser` on a desktop session, opened with
    /// `xdg-open`. The program needs no library access for this, as on iOS: it receives only the picked items' bytes
    /// (the version `preferredAssetRepresentationMode` asks for: `.compatible` turns HEIC into JPEG; a Live Photo
    /// gives its still and its movie), and `assetIdentifier` only with `init(photoLibrary:)` and only for assets it
    /// may read anyway. Cancel delivers nothing (or the preselection, with empty item providers, as Apple's).
    ///
    /// Returns the page's address (nil when the service listens only on its socket: the page is then on the
    /// web app, at the path printed). The delegate is called on the main actor once the owner answers; a session
    /// that expires (an hour) or a service that goes away finishes like Cancel, with the reason on standard error.
    ///
    /// Differences from Apple: loading a `PHLivePhoto` object from a picked Live Photo is not offered (its files are
    /// the program's own copies, not the library's); load the still and the movie instead.
    @discardableResult
    public func present(openingBrowser: Bool = true) throws(PHPickerError) -> URL? {
        try checkCanFinish()
        guard presentation == nil else { throw PHPickerError(.alreadyFinished, "This picker is already presented") }
        guard let served = photoLibrary.servedLibrary else {
            throw PHPickerError(.presentationUnavailable,
                                "\(photoLibrary.url.path) is a library directory: nobody else can be shown a picker there (use finishPicking(withAssetIdentifiers:))")
        }
        let session: ServedLibrary.PickerSession
        do {
            session = try served.openPickerSession(filter: configuration.filter?.pickerFilter.description,
                                                   selectionLimit: configuration.selectionLimit,
                                                   mode: configuration.preferredAssetRepresentationMode.serviceName,
                                                   preselected: configuration.preselectedAssetIdentifiers)
        } catch {
            throw PHPickerError(.presentationUnavailable, "The photo library service could not open a picker: \(error.message)")
        }
        let page = session.pageURL.flatMap(URL.init(string:))
        FileHandle.standardError.write(Data("Pick photos for this program: \(page?.absoluteString ?? "the library's web app, at \(session.url)")\n".utf8))
        if openingBrowser, let page { PickerPage.open(page) }
        let sessionID = session.id
        presentedSession = sessionID
        // The wait holds the picker, as a presentation holds its view controller: a program need not keep it.
        presentation = Task.detached {
            let answer = PickerPage.waitForAnswer(sessionID, from: served)
            await MainActor.run { self.deliver(answer, from: served) }
        }
        return page
    }

    /// Stops waiting for the owner's answer (the delegate is not called). Linux addition: what dismissing Apple's
    /// presented picker does. The session is given up on the service, so the owner is no longer asked.
    public func dismiss() {
        presentation?.cancel()
        finished = true
        if let session = presentedSession, let served = photoLibrary.servedLibrary {
            presentedSession = nil
            Task.detached { try? served.cancelPickerSession(session) }
        }
    }

    /// Turns the owner's answer into the delegate's results.
    private func deliver(_ answer: PickerPage.Answer, from served: ServedLibrary) {
        guard !finished else { return }
        let preselected = Set(configuration.preselectedAssetIdentifiers)
        switch answer {
        case .picked(let picked, _):
            let results = picked.map { result in
                let identifier = revealsIdentifiers ? result.assetIdentifier : nil
                // As Apple documents: a preselected asset that stays selected comes with an empty provider.
                let provider = identifier.map(preselected.contains) == true ? NSItemProvider() : ServedPickerItems.provider(for: result, from: served)
                return PHPickerResult(itemProvider: provider, assetIdentifier: identifier)
            }
            finish(results)
        case .cancelled(let reason):
            if let reason { FileHandle.standardError.write(Data("The picker finished without a choice: \(reason)\n".utf8)) }
            finish(configuration.preselectedAssetIdentifiers.map { PHPickerResult(itemProvider: NSItemProvider(), assetIdentifier: $0) })
        case .abandoned:
            break
        }
    }
}

/// The service's picker page, from the program's side: opening it, waiting for its answer.
enum PickerPage {
    enum Answer: Sendable {
        /// The owner's pick: the results (a `PHPickerViewController`'s), and the assets new to the program's
        /// selection (a limited-library picker's).
        case picked([ServedLibrary.PickedResult], added: [String])
        /// Cancelled by the owner (no reason), or finished without a choice (the reason).
        case cancelled(String?)
        /// The program stopped waiting (`dismiss()`).
        case abandoned
    }

    /// Opens `page` in the desktop's browser when there is a desktop and `xdg-open`; says nothing otherwise (the
    /// address is printed already).
    static func open(_ page: URL) {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
              let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"].first(where: FileManager.default.isExecutableFile) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [page.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }

    /// Waits (a minute per request) until the owner answers, the session expires, the service goes away or the
    /// task is cancelled.
    static func waitForAnswer(_ session: String, from served: ServedLibrary) -> Answer {
        while !Task.isCancelled {
            let answer: ServedLibrary.PickerAnswer
            do { answer = try served.pickerAnswer(session: session, waitSeconds: 60) } catch {
                return Task.isCancelled ? .abandoned : .cancelled("the photo library service: \(error.message)")
            }
            switch answer.state {
            case "waiting": continue
            case "picked": return .picked(answer.results, added: answer.addedAssetIdentifiers ?? [])
            case "cancelled": return .cancelled(nil)
            default: return .cancelled("the picker \(answer.state == "expired" ? "expired" : "ended (\(answer.state))") before the owner answered")
            }
        }
        return .abandoned
    }
}

extension PHPickerConfiguration.AssetRepresentationMode {
    /// The service's name for the mode.
    var serviceName: String {
        switch self {
        case .current: "current"
        case .compatible: "compatible"
        default: "automatic"
        }
    }
}
