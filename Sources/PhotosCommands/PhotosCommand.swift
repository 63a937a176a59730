import ArgumentParser

/// The `photos` command: manage a photo library from the shell.
///
/// Every subcommand takes `--library PATH` (default `$PHOTOS_LIBRARY`, else
/// `~/Pictures/Photos Library.photoslibrary`). Listing commands take `--json`; the JSON field names are
/// PhotoKit's property names (`localIdentifier`, `creationDate`, `isFavorite`, …), dates are ISO 8601 strings,
/// and keys are sorted, so the output is stable.
///
/// Exit status: 0 on success, 1 on any error (a message naming the problem goes to stderr), 64 for usage errors.
/// `photos --version` prints the version; `photos bench …` runs the benchmarks and is left out of `--help`.
public struct PhotosCommand: ParsableCommand {
    /// The package's version, printed by `photos --version`.
    public static let version = "0.5.0"

    public static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Manage a PhotoKit-compatible photo library.",
        version: version,
        subcommands: [
            InitCommand.self, ImportCommand.self, ListCommand.self, ShowCommand.self,
            AlbumsCommand.self, AlbumCommand.self, FolderCommand.self,
            FavoriteCommand.self, UnfavoriteCommand.self, HideCommand.self, UnhideCommand.self,
            DeleteCommand.self, RecoverCommand.self, TrashCommand.self, MomentsCommand.self, FillCommand.self, BenchCommand.self,
            ImageCommand.self, WatchCommand.self,
            ThumbnailCommand.self, ExportCommand.self, EditCommand.self, VideoCommand.self, LiveCommand.self, RevertCommand.self, HistoryCommand.self, ExtensionsCommand.self,
            ServeCommand.self, UserCommand.self, AccessCommand.self, VerifyCommand.self, FramesCommand.self, PickCommand.self,
            AnalyzeCommand.self, PeopleCommand.self, SimilarCommand.self, MemoriesCommand.self, ProjectCommand.self, ProjectsCommand.self,
        ]
    )

    public init() {}
}
