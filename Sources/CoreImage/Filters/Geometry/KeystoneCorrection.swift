import Foundation

/// What the keystone corrections straighten, and how (see ``CameraRotation``).
enum KeystoneCorrection {
    case vertical, horizontal, combined

    /// The camera turn that makes the guides parallel: the left (bottom-left → top-left) and right guides by a
    /// pitch, the top (top-left → top-right) and bottom guides by a yaw; combined, the yaw first, then the pitch
    /// that levels the left and right guides as they appear after it. No turn when a guide point is missing
    /// (Apple's guides have no defaults: nothing to correct).
    static func rotation(_ kind: KeystoneCorrection, camera: CameraRotation, _ args: FilterArguments) -> [SIMD3<Double>] {
        let none = CameraRotation.matrix(pitch: 0, yaw: 0, roll: 0)
        guard ["inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft"].allSatisfy({ args.vector($0).count >= 2 }) else { return none }
        let tl = args.point("inputTopLeft"), tr = args.point("inputTopRight")
        let br = args.point("inputBottomRight"), bl = args.point("inputBottomLeft")
        let sides = camera.vanishingRay(bl, tl, br, tr)
        let ends = camera.vanishingRay(tl, tr, bl, br)
        switch kind {
        case .vertical:
            return CameraRotation.matrix(pitch: CameraRotation.pitch(levelling: sides), yaw: 0, roll: 0)
        case .horizontal:
            return CameraRotation.matrix(pitch: 0, yaw: CameraRotation.yaw(levelling: ends), roll: 0)
        case .combined:
            let yaw = CameraRotation.yaw(levelling: ends)
            let turned = CameraRotation.multiply(CameraRotation.matrix(pitch: 0, yaw: yaw, roll: 0), sides.columnMatrix)
            return CameraRotation.matrix(pitch: CameraRotation.pitch(levelling: SIMD3(turned[0].x, turned[1].x, turned[2].x)), yaw: yaw, roll: 0)
        }
    }

    /// The filter's output: the input turned by ``rotation(_:camera:_:)``.
    static func apply(_ kind: KeystoneCorrection, _ args: FilterArguments) -> Image? {
        guard let image = args.image() else { return nil }
        guard let camera = CameraRotation(extent: image.extent, focalLength: args.number("inputFocalLength")) else { return nil }
        let rotation = rotation(kind, camera: camera, args)
        if rotation == CameraRotation.matrix(pitch: 0, yaw: 0, roll: 0) { return image }
        return camera.apply(to: image, rotation)
    }
}

extension SIMD3 where Scalar == Double {
    /// The vector as a one-column matrix (rows), for ``CameraRotation/multiply(_:_:)``.
    var columnMatrix: [SIMD3<Double>] { [SIMD3(x, 0, 0), SIMD3(y, 0, 0), SIMD3(z, 0, 0)] }
}

extension FilterCatalog {
    /// CIKeystoneCorrectionVertical: turns the camera (``CameraRotation``, `inputFocalLength` 35 mm equivalent) by
    /// the pitch that makes the left guide (`inputBottomLeft` → `inputTopLeft`) and the right guide parallel, the
    /// usual correction of converging verticals; output as `CIPerspectiveRotate`. Guides already parallel, or
    /// missing guide points, return the input; a turn that puts a corner behind the camera, or an infinite input,
    /// gives no output. Apple publishes the parameters only; these maths are the choice here.
    static let keystoneCorrectionVertical = FilterDefinition(
        name: "CIKeystoneCorrectionVertical", display: "Vertical Keystone Correction",
        categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Apply vertical keystone correction to an image with guides.",
        parameters: [.image(), .focalLength()] + FilterParameter.keystoneGuides, mac: "10.15", iOS: "13"
    ) { args in KeystoneCorrection.apply(.vertical, args) }

    /// CIKeystoneCorrectionHorizontal: as the vertical correction, with the yaw that makes the top guide
    /// (`inputTopLeft` → `inputTopRight`) and the bottom guide parallel.
    static let keystoneCorrectionHorizontal = FilterDefinition(
        name: "CIKeystoneCorrectionHorizontal", display: "Horizontal Keystone Correction",
        categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Apply horizontal keystone correction to an image with guides.",
        parameters: [.image(), .focalLength()] + FilterParameter.keystoneGuides, mac: "10.15", iOS: "13"
    ) { args in KeystoneCorrection.apply(.horizontal, args) }

    /// CIKeystoneCorrectionCombined: the horizontal correction's yaw, then the pitch that makes the left and right
    /// guides parallel as they appear after it (they end exactly parallel; the top and bottom guides exactly so
    /// only when the pitch is 0).
    static let keystoneCorrectionCombined = FilterDefinition(
        name: "CIKeystoneCorrectionCombined", display: "Combined Keystone Correction",
        categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Apply keystone correction to an image with combined horizontal and vertical guides.",
        parameters: [.image(), .focalLength()] + FilterParameter.keystoneGuides, mac: "10.15", iOS: "13"
    ) { args in KeystoneCorrection.apply(.combined, args) }
}
