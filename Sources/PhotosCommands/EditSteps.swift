import ArgumentParser

/// The steps `photos edit ID` takes after the identifier, parsed in command-line order from the raw arguments
/// ArgumentParser leaves unrecognised: `--filter NAME [key=value…]` (or `--filter=NAME`), repeatable, and
/// `--raw key=value…` (the RAW development's settings) once.
///
/// Each kind of step is one `Kind` case named after its option, so another kind (an editing extension,
/// `--extension NAME key=value…`) joins the same ordered list by adding a case. Structural mistakes (a stray
/// token, an unknown option, a parameter that is not `key=value`, no step at all) are usage errors.
struct EditSteps {
    /// A kind of step, spelled `--<rawValue>` on the command line.
    enum Kind: String, CaseIterable, Sendable {
        case filter
        /// An installed editing extension, run in its own sandboxed process.
        case `extension`
        /// The RAW development (`--raw key=value…`, no name): developed from the asset's RAW original.
        case raw

        /// Whether the option is followed by a name (`--filter NAME`); `--raw` takes settings only.
        var takesName: Bool { self != .raw }
    }

    /// A `key=value` parameter as typed.
    struct Parameter: Equatable, Sendable {
        var key: String
        var value: String
    }

    /// One step as typed: its kind, the name after the option and its parameters.
    struct Step: Equatable, Sendable {
        var kind: Kind
        var name: String
        var parameters: [Parameter]
    }

    let steps: [Step]

    /// Parses the raw tokens (everything after the identifier that ArgumentParser did not recognise).
    init(parsing tokens: [String]) throws {
        var steps: [Step] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token.hasPrefix("--") {
                let option = token.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let kind = Kind(rawValue: String(option[0])) else {
                    let known = Kind.allCases.map { "--\($0.rawValue)" }.joined(separator: ", ")
                    throw ValidationError("unknown option '\(token)' (steps are \(known); see `photos edit --help`)")
                }
                guard kind.takesName else {
                    guard option.count == 1 else { throw ValidationError("--\(kind.rawValue) takes settings as key=value, e.g. --raw exposure=0.5") }
                    guard !steps.contains(where: { $0.kind == kind }) else { throw ValidationError("give --\(kind.rawValue) once, with all its settings") }
                    steps.append(Step(kind: kind, name: "", parameters: []))
                    continue
                }
                var name = option.count > 1 ? String(option[1]) : nil
                if name == nil, index < tokens.count, !tokens[index].hasPrefix("-"), !tokens[index].contains("=") {
                    name = tokens[index]
                    index += 1
                }
                guard let name, !name.isEmpty else { throw ValidationError("--\(kind.rawValue) needs a name, e.g. --filter CISepiaTone") }
                steps.append(Step(kind: kind, name: name, parameters: []))
                continue
            }
            guard !steps.isEmpty else {
                throw ValidationError("'\(token)' comes before any step: give --filter NAME first, then its key=value parameters")
            }
            guard let equals = token.firstIndex(of: "="), equals != token.startIndex else {
                throw ValidationError("'\(token)' is not key=value (a parameter of \(steps[steps.count - 1].kind == .raw ? "--raw" : steps[steps.count - 1].name))")
            }
            steps[steps.count - 1].parameters.append(Parameter(key: String(token[..<equals]), value: String(token[token.index(after: equals)...])))
        }
        guard !steps.isEmpty else { throw ValidationError("give at least one step: --filter NAME [key=value…], --raw key=value… or --extension NAME [key=value…]") }
        if steps.contains(where: { $0.kind == .extension }), steps.count > 1 {
            throw ValidationError("--extension edits alone: run one `photos edit` per extension or filter chain")
        }
        self.steps = steps
    }
}
