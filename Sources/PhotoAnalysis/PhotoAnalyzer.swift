import Foundation
import ImageManagement
import PhotoLibrary

/// Analyses one picture: quality measures, perceptual hash, faces, and a salient region when there are no faces.
public enum PhotoAnalyzer {
    /// The version of the analysis; results of an older version are made again.
    public static let version = 1
    /// The longer side photos are decoded at for analysis.
    public static let pictureSide = 1024

    /// Whether faces get descriptors (and so people) in this process, or why not.
    public static var faceRecognition: Result<String, AnalysisFailure> { FaceRecognitionModel.shared.map(\.path) }

    /// The analysis of `picture`.
    public static func analyse(_ picture: AnalysisPicture) throws -> AssetAnalysis {
        let grey = GreyPlane(picture)
        let measures = PictureMeasures(grey)
        let faces = try FaceFinder.faces(in: picture, grey: grey)
        return AssetAnalysis(quality: measures.quality, sharpness: measures.sharpness, exposure: measures.exposure, noise: measures.noise,
                             perceptualHash: PerceptualHash.hash(grey), salientRegion: faces.isEmpty ? SalientRegion.find(picture) : nil,
                             faces: faces)
    }
}
