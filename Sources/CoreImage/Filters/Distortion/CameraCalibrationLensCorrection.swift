import Foundation

extension FilterCatalog {
    /// CICameraCalibrationLensCorrection: Apple corrects (or, with `inputUseInverseLookUpTable`, applies) a camera's
    /// lens distortion from the radial lookup table and optical centre in an `AVCameraCalibrationData`, given as
    /// `inputAVCameraCalibrationData` or read from the image's depth data. Neither source exists here: AVFoundation on
    /// Linux has no `AVCameraCalibrationData` (no value converts to the parameter) and images carry no calibration, so
    /// the filter exists by name with Apple's attributes and always gives no output (`nil`) — never the input passed
    /// through uncorrected.
    static let cameraCalibrationLensCorrection = FilterDefinition(
        name: "CICameraCalibrationLensCorrection", display: "Lens Correction for AVC",
        categories: [kCategory.distortionEffect, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Geometrically distorts an image by altering the magnification based on the radial distance from the optical center to the farthest radius.",
        parameters: [
            .image(summary: "The image to process."),
            FilterParameter("inputAVCameraCalibrationData", .cameraCalibration,
                            summary: "AVCameraCalibrationData for the correction. Will be set from the input image if available and can be overridden here."),
            .boolean("inputUseInverseLookUpTable", false, summary: "Boolean value used to select the Look Up Table from the AVCameraCalibrationData."),
        ], mac: "10.14", iOS: "12"
    ) { _ in nil }
}
