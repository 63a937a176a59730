import ArgumentParser
import Testing
@testable import PhotosCommands

/// Every command in `photos`' tree names itself. Without a `commandName`, ArgumentParser derives the name from the
/// type with `String(describing:)`, whose dynamic casts each scan all of the binary's protocol conformances — a
/// measurable part of every command's start-up (the parser asks every command in the tree for its name).
struct CommandNameTests {
    static func unnamed(_ command: any ParsableCommand.Type, path: String) -> [String] {
        let configuration = command.configuration
        let name = configuration.commandName
        var missing = name == nil ? [path + " (\(command))"] : []
        for child in configuration.subcommands {
            missing += unnamed(child, path: path + " " + (child.configuration.commandName ?? "?"))
        }
        return missing
    }

    @Test func everyCommandNamesItself() {
        #expect(Self.unnamed(PhotosCommand.self, path: "photos") == [])
    }
}
