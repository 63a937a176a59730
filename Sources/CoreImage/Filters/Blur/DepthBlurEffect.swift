import Foundation

extension FilterCatalog {
    /// CIDepthBlurEffect: a portrait-style depth of field from a disparity map, realised with the engine's masked
    /// variable blur (``VariableBlur``: Gaussian levels blended by a mask) on the image clamped to its extent, the
    /// result cropped to the image's extent.
    /// - The disparity is the red channel of `inputDisparityImage` (larger is nearer), stretched bilinearly over the
    ///   image's extent when the two differ (disparity maps are usually smaller than the photo).
    /// - The focus disparity f is the mean disparity inside `inputFocusRect`, a rectangle in normalised coordinates
    ///   (0…1 of the image, origin bottom left); without a focus rectangle (or one missing the image) f is the
    ///   largest disparity, so the nearest surface stays sharp.
    /// - The blur's standard deviation at a pixel is σ = 2 px × `inputAperture` × `inputScaleFactor` × min(|d − f|, 1)
    ///   (the full σ capped at 200 px): in focus nothing changes, a disparity difference of 1 or more gets the full
    ///   blur. Aperture 0 (the default) returns the input.
    /// - `inputMatteImage` (red channel, 0…1), when given, protects the subject: the blur is scaled by 1 − matte.
    /// - `inputLumaNoiseScale` adds grain to blurred areas: each colour component gains
    ///   scale × blur fraction × (h − 0.5), h a fixed per-pixel hash in 0…1.
    /// Where this differs from Apple: Apple blurs with a disc (bokeh) kernel and uses its own aperture-to-radius
    /// mapping, face landmarks and the hair and glasses mattes to refine the focus; those inputs
    /// (`inputHairImage`, `inputGlassesImage`, `inputGainMap`, the eye, nose and chin positions, `inputShape`) are
    /// accepted and ignored, and `inputCalibrationData` and `inputAuxDataMetadata` take Apple-only objects
    /// (`AVCameraCalibrationData`, `CGImageMetadata`) that Linux does not have, so no value can be set for them.
    /// No disparity image gives no output; an infinite disparity image gives the input unchanged.
    static let depthBlurEffect = FilterDefinition(
        name: "CIDepthBlurEffect", display: "Depth Blur Effect",
        categories: [kCategory.blur, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Applies a variable radius disc blur to an image where areas in the background are softened more than those in the foreground.",
        parameters: [
            .image(),
            .image("inputDisparityImage", summary: "The disparity map of the image (red channel; larger values are nearer)."),
            .image("inputMatteImage", summary: "A matting image."),
            .image("inputHairImage", summary: "A segmentation matte image that corresponds to people’s hair."),
            .image("inputGlassesImage", summary: "A segmentation matte image that corresponds to people’s glasses."),
            .image("inputGainMap", summary: "The gain map of the image."),
            .scalar("inputAperture", 0, min: 0, max: 22, sliderMin: 0, sliderMax: 22, summary: "The simulated aperture: 0 leaves the image sharp."),
            .position("inputLeftEyePositions", -1, -1, summary: "The positions of the left eyes of faces in the image."),
            .position("inputRightEyePositions", -1, -1, summary: "The positions of the right eyes of faces in the image."),
            .position("inputChinPositions", -1, -1, summary: "The positions of the chins of faces in the image."),
            .position("inputNosePositions", -1, -1, summary: "The positions of the noses of faces in the image."),
            FilterParameter("inputFocusRect", .vector, type: "CIAttributeTypeRectangle",
                            summary: "The rectangle, in normalized image coordinates, whose disparity is kept in focus."),
            .scalar("inputLumaNoiseScale", 0, min: 0, max: 0.1, sliderMin: 0, sliderMax: 0.1, summary: "The amount of noise added to blurred areas."),
            .scalar("inputScaleFactor", 1, summary: "The scale of the image relative to the full-resolution capture the disparity map belongs to."),
            FilterParameter("inputCalibrationData", .cameraCalibration, summary: "The camera calibration data of the capture."),
            FilterParameter("inputAuxDataMetadata", .imageMetadata, summary: "The metadata of the auxiliary depth data."),
            FilterParameter("inputShape", .string, summary: "The shape of the bokeh."),
        ], mac: "10.13", iOS: "11"
    ) { args in
        guard let image = args.image(), let disparityInput = args.image("inputDisparityImage") else { return nil }
        let sigma = min(DepthBlur.sigmaPerAperture * args.number("inputAperture") * max(args.number("inputScaleFactor"), 0),
                        DepthBlur.maximumSigma)
        guard sigma > 0.01, !disparityInput.extent.isEffectivelyInfinite, !disparityInput.pixelExtent.isEmpty else { return image }
        let disparity = DepthBlur.aligned(disparityInput, to: image.extent)
        let matte = args.image("inputMatteImage").map { DepthBlur.aligned($0, to: image.extent) }
        let focus = DepthBlur.focusArea(args.rect("inputFocusRect"), of: disparity)
        let area = focus ?? disparity.pixelExtent
        let statistics = disparity.reducing(ComponentExtremaKernel(area: area, output: .redAverageAndMaximum))
            .clamped(to: CGRect(x: area.x, y: area.y, width: 1, height: 1))
        let mask = DepthBlur.mask(disparity: disparity, statistics: statistics, meanInFocus: focus != nil, matte: matte)
        let finite = !image.extent.isEffectivelyInfinite
        var blurred = (finite ? image.clamped(to: image.extent) : image).applying(area: VariableBlur(radius: sigma), [mask])
        let noise = Float(args.number("inputLumaNoiseScale"))
        if noise > 0 { blurred = DepthBlur.addingNoise(to: blurred, mask: mask, scale: noise) }
        return finite ? blurred.cropped(to: image.extent) : blurred
    }
}

/// The pieces of CIDepthBlurEffect (see the filter's documentation).
enum DepthBlur {
    /// σ in pixels per unit of aperture × scale factor at full blur.
    static let sigmaPerAperture = 2.0
    /// The largest full-blur σ (a scale factor far above 1 cannot make the blur's reach, 3σ, unbounded).
    static let maximumSigma = 200.0

