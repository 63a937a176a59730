import GRDB

/// A query compiled to SQL that selects ordered row ids.
struct CompiledFetch {
    var sql: String
    var arguments: StatementArguments
    /// True when the same SQL and arguments select the same rows for as long as the library does not change
    /// (false for windows that move with the clock, such as Recently Added): only such fetches are persisted.
    var isStable: Bool

    /// What names the fetch in a persisted snapshot: the entity, the SQL and the argument values.
    func snapshotKey(entity: String) -> String { "\(entity)\n\(sql)\n\(arguments.description)" }
}
