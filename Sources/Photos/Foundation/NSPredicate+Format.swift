import Foundation

/// Foundation on Linux marks `NSPredicate(format:)` unavailable ("predicate strings are not supported").
/// These initializers, declared in `Photos`, are chosen over it, so PhotoKit code compiles as written.
/// The predicate keeps its format and arguments; a fetch parses and compiles them to SQL.
///
/// Evaluating such a predicate against arbitrary objects is not supported (it answers `false`): use it in
/// `PHFetchOptions`.
extension NSPredicate {
    /// A predicate from a format string and its arguments (`%@`, `%d`, `%K`, …), for `PHFetchOptions`.
    public convenience init(format predicateFormat: String, _ args: Any...) {
        self.init(format: predicateFormat, argumentArray: args)
    }

    /// A predicate from a format string and an array of arguments.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        let captured = FormatPredicate(format: predicateFormat, arguments: arguments ?? [])
        self.init(block: { object, _ in
            if let probe = object as? FormatPredicateProbe { probe.captured = captured }
            return false
        })
    }

    /// The format and arguments a predicate was made with, or nil for predicates made otherwise.
    var photosFormat: FormatPredicate? {
        let probe = FormatPredicateProbe()
        _ = evaluate(with: probe)
        return probe.captured
    }
}

/// A predicate's format string and arguments.
struct FormatPredicate: @unchecked Sendable {
    let format: String
    let arguments: [Any]
}

/// Passed to a predicate's block to read back what it was made with.
final class FormatPredicateProbe {
    var captured: FormatPredicate?
}
