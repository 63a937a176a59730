import Foundation
import Hummingbird
import PhotoLibrary
import Photos
import PhotosUI
import Synchronization

extension PhotosService {
    /// Projects over HTTP (Docs/Projects.md):
    /// - `GET /api/project-extensions`: the installed project extensions and the project types they offer;
    /// - `GET /api/projects`: every project, with its preview's URL and the files its extension made;
    /// - `POST /api/projects` with `{"memory": ID, "extension": ID, "type"?: TYPE, "title"?: TITLE}`: makes a
    ///   project of a memory with an extension (sandboxed, as `photos project create`); members own what they make;
    /// - `POST /api/projects/{id}/open`: runs the extension again (its files are made again);
    /// - `GET /api/projects/{id}/preview`: the preview image (JPEG); `GET /api/projects/{id}/files/{name}`: a file.
    /// Accounts only (not applications); making and opening need a writer, and members open only their own projects.
    func addProjectRoutes(to router: Router<APIContext>) {
        router.get("/api/project-extensions") { _, context -> Response in
            _ = try context.requireAccount()
            let installed = try await Offload.run { () throws -> [ProjectExtensionJSON] in
                try self.projects.installed().map(ProjectExtensionJSON.init)
            }
            return try JSONBody.response(["extensions": installed])
        }

        router.get("/api/projects") { _, context -> Response in
            _ = try self.requirePerson(context)
            let list = try await Offload.run { () throws -> [ProjectJSON] in
                let rows = try self.library.collectionRowIDs(CollectionQuery(scope: .projects))
                let records = try self.library.collections(rowIDs: rows)
                let projects = rows.compactMap { records[$0] }
                self.projects.removeOrphans(keeping: projects.map(\.identifier))
                return projects.reversed().map { ProjectJSON($0, files: self.projects.products($0.identifier)) }
            }
            return try JSONBody.response(["projects": list])
        }

        router.post("/api/projects") { request, context -> Response in
            let account = try self.requirePerson(context, writing: true)
            let body = try await JSONBody.decode(ProjectCreationBody.self, from: request, context: context)
            guard UUID(uuidString: body.memory) != nil else { throw Problem.badRequest("'\(body.memory.prefix(80))' is not a memory identifier") }
            if let title = body.title, title.count > 200 { throw Problem.badRequest("A title has at most 200 characters") }
            let acting = context.actingAccount
            let project = try await self.filterEditor.withRenderSlot(account: account.rowID) {
                try await Self.runProject { try self.projects.create(memory: body.memory.uppercased(), extensionID: body.extension, type: body.type,
                                                                     title: body.title, account: acting) }
            }
            return try JSONBody.response(ProjectJSON(project, files: self.projects.products(project.localIdentifier)), status: .created)
        }

        router.post("/api/projects/:project/open") { _, context -> Response in
            let account = try self.requirePerson(context, writing: true)
            let identifier = try self.projectIdentifier(context)
            if let acting = context.actingAccount, try !self.library.collectionsNotChangeable(by: acting, [identifier]).isEmpty {
                throw Problem(.forbidden, "not-permitted", "'\(account.username)' may open only the projects it made")
            }
            let project = try await self.filterEditor.withRenderSlot(account: account.rowID) {
                try await Self.runProject { try self.projects.open(identifier) }
            }
            return try JSONBody.response(ProjectJSON(project, files: self.projects.products(project.localIdentifier)))
        }

        router.get("/api/projects/:project/preview") { request, context -> Response in
            _ = try self.requirePerson(context)
            let identifier = try self.projectIdentifier(context)
            guard let data = try self.library.projectPreview(identifier: identifier) else { throw Problem.notFound("This project has no preview") }
            return Response(status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "private, no-cache"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }

        router.get("/api/projects/:project/files/:name") { request, context -> Response in
            _ = try self.requirePerson(context)
            let identifier = try self.projectIdentifier(context)
            let name = try context.parameters.require("name").removingPercentEncoding ?? ""
            // A name the extension's run left, never a path.
            guard self.projects.products(identifier).contains(name) else { throw Problem.notFound("This project has no file '\(name.prefix(80))'") }
            let url = self.projects.productsDirectory(identifier).appendingPathComponent(name)
            var info = stat()
            guard stat(url.path, &info) == 0 else { throw Problem.notFound("This project has no file '\(name.prefix(80))'") }
            let type = url.pathExtension.lowercased() == "pdf" ? "application/pdf" : "application/octet-stream"
            return try FileResponses.file(at: url, etag: "\(info.st_size)-\(info.st_mtim.tv_sec)-\(info.st_mtim.tv_nsec)", contentType: type,
                                          request: request, cacheControl: "private, no-cache", disposition: FileResponses.attachment(filename: name))
        }
    }

    /// The signed-in account (applications have no projects here).
    private func requirePerson(_ context: APIContext, writing: Bool = false) throws -> Account {
        let account = writing ? try context.requireWriter() : try context.requireAccount()
        guard context.app == nil else { throw Problem(.forbidden, "forbidden", "Projects are made by people in the web app, not by applications") }
        return account
    }

    private func projectIdentifier(_ context: APIContext) throws -> String {
        let component = try context.parameters.require("project")
        let identifier = UUID(uuidString: component) != nil ? "\(component.uppercased())/L0/\(LocalIdentifier.Kind.assetCollection.rawValue)"
            : try IdentifierPath.collection(component)
        let rows = try library.collectionRowIDs(CollectionQuery(scope: .identifiers([identifier], kind: .assetCollection)))
        guard let row = rows.first, try library.collections(rowIDs: [row])[row]?.isProject == true else { throw Problem.notFound("No project \(identifier)") }
        return identifier
    }

    /// Runs a project extension off the event loop, turning its failures into problems that name it.
    private static func runProject(_ work: @escaping @Sendable () throws -> PHProject) async throws -> PHProject {
        let outcome = await Offload.run { () -> Result<UncheckedBox<PHProject>, any Error> in Result { UncheckedBox(try work()) } }
        switch outcome {
        case .success(let box): return box.value
        case .failure(let error as Problem): throw error
        case .failure(let error as PHEditingExtensionError):
            if case .notFound = error { throw Problem(.notFound, "not-found", error.description) }
            throw Problem(.unprocessableContent, "extension-failed", error.description)
        case .failure(let error as PHPhotosError):
            throw Problem(error.code == .identifierNotFound ? .notFound : .unprocessableContent, "project-failed", error.localizedDescription)
        case .failure(let error as LibraryError): throw Problem(.unprocessableContent, "project-failed", error.description)
        case .failure(let error): throw Problem(.unprocessableContent, "extension-failed", "\(error)")
        }
    }
}

struct ProjectCreationBody: StrictBody {
    var memory: String
    var `extension`: String
    var type: String?
    var title: String?
    static let fields: Set<String> = ["memory", "extension", "type", "title"]
}

/// A project as the web app shows it.
struct ProjectJSON: Encodable {
    var identifier: String
    var title: String
    var projectType: String
    var `extension`: String?
    var count: Int
    var previewURL: String?
    var files: [String]

