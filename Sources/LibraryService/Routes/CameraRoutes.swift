import Foundation
import Hummingbird
import PhotoLibrary

extension PhotosService {
    /// `GET /api/cameras` (any signed-in account): the cameras the library's visible assets were taken with and
    /// how many each took (`Library.cameras()`), for a search form's camera picker. A camera is searched with the
    /// fetch predicate keys `cameraMake` and `cameraModel`.
    func addCameraRoutes(to router: Router<APIContext>) {
        router.get("/api/cameras") { _, context -> Response in
            _ = try context.requireAccount()
            let library = self.library
            let scope = context.readScope
            let cameras = try await Offload.run { () throws(LibraryError) -> [CameraCount] in try library.cameras(readScope: scope) }
            return try JSONBody.response(CamerasJSON(cameras: cameras.map(CameraJSON.init)))
        }
    }
}

/// The answer of `GET /api/cameras`.
struct CamerasJSON: Codable {
    var cameras: [CameraJSON]
}

/// One camera: its make and model as the files name them (absent when a file names only the other) and the
/// number of visible assets taken with it.
struct CameraJSON: Codable {
    var make: String?
    var model: String?
    var count: Int

    init(_ camera: CameraCount) {
        make = camera.make; model = camera.model; count = camera.count
    }
}
