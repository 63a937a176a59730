/// Options every library command takes, accepted before the subcommand as well as after it
/// (`photos --library PATH list` and `photos list --library PATH`), as users type with git or vips.
///
/// swift-argument-parser reads a subcommand's options only after its name, so the leading global options are
/// moved behind the subcommand's arguments (before a `--` terminator, when there is one) before parsing.
enum GlobalOptions {
    /// Options that take a value and may come first.
    static let valued: Set<String> = ["--library"]

    /// `arguments` (without the program name) with leading global options moved after the subcommand's.
    static func reordered(_ arguments: [String]) -> [String] {
        var leading: [String] = [], rest = arguments[...]
        var kept: [String] = []
        while let first = rest.first, first.hasPrefix("-"), first != "--" {
            rest = rest.dropFirst()
            if valued.contains(first), let value = rest.first {
                leading += [first, value]
                rest = rest.dropFirst()
            } else if let name = first.split(separator: "=", maxSplits: 1).first, valued.contains(String(name)), first.contains("=") {
                leading.append(first)
            } else {
                kept.append(first)   // --help, --version and the like stay where they are
            }
        }
        guard !leading.isEmpty else { return arguments }
        var tail = Array(rest)
        let terminator = tail.firstIndex(of: "--") ?? tail.endIndex
        tail.insert(contentsOf: leading, at: terminator)
        return kept + tail
    }
}
