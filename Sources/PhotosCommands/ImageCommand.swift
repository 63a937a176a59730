import ArgumentParser

/// `photos image`: library-free image tools (ImageIO and Core Image on files).
struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Work on image files without a library.",
        subcommands: [
            ImageInfoCommand.self, ImageThumbnailCommand.self,
            ImageFilterCommand.self, ImageFiltersCommand.self, ImageDevelopCommand.self,
        ]
    )
}
