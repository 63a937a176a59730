import ArgumentParser
import PhotoLibrary

/// `photos init`: creates (or opens and migrates) a library.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create a photo library (or check an existing one).")
    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let library = try libraryOptions.open()
        print("Photo library ready at \(library.url.path)")
    }
}
