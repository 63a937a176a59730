import Foundation

extension CIImage {
    /// All the filters auto-adjustment proposes for this image with the default options (enhancement and red eye;
    /// neither crop nor level).
    ///
    /// ```swift
    /// var result = image
    /// for filter in image.autoAdjustmentFilters() {
    ///     filter.setValue(result, forKey: kCIInputImageKey)
    ///     result = filter.outputImage!
    /// }
    /// ```
    public func autoAdjustmentFilters() -> [CIFilter] { autoAdjustmentFilters(options: nil) }

    /// Filters, with their parameters chosen from this image's statistics and faces, that correct its common
    /// problems; chain them in the order given (each one's `inputImage` the previous one's output).
    ///
    /// In order: one `CIRedEyeCorrection` per face with both eyes (`.redEye`, default on); `CIVibrance`,
    /// `CIToneCurve`, `CIHighlightShadowAdjust` (`.enhance`, default on), each only when it changes the image
    /// noticeably; `CICrop` around the faces in the image's aspect ratio (`.crop`, default off); `CIStraightenFilter`
    /// levelling the dominant near-horizontal line (`.level`, default off). Faces come from `.features` or, when it
    /// is absent, from a `CIDetector` (honouring a `CIDetectorImageOrientation` key). The filters' `inputImage` is
    /// not set. Differences from Apple (Docs/CoreImage.md, "Auto adjustment"): no `CIFaceBalance`; the methods are
    /// this port's own (Apple publishes none).
    public func autoAdjustmentFilters(options: [CIImageAutoAdjustmentOption: Any]? = nil) -> [CIFilter] {
        let options = options ?? [:]
        func flag(_ key: CIImageAutoAdjustmentOption, _ fallback: Bool) -> Bool {
            (options[key] as? NSNumber)?.boolValue ?? (options[key] as? Bool) ?? fallback
        }
        let (enhance, redEye, crop, level) = (flag(.enhance, true), flag(.redEye, true), flag(.crop, false), flag(.level, false))
        let context = CIContext(options: [.cacheIntermediates: false])
        var faces: [CIFaceFeature] = []
        if redEye || crop {
            if let given = options[.features] as? [CIFeature] {
                faces = given.compactMap { $0 as? CIFaceFeature }
            } else {
                let orientation = options[CIImageAutoAdjustmentOption(rawValue: CIDetectorImageOrientation)]
                faces = (Self.faceDetector.features(in: self, options: orientation.map { [CIDetectorImageOrientation: $0] }))
                    .compactMap { $0 as? CIFaceFeature }
            }
        }
        var filters: [CIFilter] = []
        if redEye {
            for face in faces where face.hasLeftEyePosition && face.hasRightEyePosition {
                let filter = CIFilter(name: "CIRedEyeCorrection")!
                filter.setValue(CIVector(cgPoint: face.leftEyePosition), forKey: "inputLeftEyePosition")
                filter.setValue(CIVector(cgPoint: face.rightEyePosition), forKey: "inputRightEyePosition")
                let distance = hypot(face.rightEyePosition.x - face.leftEyePosition.x, face.rightEyePosition.y - face.leftEyePosition.y)
                filter.setValue(max(2, 0.2 * distance), forKey: kCIInputRadiusKey)
                filters.append(filter)
            }
        }
        if enhance, let plan = Self.enhancementPlan(for: image, context: context) {
            if let amount = plan.vibrance {
                let filter = CIFilter(name: "CIVibrance")!
                filter.setValue(amount, forKey: kCIInputAmountKey)
                filters.append(filter)
            }
            if let curve = plan.curve {
                let filter = CIFilter(name: "CIToneCurve")!
                for (i, point) in curve.enumerated() { filter.setValue(CIVector(x: point.0, y: point.1), forKey: "inputPoint\(i)") }
                filters.append(filter)
            }
            if let amount = plan.shadows {
                let filter = CIFilter(name: "CIHighlightShadowAdjust")!
                filter.setValue(amount, forKey: "inputShadowAmount")
                filters.append(filter)
            }
        }
        if crop, let rect = FaceFraming.crop(around: faces.map(\.bounds), in: extent) {
            let filter = CIFilter(name: "CICrop")!
            filter.setValue(CIVector(cgRect: rect), forKey: "inputRectangle")
            filters.append(filter)
        }
        if level, let grey = GreyImage(self, orientation: .up, maximumSide: 512, context: context),
           let angle = HorizonFinder.levellingAngle(of: grey) {
            let filter = CIFilter(name: "CIStraightenFilter")!
            filter.setValue(angle, forKey: kCIInputAngleKey)
            filters.append(filter)
        }
        return filters
    }

    private static let faceDetector = CIDetector(ofType: CIDetectorTypeFace, context: nil, options: [CIDetectorAccuracy: CIDetectorAccuracyHigh])!

    /// The curve from the image's histograms, then vibrance and shadows from the histograms of the curved image.
    private static func enhancementPlan(for image: Image, context: CIContext) -> EnhancementPlan? {
        guard let analysis = ToneAnalysis(image, context: context) else { return nil }
        let curve = EnhancementPlan.curve(for: analysis)
        var curved = image
        if let curve {
            let spline = CubicSpline(points: curve)
            curved = image.applying(operationsKernel("autoAdjustCurve", [.curve(ToneCurve(name: "autoAdjustCurve") { v in
                Double(Luma.decode(Float(spline.value(at: Double(Luma.encode(Float(v)))))))
            })]))
        }
        guard let after = ToneAnalysis(curved, context: context) else { return nil }
        return EnhancementPlan(curve: curve, vibrance: EnhancementPlan.vibrance(for: after), shadows: EnhancementPlan.shadows(for: after))
    }
}
