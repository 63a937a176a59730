import Foundation
import PhotoLibrary
import Testing

/// The core's rules on made-up values: person matching and near-duplicate grouping.
struct AnalysisRuleTests {
    private func descriptor(_ values: [Float]) -> [Float] { values + [Float](repeating: 0, count: 128 - values.count) }

    @Test func facesJoinTheNearestPersonWithinTheThresholdAndNeverTwiceInOnePhoto() {
        let people = [PersonMatching.Candidate(rowID: 1, centroid: descriptor([1, 0]), weight: 3),
                      PersonMatching.Candidate(rowID: 2, centroid: descriptor([0, 1]), weight: 1)]
        // Near the first; near the first again (same photo: cannot join it twice, and is too far from the second);
        // near the second; far from both.
        let choices = PersonMatching.assign([descriptor([0.9, 0]), descriptor([1.1, 0.05]), descriptor([0.1, 0.8]), descriptor([5, 5])], to: people)
        #expect(choices == [0, nil, 1, nil])
        #expect(PersonMatching.centroid(descriptor([1, 0]), weight: 3, adding: descriptor([0, 0])) == descriptor([0.75, 0]))
        #expect(PersonMatching.descriptor(PersonMatching.bytes(descriptor([0.5, -2]))) == descriptor([0.5, -2]))
        #expect(PersonMatching.descriptor(Data([1, 2, 3])) == nil)
    }

    @Test func nearDuplicatesNeedCloseHashesAndDatesOrNearlyEqualHashes() {
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        let base: UInt64 = 0x0123_4567_89AB_CDEF
        let items = [
            NearDuplicates.Item(assetRowID: 1, date: t0, hash: base, quality: 0.5),
            NearDuplicates.Item(assetRowID: 2, date: t0.addingTimeInterval(60), hash: base ^ 0b11_1111_1111, quality: 0.9),   // 10 bits, a minute later
            NearDuplicates.Item(assetRowID: 3, date: t0.addingTimeInterval(86_400), hash: base ^ (0b111_1111_1111 << 20), quality: 0.9), // 11 bits (21 from the second): no
            NearDuplicates.Item(assetRowID: 4, date: t0.addingTimeInterval(90 * 86_400), hash: base ^ (1 << 63 | 1 << 20 | 1), quality: 0.1), // 3 bits, months later
            NearDuplicates.Item(assetRowID: 5, date: nil, hash: ~base, quality: 1),
            NearDuplicates.Item(assetRowID: 6, date: nil, hash: ~base, quality: 0.2),   // identical hash, no dates
        ]
        #expect(NearDuplicates.groups(items) == [[2, 1, 4], [5, 6]])
    }
}