    /// `aux` stretched (bilinear, edges clamped) so that its extent is `extent`; unchanged when they already match
    /// or either is infinite.
    static func aligned(_ aux: Image, to extent: CGRect) -> Image {
        let e = aux.extent
        guard !extent.isEffectivelyInfinite, !e.isEffectivelyInfinite, e.width > 0, e.height > 0, e != extent else { return aux }
        let sx = extent.width / e.width, sy = extent.height / e.height
        let t = CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: extent.minX - e.minX * sx, ty: extent.minY - e.minY * sy)
        return aux.clamped(to: e).transformed(by: t).cropped(to: extent)
    }

    /// The pixels of `disparity` inside the normalised rectangle `rect` (0…1 of the disparity's extent), or nil when
    /// there is no rectangle (infinite, empty) or it misses the disparity.
    static func focusArea(_ rect: CGRect, of disparity: Image) -> PixelRect? {
        guard !rect.isEffectivelyInfinite, rect.width > 0, rect.height > 0 else { return nil }
        let e = disparity.extent
        let pixels = CGRect(x: e.minX + rect.minX * e.width, y: e.minY + rect.minY * e.height,
                            width: rect.width * e.width, height: rect.height * e.height).intersection(e)
        guard !pixels.isNull, !pixels.isEmpty else { return nil }
        let area = PixelRect(covering: pixels).intersection(disparity.pixelExtent)
        return area.isEmpty ? nil : area
    }

    /// The blur fraction min(|d − f|, 1) × (1 − matte) as an opaque grey image over the disparity's extent (clear,
    /// so no blur, outside it); f is the statistics pixel's red (mean) or green (maximum).
    static func mask(disparity: Image, statistics: Image, meanInFocus: Bool, matte: Image?) -> Image {
        let kernel = ClosureKernel(name: "depthBlurMask", signature: "mean=\(meanInFocus) matte=\(matte != nil)", arity: matte == nil ? 2 : 3,
                                   unpremultiplied: true, extent: { $0[0].extent }, opaque: { _ in true }) { inputs, _ in
            let f = meanInFocus ? inputs[1].x : inputs[1].y
            var m = min(abs(inputs[0].x - f), 1)
            if inputs.count > 2 { m *= 1 - min(max(inputs[2].x, 0), 1) }
            return SIMD4(m, m, m, 1)
        }
        return disparity.applying(kernel, matte.map { [statistics, $0] } ?? [statistics])
    }

    /// `image` with scale × mask × (h − 0.5) added to each unpremultiplied colour component, h = ``grain(_:)``.
    static func addingNoise(to image: Image, mask: Image, scale: Float) -> Image {
        let kernel = ClosureKernel(name: "depthBlurNoise", signature: "\(scale)", arity: 2, unpremultiplied: true,
                                   extent: { $0[0].extent }, opaque: { $0[0].isOpaque }) { inputs, position in
            let n = scale * inputs[1].x * (grain(position) - 0.5)
            let p = inputs[0]
            return SIMD4(p.x + n, p.y + n, p.z + n, p.w)
        }
        return image.applying(kernel, [mask])
    }

    /// A fixed pseudo-random value in 0…1 for a pixel centre (integer hash of the pixel's coordinates).
    @inline(__always) static func grain(_ position: SIMD2<Float>) -> Float {
        var h = UInt32(truncatingIfNeeded: Int(position.x.rounded(.down))) &* 0x9E37_79B1
        h ^= UInt32(truncatingIfNeeded: Int(position.y.rounded(.down))) &* 0x85EB_CA77
        h ^= h >> 15; h = h &* 0x2C1B_3C6D; h ^= h >> 12
        return Float(h & 0xFFFFFF) / Float(0xFFFFFF)
    }
}
