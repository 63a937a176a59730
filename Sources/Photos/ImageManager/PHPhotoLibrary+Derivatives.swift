import Foundation
import PhotoLibrary
import ImageManagement

extension PHPhotoLibrary {
    /// Queues derivative generation (in the background, newest first) for the assets a commit created and those
    /// whose content it changed (edits and reverts: their current rendition is a different file, so its
    /// derivatives, keyed by content hash, are made from the new version). The commit never waits for it.
    /// Called by the change machinery after every successful commit.
    ///
    /// Derivatives of a superseded rendition (a replaced or reverted edit) are deleted, unless another resource
    /// still has the same bytes. (Commits made by other processes leave theirs to `DerivativeStore.removeOrphans`.)
    func derivativesNeedUpdate(after outcome: ChangeOutcome) {
        guard let localLibrary else { return }
        ImagingContext.libraryDidCommit(localLibrary, outcome: outcome)
    }

    /// Blocks until derivatives queued for this library so far have been made. Linux addition, for tools and tests
    /// that want every thumbnail ready before they go on.
    public func waitForDerivatives() {
        guard let localLibrary else { return }   // a served library's service makes its own
        ImagingContext.context(for: localLibrary).generator.waitUntilIdle()
    }
}
