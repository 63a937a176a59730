import Foundation

extension FilterCatalog {
    /// CIPerspectiveRotate: the image as a camera of focal length `inputFocalLength` (35 mm equivalent) would
    /// see it after turning by `inputPitch`, `inputYaw` and `inputRoll` about its centre (see ``CameraRotation``
    /// for the axes and signs): the homography K·R·K⁻¹ applied through ``PerspectiveMap`` (bilinear, extent the
    /// mapped corners' bounding box, clear beyond the horizon). All angles 0 return the input; a turn that puts a
    /// corner behind the camera, or an infinite input, gives no output. Apple publishes the parameters only.
    static let perspectiveRotate = FilterDefinition(
        name: "CIPerspectiveRotate", categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Apply a homogenous rotation transform to an image.",
        parameters: [
            .image(),
            .focalLength(sliderMin: 15, sliderMax: 100),
            .angle("inputPitch", 0, sliderMin: -0.5236, sliderMax: 0.5236, identity: nil, summary: "Pitch angle in radians."),
            .angle("inputYaw", 0, sliderMin: -0.5236, sliderMax: 0.5236, identity: nil, summary: "Yaw angle in radians."),
            .angle("inputRoll", 0, sliderMin: -0.7854, sliderMax: 0.7854, identity: nil, summary: "Roll angle in radians."),
        ], mac: "10.15", iOS: "13"
    ) { args in
        guard let image = args.image() else { return nil }
        let pitch = args.number("inputPitch"), yaw = args.number("inputYaw"), roll = args.number("inputRoll")
        if pitch == 0 && yaw == 0 && roll == 0 { return image }
        guard let camera = CameraRotation(extent: image.extent, focalLength: args.number("inputFocalLength")) else { return nil }
        return camera.apply(to: image, CameraRotation.matrix(pitch: pitch, yaw: yaw, roll: roll))
    }
}

extension FilterParameter {
    /// `inputFocalLength` of the camera filters: 28 mm (35 mm equivalent) by default.
    static func focalLength(sliderMin: Double? = nil, sliderMax: Double? = nil) -> FilterParameter {
        .scalar("inputFocalLength", 28, sliderMin: sliderMin, sliderMax: sliderMax, summary: "35mm equivalent focal length of the input image.")
    }

    /// The four guide points of the keystone corrections (Apple gives no defaults).
    static var keystoneGuides: [FilterParameter] {
        [("inputTopLeft", "top left"), ("inputTopRight", "top right"), ("inputBottomRight", "bottom right"), ("inputBottomLeft", "bottom left")].map {
            FilterParameter($0.0, .vector, type: "CIAttributeTypePosition", summary: "The \($0.1) coordinate of the guide.")
        }
    }
}
