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

    /// The predicate as one format string with its arguments, for a fetch: `NSPredicate(format:)` predicates as
    /// made; `NSCompoundPredicate`s (AND, OR, NOT) built from their subpredicates, each parenthesised, so every
    /// subpredicate counts; `NSPredicate(value:)` as `TRUEPREDICATE`/`FALSEPREDICATE`. Nil when any part was made
    /// otherwise (a block predicate), which a fetch refuses rather than filtering by a part of it.
    ///
    /// An AND of no subpredicates is true and an OR of none false, as Foundation evaluates them; a NOT of several
    /// negates their AND (Foundation's NOT takes the first only; PhotoKit code makes NOT with one).
    var photosFetchFormat: FormatPredicate? {
        if let compound = self as? NSCompoundPredicate {
            var parts: [String] = [], arguments: [Any] = []
            for sub in compound.subpredicates {
                guard let format = sub.photosFetchFormat else { return nil }
                parts.append("(\(format.format))")
                arguments += format.arguments
            }
            switch compound.compoundPredicateType {
            case .and: return FormatPredicate(format: parts.isEmpty ? "TRUEPREDICATE" : parts.joined(separator: " AND "), arguments: arguments)
            case .or: return FormatPredicate(format: parts.isEmpty ? "FALSEPREDICATE" : parts.joined(separator: " OR "), arguments: arguments)
            case .not: return FormatPredicate(format: parts.isEmpty ? "FALSEPREDICATE" : "NOT (\(parts.joined(separator: " AND ")))", arguments: arguments)
            @unknown default: return nil
            }
        }
        if let format = photosFormat { return format }
        switch predicateFormat {
        case "TRUEPREDICATE", "FALSEPREDICATE": return FormatPredicate(format: predicateFormat, arguments: [])
        default: return nil
        }
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
