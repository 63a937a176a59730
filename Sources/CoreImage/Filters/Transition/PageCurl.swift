import Foundation

/// The page curl shared by `CIPageCurlTransition` and `CIPageCurlWithShadowTransition`.
///
/// The page is the image over its extent P. It is lifted off the target from the side the direction
/// n = (cos angle, sin angle) points to, rolling over a cylinder of radius r whose axis lies on the page along the
/// fold line {p : p·n = e}, e = smax − time·(smax − smin + r) (smin…smax the span along n of `inputExtent`, or of P
/// when that extent is empty). A page point u beyond the line (measured along n) lies on the cylinder at angle
/// φ = u/r — seen from above at s = r·sin φ from the line — and once φ > π lies flat on top of the page, back
/// up, at s = −(u − πr). For a point p with s = p·n − e, the topmost layer is shown:
/// * s > r: no page (the target);
/// * 0 ≤ s ≤ r: the back of page point u = r(π − asin(s/r)) if it lies in P, else the front of
///   u = r·asin(s/r) if that lies in P, else no page;
/// * s < 0: the back of page point u = πr − s if it lies in P, else the page itself at p (if p is in P).
/// The page point u is the one at p + n·(u − s). Its front shows the image there and its back
/// `inputBacksideImage` there (the image itself when no backside image is given); both are sampled bilinearly.
/// Apple publishes the parameters and pictures, not this geometry; `inputShadingImage` (Apple's lighting for
/// the curl) is accepted and not used, so the curl is unlit.
struct PageCurl: Sendable {
    let page: CGRect
    let direction: SIMD2<Double>
    let line: Double
    let radius: Double

    init?(_ args: FilterArguments, image: Image) {
        let page = image.extent
        guard !page.isNull, !page.isEmpty, !page.isEffectivelyInfinite else { return nil }
        var area = args.rect(kCIInputExtentKey).standardized
        if area.isNull || area.isEmpty || area.isEffectivelyInfinite { area = page }
        let angle = args.number(kCIInputAngleKey), time = args.number(kCIInputTimeKey)
        direction = SIMD2(cos(angle), sin(angle))
        radius = max(args.number(kCIInputRadiusKey), 0.01)
        let (low, high) = Transition.span(area, direction)
        line = high - time * (high - low + radius)
        self.page = page
    }

    /// Where point `p` is relative to the fold line.
    @inline(__always) func offset(_ p: SIMD2<Double>) -> Double { (p * direction).sum() - line }

    /// The page point shown at `p` and whether its back is up, or `nil` where no page lies.
    func pagePoint(_ p: SIMD2<Double>) -> (SIMD2<Double>, back: Bool)? {
        let s = offset(p)
        func inside(_ u: Double) -> SIMD2<Double>? {
            let q = p + direction * (u - s)
            return q.x >= Double(page.minX) && q.x < Double(page.maxX) && q.y >= Double(page.minY) && q.y < Double(page.maxY) ? q : nil
        }
        if s > radius { return nil }
        if s >= 0 {
            let phi = asin(min(s / radius, 1))
            if let q = inside(radius * (Double.pi - phi)) { return (q, true) }
            if let q = inside(radius * phi) { return (q, false) }
            return nil
        }
        if let q = inside(Double.pi * radius - s) { return (q, true) }
        if let q = inside(s) { return (q, false) }
        return nil
    }

    /// The page layer (clear where no page lies) over the pixels of `output`: input 0 is the image, input 1 the
    /// backside.
    var kernel: PageCurlKernel { PageCurlKernel(curl: self) }
}

/// Renders a ``PageCurl``'s page layer; inputs 0 (front) and 1 (back) are read over the whole page.
struct PageCurlKernel: AreaKernel {
    let curl: PageCurl
    let name = "pageCurl"
    let arity = 2
    var signature: String { "\(curl.page) \(curl.direction) \(curl.line) \(curl.radius)" }

    func extent(of inputs: [Image]) -> CGRect { curl.page }
    var source: PixelRect { PixelRect(covering: curl.page).outset(2, 2) }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.isEmpty ? .empty : source }
    var prefersIntermediateInput: Bool { source.area > 512 * 512 }
    var samplesInputsWithBoundsChecks: Bool { true }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        for y in output.rect.y..<output.rect.maxY {
            var o = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                var v = SIMD4<Float>.zero
                if let (q, back) = curl.pagePoint(SIMD2(Double(x) + 0.5, Double(y) + 0.5)) {
                    v = inputs[back ? 1 : 0].bilinear(Float(q.x), Float(q.y))
                }
                o[0] = v.x; o[1] = v.y; o[2] = v.z; o[3] = v.w
                o += 4
            }
        }
    }
}

