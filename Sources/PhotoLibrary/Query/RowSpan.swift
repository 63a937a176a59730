/// The distance between the smallest and largest of some row ids, for choosing a dense table or a range scan.
/// Row ids can come from outside (a served library's client sends them), so the subtraction must not trap.
enum RowSpan {
    /// `high - low`, or nil when it does not fit in an `Int64` (ids at both ends of the range).
    static func width(_ low: Int64, _ high: Int64) -> Int64? {
        let (width, overflow) = high.subtractingReportingOverflow(low)
        return overflow ? nil : width
    }
}
