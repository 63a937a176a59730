import ArgumentParser
import PhotoLibrary

/// `photos init`: creates (or opens and migrates) a library. The only command that makes one in a directory that
/// already holds other files; every other command refuses such a directory as "not a photo library".
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create a photo library (or check an existing one).")
    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let library = try libraryOptions.open(creation: .inAnyDirectory)
        print("Photo library ready at \(library.url.path)")
    }
}
