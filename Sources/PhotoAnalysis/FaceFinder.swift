import CoreGraphics
import CoreImage
import Foundation
import ImageManagement
import PhotoLibrary

/// Finds faces with dlib's HOG detector (Core Image's face detector, searching the picture at twice its size so
/// faces down to about 20 pixels of the analysed picture are found), places their 68 landmarks, and describes
/// each with the recognition model when there is one.
enum FaceFinder {
    /// Detections below this score are dropped. dlib reports anything above 0; on the analysis benchmark's 1,000
    /// photos every detection below 0.2 that was not one of the three people was a badge or a patch of texture.
    static let minimumConfidence = 0.2
    /// At most this many faces per photo, most confident first.
    static let maximumFaces = 32

    static func faces(in picture: AnalysisPicture, grey: GreyPlane) throws -> [AnalysedFace] {
        guard let greyImage = GreyImage(pixels: grey.bytes, width: grey.width, height: grey.height) else { return [] }
        let detected = try FaceLandmarkDetector.shared.detect(greyImage, upsample: true, limit: maximumFaces)
        let model = try? FaceRecognitionModel.shared.get()
        let w = Double(picture.width), h = Double(picture.height)
        return try detected.filter { $0.confidence >= minimumConfidence }.map { face in
            // Bounds come in the detector's image coordinates (y up); the library stores y down.
            let b = face.bounds
            let rect = NormalizedRect(x: b.minX / w, y: (h - b.maxY) / h, width: b.width / w, height: b.height / h).clampedToUnit
            let descriptor = try face.uprightLandmarks.flatMap { landmarks in
                try model?.describe(rgb: picture.rgb, width: picture.width, height: picture.height, landmarks: landmarks)
            }
            return AnalysedFace(rect: rect, confidence: face.confidence, quality: quality(of: face, in: grey), descriptor: descriptor)
        }
    }

    /// Face quality 0…1: the detector's confidence, the face's size in the picture and the sharpness of its region.
    static func quality(of face: DetectedFace, in grey: GreyPlane) -> Double {
        let confidence = min(1, max(0, face.confidence / 1.5))
        let size = min(1, Double(face.bounds.width) / 150)
        let b = face.bounds
        let x0 = max(0, Int(b.minX)), x1 = min(grey.width, Int(b.maxX))
        let y0 = max(0, grey.height - Int(b.maxY)), y1 = min(grey.height, grey.height - Int(b.minY))
        var sharpness = 0.0
        if x1 - x0 >= 8, y1 - y0 >= 8 {
            var values: [Float] = []
            values.reserveCapacity((x1 - x0) * (y1 - y0))
            for y in y0..<y1 { for x in x0..<x1 { values.append(grey[x, y]) } }
            sharpness = PictureMeasures.sharpness(GreyPlane(width: x1 - x0, height: y1 - y0, values: values))
        }
        return 0.4 * confidence + 0.3 * size + 0.3 * sharpness
    }
}
