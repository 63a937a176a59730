import Foundation
import Testing

/// The image manager delivers on the main queue; these tests rely on the test runner servicing it.
@Suite struct MainQueueTests {
    @Test @MainActor func mainQueueRunsWhileATestWaits() async throws {
        let flag = Recorder<Bool>()
        _ = isOnMainQueue()
        DispatchQueue.global().async {
            flag.append(isOnMainQueue())
            DispatchQueue.main.async { flag.append(isOnMainQueue()) }
        }
        try await waitUntil(5) { flag.count > 1 }
        #expect(flag.values == [false, true])
    }
}
