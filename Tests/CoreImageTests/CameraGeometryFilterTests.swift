import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIStretchCrop`, `CIPerspectiveRotate` and the keystone corrections beyond their numpy references
/// (`FilterCases.cameraFilters`): Apple's attributes, identities, the geometry they promise (guides made
/// parallel), the typed API and renders on a photo.
@Suite struct CameraGeometryFilterTests {
    static let keystones = ["CIKeystoneCorrectionVertical", "CIKeystoneCorrectionHorizontal", "CIKeystoneCorrectionCombined"]

    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    static func number(_ value: Any?) -> Double? { FilterValuesProbe.number(value) }

    @Test func namesCategoriesKeysAndDefaultsMatchApple() throws {
        let guides = ["inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft"]
        let expected: [(String, String, String, [String], String, String)] = [
            ("CIStretchCrop", "Stretch Crop", kCICategoryDistortionEffect,
             [kCIInputImageKey, "inputSize", "inputCropAmount", "inputCenterStretchAmount"], "10.6", "9"),
            ("CIPerspectiveRotate", "Perspective Rotate", kCICategoryGeometryAdjustment,
             [kCIInputImageKey, "inputFocalLength", "inputPitch", "inputYaw", "inputRoll"], "10.15", "13"),
            ("CIKeystoneCorrectionVertical", "Vertical Keystone Correction", kCICategoryGeometryAdjustment,
             [kCIInputImageKey, "inputFocalLength"] + guides, "10.15", "13"),
            ("CIKeystoneCorrectionHorizontal", "Horizontal Keystone Correction", kCICategoryGeometryAdjustment,
             [kCIInputImageKey, "inputFocalLength"] + guides, "10.15", "13"),
            ("CIKeystoneCorrectionCombined", "Combined Keystone Correction", kCICategoryGeometryAdjustment,
             [kCIInputImageKey, "inputFocalLength"] + guides, "10.15", "13"),
        ]
        for (name, display, category, keys, mac, iOS) in expected {
            let filter = try #require(CIFilter(name: name), "\(name) missing")
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display, "\(name)")
            #expect(filter.inputKeys == keys, "\(name)")
            #expect(CIFilter.filterNames(inCategory: category).contains(name), "\(name) not in \(category)")
            #expect(CIFilter.filterNames(inCategory: kCICategoryHighDynamicRange).contains(name), "\(name) not HDR")
            #expect(filter.attributes[kCIAttributeFilterAvailable_Mac] as? String == mac, "\(name)")
            #expect(filter.attributes[kCIAttributeFilterAvailable_iOS] as? String == iOS, "\(name)")
        }
        #expect(try Self.attributes("CIStretchCrop", "inputSize")[kCIAttributeDefault] as? CIVector == CIVector(x: 1280, y: 720))
        #expect(try Self.attributes("CIStretchCrop", "inputSize")[kCIAttributeType] as? String == kCIAttributeTypePosition)
        for key in ["inputCropAmount", "inputCenterStretchAmount"] {
            let a = try Self.attributes("CIStretchCrop", key)
            #expect(Self.number(a[kCIAttributeDefault]) == 0.25 && Self.number(a[kCIAttributeMin]) == 0 && Self.number(a[kCIAttributeMax]) == 1, "\(key)")
        }
        let focal = try Self.attributes("CIPerspectiveRotate", "inputFocalLength")
        #expect(Self.number(focal[kCIAttributeDefault]) == 28 && Self.number(focal[kCIAttributeSliderMin]) == 15 && Self.number(focal[kCIAttributeSliderMax]) == 100)
        let roll = try Self.attributes("CIPerspectiveRotate", "inputRoll")
        #expect(roll[kCIAttributeType] as? String == kCIAttributeTypeAngle && Self.number(roll[kCIAttributeSliderMax]) == 0.7854)
        for name in Self.keystones {
            #expect(Self.number(try Self.attributes(name, "inputFocalLength")[kCIAttributeDefault]) == 28, "\(name)")
            let corner = try Self.attributes(name, "inputTopLeft")
            #expect(corner[kCIAttributeType] as? String == kCIAttributeTypePosition && corner[kCIAttributeDefault] == nil, "\(name)")
        }
    }

    @Test func identitiesReturnTheInput() throws {
        let pattern = TestImages.patternImage(width: 12, height: 10)
        let region = CGRect(x: 0, y: 0, width: 12, height: 10)
        let original = Render.linearFloats(pattern, region)
        #expect(Render.linearFloats(try #require(pattern.applyingFilter("CIPerspectiveRotate") as CIImage?), region) == original)
        for name in Self.keystones {
            // No guides, and guides already parallel, leave the image alone.
            #expect(Render.linearFloats(pattern.applyingFilter(name), region) == original, "\(name)")
            let square = pattern.applyingFilter(name, parameters: [
                "inputTopLeft": CIVector(x: 2, y: 8), "inputTopRight": CIVector(x: 10, y: 8),
                "inputBottomRight": CIVector(x: 10, y: 2), "inputBottomLeft": CIVector(x: 2, y: 2)])
            #expect(square.extent == pattern.extent && Render.linearFloats(square, region) == original, "\(name)")
        }
        // Size equal to the input, no crop needed, no centre stretch: the input's pixels.
        let same = pattern.applyingFilter("CIStretchCrop", parameters: ["inputSize": CIVector(x: 12, y: 10), "inputCenterStretchAmount": 0])
        #expect(same.extent == pattern.extent)
        #expect(Render.maxDifference(Render.linearFloats(same, region), original) <= 1e-6)
    }

    /// The guides' directions after the keystone filter's camera turn (for a 600 × 400 image): the left and right
    /// guides, or for the horizontal correction the top and bottom ones.
    static func mappedGuideDirections(_ name: String, _ guides: [String: CIVector]) throws -> (SIMD2<Double>, SIMD2<Double>) {
        let camera = try #require(CameraRotation(extent: CGRect(x: 0, y: 0, width: 600, height: 400), focalLength: 28))
        let args = FilterArguments(guides.mapValues { .vector([Double($0.x), Double($0.y)]) },
                                   definition: try #require(FilterCatalog.definition(named: name)))
        let kind: KeystoneCorrection = name.hasSuffix("Vertical") ? .vertical : name.hasSuffix("Horizontal") ? .horizontal : .combined
        let r = KeystoneCorrection.rotation(kind, camera: camera, args)
        func map(_ key: String) throws -> SIMD2<Double> {
            let v = try #require(guides[key])
            return try #require(camera.map(SIMD2(Double(v.x), Double(v.y)), r))
        }
        let left = try map("inputTopLeft") - map("inputBottomLeft"), right = try map("inputTopRight") - map("inputBottomRight")
        let top = try map("inputTopRight") - map("inputTopLeft"), bottom = try map("inputBottomRight") - map("inputBottomLeft")
        return name.hasSuffix("Horizontal") ? (top, bottom) : (left, right)
    }

    @Test func keystonesMakeTheirGuidesParallel() throws {
        // A 600 × 400 photo of a building: verticals converge upwards, horizontals towards the right.
        let guides: [String: CIVector] = ["inputTopLeft": CIVector(x: 180, y: 330), "inputTopRight": CIVector(x: 420, y: 310),
                                          "inputBottomRight": CIVector(x: 470, y: 60), "inputBottomLeft": CIVector(x: 130, y: 40)]
        func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { (a.x * b.y - a.y * b.x) / (hypot(a.x, a.y) * hypot(b.x, b.y)) }
        for name in Self.keystones {
            let (a, b) = try Self.mappedGuideDirections(name, guides)
            #expect(abs(cross(a, b)) < 1e-9, "\(name): guides not parallel after correction (sin \(cross(a, b)))")
        }
    }

    @Test func typedFiltersShareTheStringStore() {
        let stretch = CIFilter.stretchCrop()
        #expect(stretch.size == CGPoint(x: 1280, y: 720) && stretch.cropAmount == 0.25 && stretch.centerStretchAmount == 0.25)
        stretch.size = CGPoint(x: 20, y: 10)
        #expect(stretch.value(forKey: "inputSize") as? CIVector == CIVector(x: 20, y: 10))
        let rotate = CIFilter.perspectiveRotate()
        #expect(rotate.focalLength == 28 && rotate.pitch == 0 && rotate.yaw == 0 && rotate.roll == 0)
        rotate.yaw = 0.2
        #expect(FilterValuesProbe.number(rotate.value(forKey: "inputYaw")) == Double(Float(0.2)))
        let vertical = CIFilter.keystoneCorrectionVertical()
        vertical.topLeft = CGPoint(x: 3, y: 9)
        #expect(vertical.value(forKey: "inputTopLeft") as? CIVector == CIVector(x: 3, y: 9) && vertical.focalLength == 28)
        let image = TestImages.patternImage(width: 8, height: 6)
        stretch.inputImage = image; rotate.inputImage = image; vertical.inputImage = image
        let horizontal = CIFilter.keystoneCorrectionHorizontal(), combined = CIFilter.keystoneCorrectionCombined()
        horizontal.inputImage = image; combined.inputImage = image
        #expect(stretch.outputImage?.extent == CGRect(x: 0, y: 0, width: 20, height: 10))
        for filter in [rotate, vertical, horizontal, combined] as [CIFilter] { #expect(filter.outputImage != nil, "\(filter.name)") }
        // Apple's four-point filters share CIFourCoordinateGeometryFilter.
        let fourPoint: [CIFilter & CIFourCoordinateGeometryFilter] = [vertical, horizontal, combined, CIFilter.perspectiveTransform(),
                                                                      CIFilter.perspectiveTransformWithExtent(), CIFilter.perspectiveCorrection()]
        for filter in fourPoint {
            filter.bottomLeft = CGPoint(x: 1, y: 2)
            #expect(filter.value(forKey: "inputBottomLeft") as? CIVector == CIVector(x: 1, y: 2), "\(filter.name)")
        }
    }

    @Test(.enabled(if: TestMedia.folder != nil, "needs the shared media corpus"))
    func renderOnAPhoto() throws {
        let url = try #require(TestMedia.url("images/no_metadata.jpg"))
        let photo = try #require(CIImage(contentsOf: url))
        let e = photo.extent
        let filters: [(String, [String: Any])] = [
            ("CIStretchCrop", [:]),
            ("CIPerspectiveRotate", ["inputPitch": 0.2, "inputYaw": 0.1]),
            ("CIKeystoneCorrectionVertical", ["inputTopLeft": CIVector(x: e.width * 0.3, y: e.height * 0.9), "inputTopRight": CIVector(x: e.width * 0.7, y: e.height * 0.9),
                                              "inputBottomRight": CIVector(x: e.width * 0.8, y: e.height * 0.1), "inputBottomLeft": CIVector(x: e.width * 0.2, y: e.height * 0.1)]),
        ]
        for (name, parameters) in filters {
            let output = try #require(photo.applyingFilter(name, parameters: parameters) as CIImage?, "\(name)")
            #expect(!output.extent.isEmpty && !output.extent.isInfinite, "\(name)")
            let centre = CGRect(x: output.extent.midX.rounded() - 32, y: output.extent.midY.rounded() - 16, width: 64, height: 32)
            let values = Render.linearFloats(output, centre)
            #expect(!values.contains { !$0.isFinite } && values.contains { $0 > 0.01 }, "\(name)")
        }
        #expect(photo.applyingFilter("CIStretchCrop").extent == CGRect(x: 0, y: 0, width: 1280, height: 720))
    }
}
