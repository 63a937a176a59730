/// The ordered row ids a fetch selected, the change token of the library state they reflect, and (when the
/// ids came from a persisted snapshot) their position table.
public struct FetchedRowIDs: Sendable {
    /// The ids, in the fetch's order (mapped from the snapshot file when they came from one).
    public var list: RowIDList
    /// The change token of the state the ids reflect.
    public var token: Int64
    /// Where each id sits, when already known (read from a persisted snapshot); nil means build it on demand
    /// with `RowPositions.build(_:)`.
    public var positions: RowPositions?
    /// Whether the ids were read from a persisted snapshot rather than by running the query.
    public var isFromSnapshot: Bool
    /// The records of the first assets, when the back end sent them with the ids (a served library does, saving
    /// the round trip a first object would cost); empty otherwise.
    public var firstAssets: [AssetRecord] = []

    /// The ids as an array (a copy when they are mapped).
    public var ids: [Int64] { list.array }

    /// Ids and token (and optionally known positions).
    public init(list: RowIDList, token: Int64, positions: RowPositions? = nil, isFromSnapshot: Bool = false) {
        self.list = list; self.token = token; self.positions = positions; self.isFromSnapshot = isFromSnapshot
    }
}