    init(_ record: CollectionRecord, files: [String]) {
        self.init(identifier: record.identifier, title: record.title ?? "", projectType: record.project?.projectType ?? "",
                  extension: record.project?.extensionIdentifier, count: record.cachedCount, hasPreview: record.project?.hasPreview == true, files: files)
    }

    init(_ project: PHProject, files: [String]) {
        self.init(identifier: project.localIdentifier, title: project.localizedTitle ?? "", projectType: project.projectTypeIdentifier,
                  extension: project.extensionIdentifier, count: project.estimatedAssetCount, hasPreview: project.hasProjectPreview, files: files)
    }

    private init(identifier: String, title: String, projectType: String, extension: String?, count: Int, hasPreview: Bool, files: [String]) {
        self.identifier = identifier
        self.title = title
        self.projectType = projectType
        self.extension = `extension`
        self.count = count
        previewURL = hasPreview ? "/api/projects/\(IdentifierPath.uuid(of: identifier))/preview" : nil
        self.files = files
    }
}

/// An installed project extension and its types.
struct ProjectExtensionJSON: Encodable {
    struct TypeJSON: Encodable { var type: String; var title: String; var description: String? }
    var id: String
    var name: String
    var version: String
    var types: [TypeJSON]

    init(_ item: (PHProjectExtension, [PHProjectTypeDescription])) {
        id = item.0.id
        name = item.0.manifest.displayName
        version = item.0.manifest.version
        types = item.1.map { TypeJSON(type: $0.projectType.rawValue, title: $0.localizedTitle, description: $0.localizedDescription) }
    }
}
