import Foundation

extension FilterCatalog {
    /// CIKMeans: k-means clustering of the colours of the input's pixels inside `inputExtent` (cut to the image
    /// when its extent is finite; fully clear pixels are skipped), output as an `inputCount` × 1 image at the
    /// extent's origin: pixel i holds cluster i's mean colour (unpremultiplied, linear working space) in RGB and
    /// the fraction of the pixels in that cluster in alpha, as Apple documents (use `settingAlphaOne(in:)` before
    /// `CIPalettize`).
    ///
    /// The rule, chosen here since Apple documents none: the first `inputCount` pixels of `inputMeans` (row order
    /// from the bottom, unpremultiplied) seed the clusters; seeds it does not give are pixel ⌊(2i + 1)·n / 2k⌋ of
    /// the n non-clear pixels in row order from the bottom. Each of round(`inputPasses`) passes gives every pixel
    /// to its nearest mean (the first of equally near ones; Euclidean in linear RGB, or in CIE L*a*b* when
    /// `inputPerceptual`, as `CIPalettize` measures) and moves each mean to the average linear colour of its
    /// pixels (a cluster left empty keeps its mean); the weights come from a last assignment to the final means.
    /// An area with no non-clear pixels gives clear means; a count of 0 an empty image; an empty or infinite area
    /// no output.
    static let kMeans = FilterDefinition(
        name: "CIKMeans", display: "KMeans",
        categories: [kCategory.reduction, kCategory.video, kCategory.stillImage],
        summary: "Create a palette of the most common colors found in the image.",
        parameters: [
            .image(),
            .reductionExtent(),
            FilterParameter("inputMeans", .image, type: "CIAttributeTypeImage",
                            summary: "Specifies the color seeds to use for k-means clustering, either passed as an image or an array of colors."),
            .scalar("inputCount", 8, type: "CIAttributeTypeCount", min: 0, max: 128, sliderMin: 0, sliderMax: 128,
                    summary: "Specifies how many k-means color clusters should be used."),
            .scalar("inputPasses", 5, type: "CIAttributeTypeCount", min: 0, max: 20, sliderMin: 0, sliderMax: 20,
                    summary: "Specifies how many k-means passes should be performed."),
            .scalar("inputPerceptual", 0, type: "CIAttributeTypeBoolean", min: 0, max: 1,
                    summary: "Specifies whether the k-means color palette should be computed in a perceptual color space."),
        ], mac: "10.15", iOS: "13"
    ) { args in
        guard let image = args.image() else { return nil }
        let count = Int(args.number("inputCount").rounded())
        guard let area = args.reductionArea(of: image) else { return nil }
        guard count > 0 else { return .empty }
        var inputs = [image]
        var seeds = PixelRect.empty
        if let means = args.image("inputMeans"), let rect = Palette.rect(of: means) {
            inputs.append(means)
            seeds = rect
        }
        let processor = KMeansProcessor(area: area, seeds: seeds, count: count, passes: Int(args.number("inputPasses").rounded()),
                                        perceptual: args.bool("inputPerceptual"))
        return Image(.processor(processor, inputs), extent: processor.output.cgRect, isOpaque: false)
    }
}

/// K-means over a whole float buffer of the area (and of the seed image, when there is one).
struct KMeansProcessor: ImageProcessor {
    let area: PixelRect
    /// The seed image's pixels (empty: no seed image).
    let seeds: PixelRect
    let count: Int
    let passes: Int
    let perceptual: Bool
    let name = "kMeans"
    var argumentDigest: String { "\(area) \(seeds) \(count) \(passes) \(perceptual)" }
    var outputFormat: PixelFormat? { .rgbaf }
    var output: PixelRect { PixelRect(x: area.x, y: area.y, width: count, height: 1) }
    func inputFormat(_ index: Int) -> PixelFormat? { .rgbaf }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { input == 0 ? area : seeds }

    /// The clusters' means (unpremultiplied linear colours, alpha 1) and the fraction of `pixels` in each.
    static func cluster(_ pixels: [SIMD4<Float>], seeds given: [SIMD4<Float>], count: Int, passes: Int,
                        perceptual: Bool) -> (means: [SIMD4<Float>], weights: [Float]) {
        guard !pixels.isEmpty else { return ([SIMD4<Float>](repeating: .zero, count: count), [Float](repeating: 0, count: count)) }
        var means = Array(given.prefix(count))
        for i in means.count..<count { means.append(pixels[(2 * i + 1) * pixels.count / (2 * count)]) }
        means = means.map { SIMD4($0.x, $0.y, $0.z, 1) }
        // The pixels' coordinates in the distance space, computed once.
        let space = Palette(perceptual: perceptual)
        let keys = pixels.map(space.key)
        func assign() -> (sums: [SIMD4<Double>], members: [Int]) {
            let centres = means.map(space.key)
            var sums = [SIMD4<Double>](repeating: .zero, count: count), members = [Int](repeating: 0, count: count)
            for (p, k) in zip(pixels, keys) {
                var i = 0, nearest = Float.infinity
                for (j, c) in centres.enumerated() {
                    let d = c - k, distance = (d * d).sum()
                    if distance < nearest { (i, nearest) = (j, distance) }
                }
                sums[i] += SIMD4(Double(p.x), Double(p.y), Double(p.z), 1)
                members[i] += 1
            }
            return (sums, members)
        }
        for _ in 0..<max(passes, 0) {
            let (sums, members) = assign()
            for i in 0..<count where members[i] > 0 {
                let s = sums[i] / Double(members[i])
                means[i] = SIMD4(Float(s.x), Float(s.y), Float(s.z), 1)
            }
        }
        let members = assign().members
        return (means, members.map { Float(Double($0) / Double(pixels.count)) })
    }

    func process(inputs: [ProcessorBuffer], output: ProcessorBuffer) throws {
        var pixels: [SIMD4<Float>] = []
        pixels.reserveCapacity(area.area)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let p = PaletteCentroidProcessor.pixel(inputs[0], x, y)
                if p.w > 0 { pixels.append(Palette.unpremultiplied(p)) }
            }
        }
        var given: [SIMD4<Float>] = []
        if inputs.count > 1 {
            for y in seeds.y..<seeds.maxY {
                for x in seeds.x..<seeds.maxX { given.append(Palette.unpremultiplied(PaletteCentroidProcessor.pixel(inputs[1], x, y))) }
            }
        }
        let (means, weights) = Self.cluster(pixels, seeds: given, count: count, passes: passes, perceptual: perceptual)
        for y in output.region.y..<output.region.maxY {
            let row = (output.base + (y - output.region.y) * output.bytesPerRow).assumingMemoryBound(to: Float.self)
            for x in output.region.x..<output.region.maxX {
                let out = row + (x - output.region.x) * 4
                let i = x - area.x
                if y == area.y, i >= 0, i < count {
                    (out[0], out[1], out[2], out[3]) = (means[i].x, means[i].y, means[i].z, weights[i])
                } else {
                    (out[0], out[1], out[2], out[3]) = (0, 0, 0, 0)
                }
            }
        }
    }
}
