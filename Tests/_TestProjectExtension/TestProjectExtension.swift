import Foundation
import CoreImage
import Photos
import PhotosUI
import CSQLite3

/// A project extension that misbehaves on request, for the host's tests: the project's title picks what it does
/// (`ok[:OUTSIDER-ID]`, `crash`, `hang`, `fail`, `oversize`, `sneak`, `trap`, `escape:PATH`).
@main
struct TestProjectExtension {
    @MainActor static func main() {
        PHProjectExtensionMain.run(manifest: PHEditingExtensionManifest(
            bundleIdentifier: "org.photokit-linux.tests.misbehaving-project", displayName: "Misbehaving Project", version: "1.0",
            extensionPointIdentifier: PHEditingExtensionManifest.photoProjectExtensionPoint, definesProjectTypes: true)) {
            MisbehavingProjectController()
        }
    }
}

struct Refusal: Error, CustomStringConvertible { let description: String }

final class MisbehavingProjectController: NSObject, PHProjectExtensionController {
    var supportedProjectTypes: [PHProjectTypeDescription] {
        [PHProjectTypeDescription(projectType: PHProjectType("test.card"), title: "Card", description: "A card",
                                  image: nil, subtypeDescriptions: [PHProjectTypeDescription(projectType: PHProjectType("test.card.small"), title: "Small card",
                                                                                             description: nil, image: nil)])]
    }

    func beginProject(with extensionContext: PHProjectExtensionContext, projectInfo: PHProjectInfo,
                      completion: @escaping @Sendable ((any Error)?) -> Void) {
        completion(act(extensionContext, sectionCount: projectInfo.sections.count))
    }

    func resumeProject(with extensionContext: PHProjectExtensionContext, completion: @escaping @Sendable ((any Error)?) -> Void) {
        completion(act(extensionContext, sectionCount: 0))
    }

    func finishProject(completionHandler completion: @escaping @Sendable () -> Void) { completion() }

    private func act(_ context: PHProjectExtensionContext, sectionCount: Int) -> (any Error)? {
        let title = context.project.localizedTitle ?? ""
        let library = context.photoLibrary
        let project = context.project
        do {
            switch title {
            case "crash": abort()
            case "hang": while true { sleep(60) }
            case "fail": return Refusal(description: "refused on purpose")
            case "oversize":
                try library.performChangesAndWait { PHProjectChangeRequest(project: project).projectExtensionData = Data(count: (1 << 20) + 1) }
                return nil
            case "sneak":
                // Writes past the library's own checks, straight into the view's database.
                var db: OpaquePointer?
                guard sqlite3_open(library.url.appendingPathComponent("database/Photos.sqlite").path, &db) == SQLITE_OK else { return Refusal(description: "no database") }
                defer { sqlite3_close(db) }
                guard sqlite3_exec(db, "UPDATE project SET extension_data = zeroblob(2097152)", nil, nil, nil) == SQLITE_OK else {
                    return Refusal(description: String(cString: sqlite3_errmsg(db)))
                }
                return nil
            case "trap":
                // Leaves work for a library that opens its view with recovery and purging: an expired trashed asset
                // and a journal intent, both naming the real library's original through "../".
                var db: OpaquePointer?
                guard sqlite3_open(library.url.appendingPathComponent("database/Photos.sqlite").path, &db) == SQLITE_OK else { return Refusal(description: "no database") }
                defer { sqlite3_close(db) }
                let sql = """
                    UPDATE resource SET path = '../../../../' || path;
                    UPDATE asset SET trashed_date = 1;
                    """
                guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { return Refusal(description: String(cString: sqlite3_errmsg(db))) }
                return nil
            case let escape where escape.hasPrefix("escape:"):
                let path = String(escape.dropFirst("escape:".count))
                let outcome = FileManager.default.contents(atPath: path) == nil ? "denied" : "read"
                try library.performChangesAndWait { PHProjectChangeRequest(project: project).projectExtensionData = Data(outcome.utf8) }
                return nil
            default:
                let options = PHFetchOptions()
                options.photoLibrary = library
                let all = PHAsset.fetchAssets(with: options)
                let members = PHAsset.fetchAssets(in: project, options: options)
                var report = "assets=\(all.count) members=\(members.count) sections=\(sectionCount)"
                if title.hasPrefix("ok:") {
                    let outsider = String(title.dropFirst(3))
                    report += " outsider=\(PHAsset.fetchAssets(withLocalIdentifiers: [outsider], options: options).count == 0 ? "missing" : "found")"
                }
                try Data(report.utf8).write(to: context.outputDirectory.appendingPathComponent("made.txt"))
                try? FileManager.default.createSymbolicLink(atPath: context.outputDirectory.appendingPathComponent("link.txt").path, withDestinationPath: "/etc/hostname")
                try Data("hidden".utf8).write(to: context.outputDirectory.appendingPathComponent(".hidden"))
                let red = CIContext().createCGImage(CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 64, height: 64)),
                                                    from: CGRect(x: 0, y: 0, width: 64, height: 64))!
                let first = members.firstObject
                try library.performChangesAndWait {
                    let request = PHProjectChangeRequest(project: project)
                    request.title = "Renamed by extension"
                    request.projectExtensionData = Data(report.utf8)
                    request.setProjectPreviewImage(UIImage(cgImage: red))
                    if let first { request.removeAssets([first]) }
                }
                return nil
            }
        } catch {
            return error
        }
    }
}
