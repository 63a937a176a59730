import Foundation
import _Testing_CoreImage
@testable import CoreImage

/// Kernels written in the Core Image Kernel Language, compiled to the engine's lane programs. References are
/// computed here pixel by pixel in plain Swift from the rendered inputs (not through the compiler).
@Suite struct KernelLanguageTests {
    static let width = 16, height = 12

    /// Pixel (x, y) of a top-down float render, y counted up from the bottom as in working space.
    static func pixel(_ values: [Float], _ x: Int, _ y: Int, width: Int = width, height: Int = height) -> SIMD4<Float> {
        let i = ((height - 1 - y) * width + x) * 4
        return SIMD4(values[i], values[i + 1], values[i + 2], values[i + 3])
    }

    /// The largest component difference.
    static func distance(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
        max(abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z), abs(a.w - b.w))
    }

    @Test func colorKernelComputesItsFormulaAndFusesWithBuiltIns() throws {
        let kernel = try #require(CIColorKernel(source: """
            kernel vec4 swapAndScale(__sample s, float k) {
                return vec4(s.b, s.g, s.r, s.a) * k;
            }
            """))
        #expect(kernel.name == "swapAndScale")
        let image = TestImages.patternImage(width: Self.width, height: Self.height)
        let exposed = image.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 1.0])
        let out = try #require(kernel.apply(extent: image.extent, arguments: [exposed, 0.5]))
        let context = CIContext()
        let result = Render.linearFloats(out, image.extent, context: context)
        #expect(context.lastRenderStatistics.passes == 1)
        let base = Render.linearFloats(exposed, image.extent)
        for i in stride(from: 0, to: base.count, by: 4) {
            #expect(abs(result[i] - base[i + 2] * 0.5) < 1e-5 && abs(result[i + 2] - base[i] * 0.5) < 1e-5)
            #expect(abs(result[i + 1] - base[i + 1] * 0.5) < 1e-5 && abs(result[i + 3] - 0.5) < 1e-5)
        }
    }

    /// Branches taken by some pixels and not others, an early return, a helper with an `out` parameter, a loop
    /// with `break`, swizzle assignment, a matrix product and `?:`.
    @Test func controlFlowThatDiffersBetweenPixels() throws {
        let kernel = try #require(CIColorKernel(source: """
            float stepsBelow(float v, float limit, out float overshoot) {
                float n = 0.0;
                for (int i = 0; i < 10; i++) {
                    if (v + float(i) * 0.1 > limit) { overshoot = v + float(i) * 0.1 - limit; break; }
                    n += 1.0;
                }
                return n;
            }

            /* Left columns: the helper's results; the rest: channels swapped, checkered, rotated coordinates. */
            kernel vec4 branchy(__sample s, float limit) {
                vec2 d = destCoord();
                float over = 0.0;
                float n = stepsBelow(s.r, limit, over);
                if (d.x < 4.0) return vec4(n / 10.0, over, 0.0, 1.0);
                vec3 c = s.rgb;
                c.rb = c.br;
                mat2 m = mat2(0.0, 1.0, -1.0, 0.0);
                vec2 r = m * d;
                float t = mod(floor(d.x) + floor(d.y), 2.0) < 1.0 ? 1.0 : 0.5;
                return vec4(c.r * t, -r.x / 100.0, r.y / 100.0, 1.0);
            }
            """))
        let image = TestImages.patternImage(width: Self.width, height: Self.height)
        let out = try #require(kernel.apply(extent: image.extent, arguments: [image, 0.45]))
        let result = Render.linearFloats(out, image.extent), base = Render.linearFloats(image, image.extent)
        var worst: Float = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let s = Self.pixel(base, x, y), got = Self.pixel(result, x, y)
                let expected: SIMD4<Float>
                if x < 4 {
                    var n: Float = 0, over: Float = 0
                    for i in 0..<10 {
                        if s.x + Float(i) * 0.1 > 0.45 { over = s.x + Float(i) * 0.1 - 0.45; break }
                        n += 1
                    }
                    expected = SIMD4(n / 10, over, 0, 1)
                } else {
                    let t: Float = (x + y) % 2 == 0 ? 1 : 0.5
                    let cx = Float(x) + 0.5, cy = Float(y) + 0.5
                    expected = SIMD4(s.z * t, cy / 100, cx / 100, 1)
                }
                worst = max(worst, Self.distance(got, expected))
            }
        }
        #expect(worst < 1e-5, "max |difference| \(worst)")
    }

    /// `while` with `continue`, a `for` whose trip count differs per pixel, `do … while`.
    @Test func loopsWithPerPixelTripCounts() throws {
        let kernel = try #require(CIColorKernel(source: """
            kernel vec4 loops(__sample s) {
                float acc = 0.0;
                int i = 0;
                while (i < 8) { i++; if (mod(float(i), 2.0) == 0.0) continue; acc += float(i); }
                float b = 0.0;
                for (float k = 0.0; k < 100.0; k += 1.0) { if (k >= floor(destCoord().x)) break; b += 1.0; }
                do { b += 0.5; } while (b < 3.0);
                return vec4(acc / 16.0, b / 16.0, s.g, 1.0);
            }
            """))
        let image = TestImages.patternImage(width: Self.width, height: Self.height)
        let result = Render.linearFloats(try #require(kernel.apply(extent: image.extent, arguments: [image])), image.extent)
        let base = Render.linearFloats(image, image.extent)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let got = Self.pixel(result, x, y)
                let b: Float = x < 3 ? 3 : Float(x) + 0.5
                #expect(abs(got.x - 1) < 1e-6 && abs(got.y - b / 16) < 1e-6 && abs(got.z - Self.pixel(base, x, y).y) < 1e-6,
                        "pixel (\(x), \(y)): \(got)")
            }
        }
    }

    @Test func generalKernelSamplesNeighbours() throws {
        let kernel = try #require(CIKernel(source: """
            kernel vec4 box(sampler image, float r) {
                vec2 c = samplerCoord(image);
                vec4 sum = vec4(0.0);
                float n = 0.0;
                for (float dy = -r; dy <= r; dy += 1.0)
                    for (float dx = -r; dx <= r; dx += 1.0) {
                        sum += sample(image, samplerTransform(image, c + vec2(dx, dy)));
                        n += 1.0;
                    }
                return sum / n;
            }
            """))
        let image = TestImages.patternImage(width: Self.width, height: Self.height)
        let inner = image.extent.insetBy(dx: 2, dy: 2)
        let applied = kernel.apply(extent: inner, roiCallback: { _, rect in rect.insetBy(dx: -2, dy: -2) }, arguments: [image, 2])
        let out = try #require(applied)
        let result = Render.linearFloats(out, image.extent), base = Render.linearFloats(image, image.extent)
        var worst: Float = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                var expected = SIMD4<Float>.zero
                if x >= 2, x < Self.width - 2, y >= 2, y < Self.height - 2 {
                    for dy in -2...2 { for dx in -2...2 { expected += Self.pixel(base, x + dx, y + dy) } }
                    expected /= 25
                }
                worst = max(worst, Self.distance(Self.pixel(result, x, y), expected))
            }
        }
        #expect(worst < 1e-5, "max |difference| \(worst) (outside the extent: clear)")
    }

    /// The WWDC 2016 variable box blur: an integral image from a `CIImageProcessorKernel`, then a kernel-language
    /// kernel reading four corners of it per pixel, its radius from a radial-gradient mask; checked against
    /// box means computed directly.
    @Test func variableBoxBlurOverAnIntegralImage() throws {
        let kernel = try #require(CIKernel(source: """
            vec4 integralAt(sampler integral, vec2 index, vec4 rect) {
                return (index.x < rect.x || index.y < rect.y) ? vec4(0.0) : sample(integral, samplerTransform(integral, index + 0.5));
            }

            kernel vec4 variableBoxBlur(sampler integral, sampler mask, float baseRadius, vec4 rect) {
                vec2 p = destCoord() - 0.5;
                float radius = floor(sample(mask, samplerCoord(mask)).r * baseRadius + 0.5);
                vec2 lo = max(p - radius, rect.xy);
                vec2 hi = min(p + radius, rect.xy + rect.zw - 1.0);
                vec4 sum = integralAt(integral, hi, rect) - integralAt(integral, vec2(lo.x - 1.0, hi.y), rect)
                         - integralAt(integral, vec2(hi.x, lo.y - 1.0), rect) + integralAt(integral, lo - 1.0, rect);
                vec2 size = hi - lo + 1.0;
                return sum / (size.x * size.y);
            }
            """))
        let image = TestImages.patternImage(width: 40, height: 30)
        let extent = image.extent
        let integral = try IntegralImageProcessor.apply(withExtent: extent, inputs: [image], arguments: ["extent": extent])
        let r = CGFloat(ProcessorKernelTests.baseRadius)
        let applied = kernel.apply(extent: extent, roiCallback: { index, rect in
            index == 0 ? rect.insetBy(dx: -r - 1, dy: -r - 1) : rect
        }, arguments: [integral, ProcessorKernelTests.radialMask(), ProcessorKernelTests.baseRadius, CIVector(cgRect: extent)])
        let blurred = try #require(applied)
        let context = CIContext(options: [.workingFormat: CIFormat.RGBAf])
        let out = Render.linearFloats(blurred, extent, context: context)
        let worst = ProcessorKernelTests.differenceFromBruteForce(out, image: image, context: context)
        #expect(worst < 1e-4, "max |difference| \(worst)")
    }

    @Test func warpKernelMapsPositions() throws {
        let mirror = try #require(CIWarpKernel(source: """
            kernel vec2 mirror(float width) {
                vec2 d = destCoord();
                return vec2(width - d.x, d.y);
            }
            """))
        let image = TestImages.patternImage(width: Self.width, height: Self.height)
        let applied = mirror.apply(extent: image.extent, roiCallback: { _, _ in image.extent }, image: image, arguments: [16])
        let out = try #require(applied)
        let a = Render.linearFloats(out, image.extent), b = Render.linearFloats(image.oriented(.upMirrored), image.extent)
        #expect(Render.maxDifference(a, b) < 1e-6)
    }

    @Test func blendKernelAndColorArgument() throws {
        #expect(CIBlendKernel(source: "kernel vec4 tinted(__sample f, __sample b, __color tint) { return f * b * tint; }") == nil)
        let blend = try #require(CIBlendKernel(source: "kernel vec4 product(__sample f, __sample b) { return f * b; }"))
        let a = TestImages.alphaPattern(seed: 0), b = TestImages.alphaPattern(seed: 1)
        let viaKernel = try #require(blend.apply(foreground: a, background: b))
        let fa = Render.floats(a, a.extent, colorSpace: nil), fb = Render.floats(b, a.extent, colorSpace: nil)
        let product = Render.floats(viaKernel, a.extent, colorSpace: nil)
        #expect(Render.maxDifference(product, zip(fa, fb).map { $0 * $1 }) < 1e-5)

        let tint = try #require(CIColorKernel(source: "kernel vec4 tint(__sample s, __color c) { return s * c; }"))
        let red = try #require(tint.apply(extent: a.extent, arguments: [a, CIColor(red: 1, green: 0, blue: 0, alpha: 0.5)]))
        let tinted = Render.floats(red, a.extent, colorSpace: nil)
        for i in stride(from: 0, to: fa.count, by: 4) {
            #expect(abs(tinted[i] - fa[i] * 0.5) < 1e-6 && tinted[i + 1] == 0 && tinted[i + 2] == 0 && abs(tinted[i + 3] - fa[i + 3] * 0.5) < 1e-6)
        }
    }

    @Test func outputFormatAttributeLimitsPrecision() throws {
        let kernel = try #require(CIColorKernel(source: """
            kernel vec4 halfRed() __attribute__((outputFormat(kCIFormatRh))) { return vec4(0.123456789, 0.5, 0.5, 0.5); }
            """))
        let image = try #require(kernel.apply(extent: CGRect(x: 0, y: 0, width: 2, height: 2), arguments: []))
        let values = Render.floats(image, image.extent, colorSpace: nil)
        #expect(values[0] == Float(Float16(0.123456789)))
        #expect(values[1] == 0 && values[2] == 0 && values[3] == 1)
    }

    @Test func makeKernelsGivesEachKernelItsClass() throws {
        let kernels = try #require(CIKernel.makeKernels(source: """
            kernel vec4 invert(__sample s) { return vec4(s.a - s.rgb, s.a); }
            kernel vec2 shift(float dx) { return destCoord() + vec2(dx, 0.0); }
            kernel vec4 pick(sampler a) { return sample(a, samplerCoord(a) + vec2(1.0, 0.0)); }
            """))
        #expect(kernels.map(\.name) == ["invert", "shift", "pick"])
        #expect(kernels[0] is CIColorKernel && kernels[1] is CIWarpKernel && !(kernels[2] is CIColorKernel) && !(kernels[2] is CIWarpKernel))
    }

    @Test func argumentsThatDoNotFitGiveNil() throws {
        let kernel = try #require(CIColorKernel(source: "kernel vec4 k(__sample s, vec3 v) { return vec4(s.rgb * v, s.a); }"))
        let image = TestImages.patternImage()
        #expect(kernel.apply(extent: image.extent, arguments: [image]) == nil)
        #expect(kernel.apply(extent: image.extent, arguments: [image, 2.0]) == nil)
        #expect(kernel.apply(extent: image.extent, arguments: [image, CIVector(x: 1, y: 2)]) == nil)
        #expect(kernel.apply(extent: image.extent, arguments: [2.0, CIVector(x: 1, y: 2, z: 3)]) == nil)
        #expect(kernel.apply(extent: image.extent, arguments: [image, CIVector(x: 1, y: 2, z: 3)]) != nil)
    }

    @Test func sourceOfTheWrongKindOrWithErrorsGivesNil() {
        #expect(CIColorKernel(source: "kernel vec4 k(sampler s) { return sample(s, samplerCoord(s)); }") == nil)
        #expect(CIWarpKernel(source: "kernel vec4 k(__sample s) { return s; }") == nil)
        #expect(CIBlendKernel(source: "kernel vec4 k(__sample s) { return s; }") == nil)
        #expect(CIKernel(source: "kernel vec4 k(__sample s) { return s }") == nil)
        #expect(CIKernel(source: "vec4 notAKernel(vec4 s) { return s; }") == nil)
        #expect(CIKernel.makeKernels(source: "kernel vec4 k(__sample s) { return s.rgb; }") == nil)
        #expect(CIColorKernel(source: "kernel vec4 k(__sample s) { return s; }") != nil)
    }

    /// Errors name the line and column, as Core Image's log does.
    @Test func compileErrorsNameTheirPlace() {
        func error(_ source: String) -> KernelCompileError? {
            do { _ = try CompiledKernel.compileAll(source); return nil } catch { return error as? KernelCompileError }
        }
        let cases: [(String, Int, Int, String)] = [
            ("kernel vec4 k(__sample s) {\n  float x = 1.0;\n  return s * y;\n}", 3, 14, "unknown identifier 'y'"),
            ("kernel vec4 k(__sample s) {\n  vec3 c = s;\n  return s;\n}", 2, 12, "cannot use a vec4 where a vec3"),
            ("kernel vec4 k(__sample s) {\n  return s.rgbx;\n}", 2, 10, "not a swizzle"),
            ("kernel vec4 k(__sample s) {\n  return f(s);\n}\nvec4 f(vec4 v) { return f(v); }", 4, 25, "recursion"),
            ("kernel vec4 k(__sample s) {\n  if (s.r) return s;\n  return s;\n}", 2, 7, "must be a bool"),
            ("kernel vec4 k(__sample s) {\n  return s @ s;\n}", 2, 12, "unexpected character"),
        ]
        for (source, line, column, message) in cases {
            let e = error(source)
            #expect(e?.location.line == line && e?.location.column == column && e?.message.contains(message) == true,
                    "\(source): \(String(describing: e))")
        }
    }
}

/// Local arrays, indexed by literals and by values that differ per pixel (a Kuwahara-style filter).
@Suite struct KernelLanguageArrayTests {
    @Test func arraysIndexedPerPixel() throws {
        let kernel = try #require(CIColorKernel(source: """
            kernel vec4 quadrants(__sample s) {
                vec3 sums[4];
                float weights[4];
                for (int i = 0; i < 4; i++) { sums[i] = vec3(float(i)); weights[i] = 1.0; }
                int q = int(mod(floor(destCoord().x), 4.0));
                sums[q] += s.rgb;
                sums[q].g *= 2.0;
                weights[q]++;
                weights[0] += 0.5;
                vec3 best = vec3(0.0);
                float most = -1.0;
                for (int j = 0; j < 4; j++) {
                    float total = sums[j].r + sums[j].g + sums[j].b;
                    best = total > most ? sums[j] / weights[j] : best;
                    most = max(total, most);
                }
                return vec4(best, 1.0);
            }
            """))
        let image = TestImages.patternImage(width: 16, height: 12)
        let result = Render.linearFloats(try #require(kernel.apply(extent: image.extent, arguments: [image])), image.extent)
        let base = Render.linearFloats(image, image.extent)
        var worst: Float = 0
        for y in 0..<12 {
            for x in 0..<16 {
                let s = KernelLanguageTests.pixel(base, x, y)
                var sums = (0..<4).map { SIMD3<Float>(repeating: Float($0)) }, weights: [Float] = [1, 1, 1, 1]
                let q = x % 4
                sums[q] += SIMD3(s.x, s.y, s.z)
                sums[q].y *= 2
                weights[q] += 1
                weights[0] += 0.5
                var best = SIMD3<Float>.zero, most: Float = -1
                for j in 0..<4 {
                    let total = sums[j].x + sums[j].y + sums[j].z
                    if total > most { best = sums[j] / weights[j] }
                    most = max(total, most)
                }
                let got = KernelLanguageTests.pixel(result, x, y)
                worst = max(worst, KernelLanguageTests.distance(got, SIMD4(best.x, best.y, best.z, 1)))
            }
        }
        #expect(worst < 1e-5, "max |difference| \(worst)")
    }

    @Test func arrayMisuseIsACompileError() {
        #expect(CIColorKernel(source: "kernel vec4 k(__sample s) { vec4 a[2]; return a; }") == nil)
        #expect(CIColorKernel(source: "kernel vec4 k(__sample s) { vec4 a[2]; return a[2]; }") == nil)
        #expect(CIColorKernel(source: "kernel vec4 k(__sample s) { vec4 a[0]; return s; }") == nil)
        #expect(CIColorKernel(source: "kernel vec4 k(__sample s) { vec4 a[2]; a[1] = s; return a[1]; }") != nil)
    }
}

/// Kernels may compute NaN and infinities (0/0, 1/0), as on a GPU; converting them for output must not index
/// tables with them (the kernel-source fuzzer's first find: NaN read the sRGB table anywhere).
@Suite struct NonFiniteKernelOutputTests {
    @Test func nanAndInfinitiesReachOutputsAsNumbers() throws {
        let kernel = try #require(CIColorKernel(source: """
            kernel vec4 nonFinite(__sample s) {
                float z = s.r - s.r;
                return vec4(z / z, 1.0 / z, -1.0 / z, 1.0);
            }
            """))
        let image = TestImages.patternImage(width: 8, height: 4)
        let out = try #require(kernel.apply(extent: image.extent, arguments: [image]))
        let bytes = Render.bytes(out, image.extent)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            #expect(bytes[i] == 0 && bytes[i + 1] == 255 && bytes[i + 2] == 0 && bytes[i + 3] == 255, "pixel \(i / 4): \(bytes[i..<(i + 4)])")
        }
        let floats = Render.floats(out, image.extent, colorSpace: CGColorSpace(name: CGColorSpace.extendedSRGB)!)
        #expect(floats[0] == 0 && floats[1] == .infinity && floats[2] == -.infinity)
    }
}

/// Loops that never end stop when the render's deadline passes (the kernel-source fuzzer's slow input).
@Suite struct EndlessKernelLoopTests {
    @Test func endlessNestedLoopsStopAtTheDeadline() throws {
        let kernel = try #require(CIKernel(source: """
            kernel vec4 endless(sampler image) {
                vec4 sum = vec4(0.0);
                for (float y = 0.0; y <= 1.0; y += 0.0)
                    for (float x = 0.0; x <= 1.0; x += 0.0) { sum += sample(image, samplerCoord(image)); }
                return sum;
            }
            """))
        let image = TestImages.patternImage(width: 16, height: 12)
        let applied = kernel.apply(extent: image.extent, roiCallback: { _, r in r }, arguments: [image])
        let out = try #require(applied)
        let context = CIContext(options: [.cacheIntermediates: false, .renderTimeLimit: 0.5])
        let start = Date()
        #expect(context.createCGImage(out, from: image.extent) == nil)
        #expect("\(context.lastRenderError.map { "\($0)" } ?? "")".contains("time limit of 0.5 s"))
        // Loose: the point is that it ends (it would run for hours), not how fast.
        #expect(Date().timeIntervalSince(start) < 40)
    }
}
