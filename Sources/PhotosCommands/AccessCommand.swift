import ArgumentParser
import Foundation
import PhotoLibrary

/// `photos access`: which programs may use the library through `photos serve`, and how (PhotoKit's access
/// levels; see Docs/AppAccess.md).
struct AccessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access", abstract: "Decide which programs may use the library through `photos serve`, and how.",
        discussion: """
            A program that connects to `photos serve --socket PATH` is an application, known by its manifest's identifier \
            (<executable>.photos-app.json) or else by its path, and bound to its executable's SHA-256. It asks for access; \
            you answer here (or in the web app): full, limited to the assets you give it, add-only, or denied. \
            APP is an application's identifier or its number in `photos access list`.
            """,
        subcommands: [List.self, Pending.self, Grant.self, Select.self, Revoke.self, Forget.self, Token.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the applications the library knows.")
        @OptionGroup var libraryOptions: LibraryOptions
        func run() throws {
            let grants = try libraryOptions.open().appGrants()
            for grant in grants { print(AccessCommand.line(grant)) }
            print("\(grants.count) application\(grants.count == 1 ? "" : "s")")
        }
    }

    struct Pending: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pending", abstract: "List the applications waiting for an answer.")
        @OptionGroup var libraryOptions: LibraryOptions
        func run() throws {
            let waiting = try libraryOptions.open().appGrants().filter(\.isWaitingForOwner)
            for grant in waiting { print(AccessCommand.line(grant)) }
            print("\(waiting.count) waiting")
        }
    }

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "grant", abstract: "Give an application access (it takes effect within a second, on open connections too).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The application (identifier or number).") var app: String
        @Option(help: "full, limited, add-only or denied.") var level: String
        @Option(parsing: .upToNextOption, help: "With --level limited: asset local identifiers it may use.") var assets: [String] = []
        func run() throws {
            guard let status = AppAccessStatus(rawValue: level), status != .pending else {
                throw CommandError("Unknown level '\(level)': use full, limited, add-only or denied")
            }
            let library = try libraryOptions.open()
            let identifier = try AccessCommand.identifier(app, library, mustExist: false)
            let grant = try library.decideAppAccess(identifier: identifier, status: status, selection: assets,
                                                    audit: AuditEntry(accountID: nil, username: "(command line)", action: "app.decide", detail: "\(identifier): \(status.rawValue)"))
            print(AccessCommand.line(grant))
        }
    }

    struct Select: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "select", abstract: "Give a limited application more assets (it hears them arrive as a change).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The application (identifier or number).") var app: String
        @Argument(help: "Asset local identifiers.") var assets: [String]
        func run() throws {
            let library = try libraryOptions.open()
            let added = try library.addToAppSelection(identifier: try AccessCommand.identifier(app, library), assets: assets)
            for identifier in added { print(identifier) }
            print("\(added.count) added")
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Deny an application any access (within a second, on open connections too).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The application (identifier or number).") var app: String
        func run() throws {
            let library = try libraryOptions.open()
            let identifier = try AccessCommand.identifier(app, library)
            let grant = try library.decideAppAccess(identifier: identifier, status: .denied,
                                                    audit: AuditEntry(accountID: nil, username: "(command line)", action: "app.decide", detail: "\(identifier): denied"))
            print(AccessCommand.line(grant))
        }
    }

    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "forget", abstract: "Forget an application, its selection and its tokens (its photos stay); it asks again as new.")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The application (identifier or number).") var app: String
        func run() throws {
            let library = try libraryOptions.open()
            let identifier = try AccessCommand.identifier(app, library)
            try library.forgetApp(identifier: identifier, audit: AuditEntry(accountID: nil, username: "(command line)", action: "app.forget", detail: identifier))
            print("Forgot '\(identifier)'")
        }
    }

    struct Token: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "token", abstract: "Make an API token for an application that connects over the network (printed once).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The application's identifier (new ones are recorded, undecided) or number.") var app: String
        @Option(name: .customLong("label"), help: "What the token is for.") var label = "application"
        @Option(name: .customLong("expires-in-days"), help: "Days until it stops working (default: never).") var days: Int?
        func run() throws {
            let library = try libraryOptions.open()
            if let days, !(1...3650).contains(days) { throw CommandError("--expires-in-days must be 1 to 3650") }
            guard let owner = try library.accounts().filter({ $0.role == .admin }).min(by: { $0.rowID < $1.rowID }) else {
                throw CommandError("The library has no account yet: make its owner first (photos user add NAME --role admin)")
            }
            let identifier = try AccessCommand.identifier(app, library, mustExist: false)
            let grant = try library.appGrant(identifier: identifier)
                ?? library.requestAppAccess(identifier: identifier, name: identifier, executablePath: "", executableSHA256: "", level: .readWrite)
            let (secret, _) = try library.createCredential(.token, accountID: owner.rowID, name: "\(label) (\(identifier))",
                                                           lifetime: days.map { TimeInterval($0) * 86400 }, appGrantID: grant.rowID)
            print(secret)
        }
    }

    /// An application's identifier from a number in `list` or an identifier.
    static func identifier(_ text: String, _ library: Library, mustExist: Bool = true) throws -> String {
        if let number = Int64(text), number > 0 {
            guard let grant = try library.appGrant(rowID: number) else { throw CommandError("No application number \(number)") }
            return grant.appIdentifier
        }
        if mustExist, try library.appGrant(identifier: text) == nil { throw CommandError("No application '\(text)'") }
        return text
    }

    static func line(_ grant: AppGrant) -> String {
        var fields = ["\(grant.rowID)", grant.status.rawValue, grant.appIdentifier, grant.name]
        if grant.status == .limited { fields.append("\(grant.selectionCount) asset\(grant.selectionCount == 1 ? "" : "s")") }
        if grant.isWaitingForOwner, let level = grant.requestedLevel { fields.append("asks for \(level.rawValue)") }
        if !grant.executablePath.isEmpty { fields.append(grant.executablePath) }
        return fields.joined(separator: "\t")
    }
}
