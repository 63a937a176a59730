import ArgumentParser

/// `photos bench`: benchmarks, each printing its figures next to the target and the peer tool measured in
/// the same run. Without a subcommand it runs the library benchmark.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure speed and memory against peer tools.",
        shouldDisplay: false,   // for developers: `photos bench --help` lists the benchmarks
        subcommands: [
            LibraryBenchCommand.self,
            FetchBenchCommand.self,
            ChangeBenchCommand.self,
            ImageManagerBenchCommand.self,
            ThumbnailBenchCommand.self,
            RAWBenchCommand.self,
            LiveBenchCommand.self,
            CoreImageBenchCommand.self,
            CIFiltersBenchCommand.self,
            EditBenchCommand.self,
            ServeBenchCommand.self,
            ServedBenchCommand.self,
            AnalysisBenchCommand.self,
            SoakBenchCommand.self,
            StartupBenchCommand.self,
        ],
        defaultSubcommand: LibraryBenchCommand.self
    )
}
