import ArgumentParser
import Foundation
import Photos

extension PhotosCommand {
    /// Parses the command line and runs the subcommand, as `ParsableCommand.main()` does, but reports PhotoKit
    /// errors by their message: Swift prints a `PHPhotosError` as its stored properties
    /// (`PHPhotosError(code: …internalError, userInfo: […])`), which says nothing a person can act on.
    /// Global options may come before the subcommand (`GlobalOptions`).
    public static func main() {
        do {
            var command = try parseAsRoot(GlobalOptions.reordered(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch {
            exit(withError: readable(error))
        }
    }

    /// `error`, with errors of PhotoKit's domain turned into their one-sentence description.
    static func readable(_ error: any Error) -> any Error {
        if let photos = error as? PHPhotosError { return CommandError(photos.localizedDescription) }
        return error
    }
}