extension FilterCatalog {
    /// CIPageCurlTransition: the image curls off like a page, uncovering the target (see ``PageCurl`` for the
    /// geometry): the page layer lies over the target (source over). Time 0 returns the image and time 1 the
    /// target, unchanged; in between the extent is the union of the two images' extents. An image with an
    /// infinite extent is no page: no output.
    static let pageCurlTransition = FilterDefinition(
        name: "CIPageCurlTransition", display: "Page Curl", categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another by simulating a curling page, revealing the new image as the page curls.",
        parameters: [
            .image(),
            .image(kCIInputTargetImageKey, summary: "The target image for a transition."),
            FilterParameter("inputBacksideImage", .image, summary: "The image that appears on the back of the source image, as the page curls to reveal the target image."),
            .image(kCIInputShadingImageKey, summary: "An image that looks like a shaded sphere enclosed in a square image."),
            .rectangle(kCIInputExtentKey, [0, 0, 300, 300], summary: "The extent of the effect."),
            Transition.time(),
            .angle(kCIInputAngleKey, 0, summary: "The angle of the curling page."),
            .distance(kCIInputRadiusKey, 100, min: 0.01, sliderMin: 0.01, sliderMax: 400, summary: "The radius of the curl."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image(), let target = args.image(kCIInputTargetImageKey) else { return nil }
        return PageCurl.transition(args, image: image, target: target, shadow: nil)
    }

    /// CIPageCurlWithShadowTransition: ``pageCurlTransition`` whose curl casts a shadow on the target: where no
    /// page lies, a target point at s ≥ r from the fold line (see ``PageCurl``) has its colour multiplied by
    /// 1 − amount·clamp(1 − (s − r)/(`inputShadowSize`·r), 0, 1), and by 1 − amount under the curl (s < r);
    /// only inside `inputShadowExtent` (the page's extent when that is empty, Apple's default). Apple publishes
    /// the parameters, not this shadow. Time 0 returns the image and time 1 the target, unchanged.
    static let pageCurlWithShadowTransition = FilterDefinition(
        name: "CIPageCurlWithShadowTransition", display: "Page Curl With Shadow",
        categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another by simulating a curling page, revealing the new image as the page curls.",
        parameters: [
            .image(),
            .image(kCIInputTargetImageKey, summary: "The target image for a transition."),
            FilterParameter("inputBacksideImage", .image, summary: "The image that appears on the back of the source image, as the page curls to reveal the target image."),
            .rectangle(kCIInputExtentKey, [0, 0, 0, 0], summary: "The extent of the effect."),
            Transition.time(),
            .angle(kCIInputAngleKey, 0, summary: "The angle of the curling page."),
            .distance(kCIInputRadiusKey, 100, min: 0.01, sliderMin: 0.01, sliderMax: 400, summary: "The radius of the curl."),
            .distance("inputShadowSize", 0.5, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "The maximum size in pixels of the shadow."),
            .distance("inputShadowAmount", 0.7, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "The strength of the shadow."),
            .rectangle("inputShadowExtent", [0, 0, 0, 0], summary: "The rectagular portion of input image that will cast a shadow."),
        ], mac: "10.9", iOS: "9"
    ) { args in
        guard let image = args.image(), let target = args.image(kCIInputTargetImageKey) else { return nil }
        var area = args.rect("inputShadowExtent").standardized
        if area.isNull || area.isEmpty || area.isEffectivelyInfinite { area = image.extent }
        let shadow = (size: min(max(args.number("inputShadowSize"), 0), 1), amount: min(max(args.number("inputShadowAmount"), 0), 1), area: area)
        return PageCurl.transition(args, image: image, target: target, shadow: shadow)
    }
}

extension PageCurl {
    /// The page layer over the (possibly shadowed) target.
    static func transition(_ args: FilterArguments, image: Image, target: Image,
                           shadow: (size: Double, amount: Double, area: CGRect)?) -> Image? {
        let time = args.number(kCIInputTimeKey)
        if time <= 0 { return image }
        if time >= 1 { return target }
        guard let curl = PageCurl(args, image: image) else { return nil }
        let back = args.image("inputBacksideImage") ?? image
        let layer = image.applying(area: curl.kernel, [back])
        let joint = image.extent.union(target.extent)
        let width = max((shadow?.size ?? 0) * curl.radius, 1e-9), amount = Float(shadow?.amount ?? 0)
        let box = shadow.map { (Double($0.area.minX), Double($0.area.minY), Double($0.area.maxX), Double($0.area.maxY)) } ?? (0, 0, 0, 0)
        let kernel = ClosureKernel(name: "pageCurlOver", signature: "\(curl.direction) \(curl.line) \(curl.radius) \(width) \(amount) \(box)",
                                   arity: 2, extent: { _ in joint }) { inputs, p in
            var below = inputs[1]
            let x = Double(p.x), y = Double(p.y)
            if amount > 0, x >= box.0, x < box.2, y >= box.1, y < box.3 {
                let s = curl.offset(SIMD2(x, y)) - curl.radius
                let dark = 1 - amount * Float(s < 0 ? 1 : min(max(1 - s / width, 0), 1))
                below = SIMD4(below.x * dark, below.y * dark, below.z * dark, below.w)
            }
            return inputs[0] + below * (1 - inputs[0].w)
        }
        return layer.applying(kernel, [target])
    }
}
