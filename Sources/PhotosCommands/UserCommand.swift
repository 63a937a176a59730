import ArgumentParser
import Foundation
import LibraryService
import PhotoLibrary

/// `photos user`: the accounts of the library service.
struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage the accounts that may use `photos serve`.",
        subcommands: [Add.self, List.self, Remove.self, Token.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Create an account (asks for the password, or reads it from standard input).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The account name.") var name: String
        @Option(help: "admin, member or viewer.") var role: String = "member"
        @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.") var passwordStdin = false

        func run() throws {
            guard let role = AccountRole(rawValue: role) else { throw CommandError("Unknown role '\(role)': use admin, member or viewer") }
            let library = try libraryOptions.open()
            let password: String
            if passwordStdin {
                guard let line = readLine(strippingNewline: true) else { throw CommandError("No password on standard input") }
                password = line
            } else {
                guard let typed = getpass("Password for \(name): ").map({ String(cString: $0) }) else { throw CommandError("No password given") }
                password = typed
            }
            let name = self.name
            if let error = BlockingTask.run({ try await AccountAdministration.createAccount(in: library, username: name, password: password, role: role) }) {
                throw CommandError("\(error)")
            }
            print("Created \(role.rawValue) account '\(name)'")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts.")
        @OptionGroup var libraryOptions: LibraryOptions
        func run() throws {
            let accounts = try libraryOptions.open().accounts()
            for account in accounts { print("\(account.username)\t\(account.role.rawValue)") }
            print("\(accounts.count) account\(accounts.count == 1 ? "" : "s")")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an account with its sessions and API tokens.")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The account name.") var name: String
        func run() throws {
            try libraryOptions.open().removeAccount(named: name, audit: AuditEntry(accountID: nil, username: "(command line)", action: "account.remove", detail: name))
            print("Removed account '\(name)'")
        }
    }

    struct Token: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "token", abstract: "Make an API token for an account (printed once).")
        @OptionGroup var libraryOptions: LibraryOptions
        @Argument(help: "The account name.") var name: String
        @Option(name: .customLong("label"), help: "What the token is for.") var label = "command line"
        @Option(name: .customLong("expires-in-days"), help: "Days until it stops working (default: never).") var days: Int?
        func run() throws {
            let library = try libraryOptions.open()
            guard let account = try library.account(named: name)?.account else { throw CommandError("No account named '\(name)'") }
            if let days, !(1...3650).contains(days) { throw CommandError("--expires-in-days must be 1 to 3650") }
            let (secret, _) = try library.createCredential(.token, accountID: account.rowID, name: label, lifetime: days.map { TimeInterval($0) * 86400 })
            print(secret)
        }
    }
}
