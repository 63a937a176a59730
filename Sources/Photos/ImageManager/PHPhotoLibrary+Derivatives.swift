import Foundation
import PhotoLibrary
import ImageManagement

extension PHPhotoLibrary {
    /// Queues derivative generation (in the background, newest first) for the assets a commit created. The commit
    /// never waits for it. Called by the change machinery after every successful commit.
    func derivativesNeedUpdate(after outcome: ChangeOutcome) {
        ImagingContext.libraryDidCommit(library, insertedOrChangedAssets: outcome.insertedAssets)
    }

    /// Blocks until derivatives queued for this library so far have been made. Linux addition, for tools and tests
    /// that want every thumbnail ready before they go on.
    public func waitForDerivatives() {
        ImagingContext.context(for: library).generator.waitUntilIdle()
    }
}
