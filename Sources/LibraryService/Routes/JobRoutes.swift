import Foundation
import Hummingbird
import ImageManagement

extension PhotosService {
    /// `GET /api/jobs`: the work this server process has in the background — derivative generation (queued,
    /// made, failed) and the change streams it feeds — for progress displays and monitoring.
    func addJobRoutes(to router: Router<APIContext>) {
        router.get("/api/jobs") { _, context -> Response in
            _ = try context.requireAccount()
            let generator = self.imaging.generator
            return try JSONBody.response(JobsJSON(
                derivatives: .init(pending: generator.pendingCount, generated: generator.generated, failed: generator.failedRenditions.count,
                                   workers: generator.maximumWorkers),
                changeStreams: self.broadcaster.subscriberCount))
        }
    }
}

struct JobsJSON: Codable {
    struct Derivatives: Codable {
        /// Assets queued for thumbnails and screen images.
        var pending: Int
        /// Derivative files written by this process since it started.
        var generated: Int
        /// Pictures whose derivatives could not be made (unreadable files).
        var failed: Int
        /// Threads making them at most.
        var workers: Int
    }
    var derivatives: Derivatives
    /// Open change-stream connections.
    var changeStreams: Int
}
