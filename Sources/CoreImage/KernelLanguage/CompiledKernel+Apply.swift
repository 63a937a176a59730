import Foundation

/// A kernel's arguments bound to its parameters: the images in order and the uniform values.
struct KernelArgumentsBinding {
    var images: [Image]
    var uniforms: [Float]
}

extension CompiledKernel {
    /// Binds `apply`'s arguments to the parameters in order: images to `sampler`/`__sample`, numbers to
    /// `float`/`int`/`bool`, `CIVector`s to vectors (exactly as many components), `CIColor`s to `__color` (in the
    /// working space, premultiplied). Throws a message naming the parameter when one does not fit.
    func bind(_ arguments: [Any]) throws -> KernelArgumentsBinding {
        guard arguments.count == parameters.count else {
            throw KernelApplyError("kernel '\(name)' takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s"), given \(arguments.count)")
        }
        var images: [Image] = [], uniforms = [Float](repeating: 0, count: uniformCount)
        for ((parameter, binding), argument) in zip(zip(parameters, bindings), arguments) {
            switch binding {
            case .image:
                guard let image = argument as? CIImage else {
                    throw KernelApplyError("argument '\(parameter.name)' of kernel '\(name)' must be a CIImage, not \(type(of: argument))")
                }
                images.append(image.image)
            case .value(let uniform, let count, let role):
                let values: [Float]
                if role == .color {
                    guard let color = argument as? CIColor else {
                        throw KernelApplyError("argument '\(parameter.name)' of kernel '\(name)' must be a CIColor, not \(type(of: argument))")
                    }
                    let c = color.filterColor.premultipliedWorking
                    values = [c.x, c.y, c.z, c.w]
                } else if count == 1 {
                    guard let number = FilterValues.number(argument) else {
                        throw KernelApplyError("argument '\(parameter.name)' of kernel '\(name)' must be a number, not \(type(of: argument))")
                    }
                    values = [Float(number)]
                } else {
                    guard let vector = argument as? CIVector, vector.count == count else {
                        throw KernelApplyError("argument '\(parameter.name)' of kernel '\(name)' must be a CIVector of \(count) components")
                    }
                    values = vector.doubles.map(Float.init)
                }
                for (i, v) in values.enumerated() { uniforms[uniform + i] = v.isFinite ? max(-1e30, min(1e30, v)) : 0 }
            }
        }
        for (image, first) in zip(images, extentUniforms) {
            let e = image.extent
            let finite = !(e.isNull || e.isEffectivelyInfinite)
            let values: [Float] = finite ? [Float(e.minX), Float(e.minY), Float(e.width), Float(e.height)] : [-1e30, -1e30, 2e30, 2e30]
            for i in 0..<4 { uniforms[first + i] = values[i] }
        }
        return KernelArgumentsBinding(images: images, uniforms: uniforms)
    }

    /// Runs the program for `count` lanes from (`x`, `y`) with registers in `memory`, then hands each lane's
    /// output (4 values, or 2 for a warp) to `write`.
    func run(memory: UnsafeMutablePointer<Float>, x: Int, y: Int, count: Int, uniforms: [Float],
             load: @escaping (Int, [UnsafeMutablePointer<Float>], Int) -> Void,
             sample: @escaping (Int, UnsafePointer<Float>, UnsafePointer<Float>, [UnsafeMutablePointer<Float>], Int) -> Void) {
        uniforms.withUnsafeBufferPointer { u in
            var machine = SpanMachine(memory: memory, count: count, x: x, y: y, uniforms: u, load: load, sample: sample)
            machine.run(program.operations)
        }
    }

    /// Lane values of output component `i`.
    func output(_ i: Int, in memory: UnsafeMutablePointer<Float>) -> UnsafeMutablePointer<Float> {
        memory + output[i] * SpanProgram.width
    }

    var registerFloats: Int { program.registerCount * SpanProgram.width }

    /// Writes `count` lanes of the `vec4` result as interleaved RGBA at `pixels`, limited to the output format.
    func writeOutput(from memory: UnsafeMutablePointer<Float>, count: Int, to pixels: UnsafeMutablePointer<Float>) {
        let format = outputFormat.pixelFormat
        let r = output(0, in: memory), g = output(1, in: memory), b = output(2, in: memory), a = output(3, in: memory)
        for i in 0..<count {
            let v = KernelArguments.limit(SIMD4(r[i], g[i], b[i], a[i]), to: format)
            let p = pixels + i * 4
            p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
        }
    }
}

/// Why `apply` returned `nil` (logged, as Core Image logs argument mismatches).
struct KernelApplyError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    func log() { FileHandle.standardError.write(Data("[CIKernel apply] \(description)\n".utf8)) }
}

/// A compiled colour kernel in the engine: a per-pixel kernel the renderer fuses with its neighbours.
struct LanguageColorKernel: PixelKernel {
    let kernel: CompiledKernel
    let uniforms: [Float]
    let outputExtent: CGRect
    var name: String { kernel.name }
    var signature: String { "\(ObjectIdentifier(kernel)) \(uniforms)" }
    var arity: Int { kernel.imageCount }

    func extent(of inputs: [Image]) -> CGRect { outputExtent }
    func isOpaque(inputs: [Image]) -> Bool { false }

    func apply(_ span: PixelSpan) {
        let memory = UnsafeMutablePointer<Float>.allocate(capacity: kernel.registerFloats)
        defer { memory.deallocate() }
        kernel.run(memory: memory, x: span.x, y: span.y, count: span.count, uniforms: uniforms, load: { index, into, n in
            let p = span.input(index)
            for i in 0..<n { into[0][i] = p[i * 4]; into[1][i] = p[i * 4 + 1]; into[2][i] = p[i * 4 + 2]; into[3][i] = p[i * 4 + 3] }
        }, sample: { _, _, _, into, n in
            for c in into { c.update(repeating: 0, count: n) }
        })
        kernel.writeOutput(from: memory, count: span.count, to: span.pixels)
    }
}

/// A compiled general kernel (or a colour kernel with more images than a fused pass takes) over whole tiles:
/// `sample` reads any position its region of interest covers.
struct LanguageAreaKernel: AreaKernel {
    let kernel: CompiledKernel
    let uniforms: [Float]
    let outputExtent: CGRect
    let roi: CIKernelROICallback
    var name: String { kernel.name }
    var signature: String { "\(ObjectIdentifier(kernel)) \(uniforms)" }
    var arity: Int { kernel.imageCount }

    func extent(of inputs: [Image]) -> CGRect { outputExtent }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { PixelRect(covering: roi(Int32(input), rect.cgRect)) }
    func scratchFloats(width: Int, height: Int) -> Int { kernel.registerFloats }
    var samplesInputsWithBoundsChecks: Bool { true }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        for y in output.rect.y..<output.rect.maxY {
            var x = output.rect.x
            while x < output.rect.maxX {
                let n = min(SpanProgram.width, output.rect.maxX - x)
                let x0 = x
                kernel.run(memory: scratch, x: x0, y: y, count: n, uniforms: uniforms, load: { index, into, n in
                    let tile = inputs[index]
                    for i in 0..<n {
                        let v = tile.pixel(x0 + i, y)
                        into[0][i] = v.x; into[1][i] = v.y; into[2][i] = v.z; into[3][i] = v.w
                    }
                }, sample: { index, xs, ys, into, n in
                    let tile = inputs[index]
                    let r = into[0], g = into[1], b = into[2], a = into[3]
                    for i in 0..<n {
                        // At a pixel centre bilinear sampling is that pixel exactly: read it directly.
                        let fx = xs[i] - 0.5, fy = ys[i] - 0.5
                        let v = fx == fx.rounded(.down) && fy == fy.rounded(.down) && abs(fx) < 1e9 && abs(fy) < 1e9
                            ? tile.pixel(Int(fx), Int(fy)) : tile.bilinear(xs[i], ys[i])
                        r[i] = v.x; g[i] = v.y; b[i] = v.z; a[i] = v.w
                    }
                })
                kernel.writeOutput(from: scratch, count: n, to: output.pointer(x0, y))
                x += n
            }
        }
    }
}

/// A compiled warp kernel: the program gives, per output pixel, the position its image is sampled at.
struct LanguageWarpKernel: AreaKernel {
    let kernel: CompiledKernel
    let uniforms: [Float]
    let outputExtent: CGRect
    let sampling: SamplingMode
    let roi: CIKernelROICallback
    var name: String { kernel.name }
    var signature: String { "\(ObjectIdentifier(kernel)) \(uniforms) \(sampling)" }

    func extent(of inputs: [Image]) -> CGRect { outputExtent }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        rect.isEmpty ? rect : PixelRect(covering: roi(Int32(input), rect.cgRect)).outset(1, 1)
    }
    func scratchFloats(width: Int, height: Int) -> Int { kernel.registerFloats }
    var samplesInputsWithBoundsChecks: Bool { true }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        for y in output.rect.y..<output.rect.maxY {
            var x = output.rect.x
            while x < output.rect.maxX {
                let n = min(SpanProgram.width, output.rect.maxX - x)
                kernel.run(memory: scratch, x: x, y: y, count: n, uniforms: uniforms, load: { _, _, _ in }, sample: { _, _, _, _, _ in })
                let sx = kernel.output(0, in: scratch), sy = kernel.output(1, in: scratch)
                var p = output.pointer(x, y)
                for i in 0..<n {
                    let v = sampling == .linear ? input.bilinear(sx[i], sy[i]) : input.nearest(sx[i], sy[i])
                    p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
                    p += 4
                }
                x += n
            }
        }
    }
}

extension CompiledKernel {
    /// A colour kernel's image: fused per-pixel work when it has at most four images, else a tile kernel.
    func applyColor(extent: CGRect, arguments: [Any]) -> CIImage? {
        guard kind == .color else { return applyGeneral(extent: extent, roi: { _, r in r }, arguments: arguments) }
        do {
            let bound = try bind(arguments)
            guard bound.images.count <= 4 else { return areaImage(bound, extent: extent, roi: { _, r in r }) }
            let pixel = LanguageColorKernel(kernel: self, uniforms: bound.uniforms, outputExtent: extent)
            guard let first = bound.images.first else { return CIImage(image: .generating(pixel)) }
            return CIImage(image: first.applying(pixel, Array(bound.images.dropFirst())))
        } catch let error as KernelApplyError {
            error.log()
            return nil
        } catch { return nil }
    }

    /// A general kernel's image (colour kernels run the same way, their `__sample`s read at each pixel).
    func applyGeneral(extent: CGRect, roi: @escaping CIKernelROICallback, arguments: [Any]) -> CIImage? {
        if kind == .warp {
            guard let image = arguments.first as? CIImage else {
                KernelApplyError("warp kernel '\(name)' takes its image as the first argument").log()
                return nil
            }
            return applyWarp(extent: extent, roi: roi, image: image, arguments: Array(arguments.dropFirst()))
        }
        do {
            return areaImage(try bind(arguments), extent: extent, roi: roi)
        } catch let error as KernelApplyError {
            error.log()
            return nil
        } catch { return nil }
    }

    private func areaImage(_ bound: KernelArgumentsBinding, extent: CGRect, roi: @escaping CIKernelROICallback) -> CIImage {
        let area = LanguageAreaKernel(kernel: self, uniforms: bound.uniforms, outputExtent: extent, roi: roi)
        guard let first = bound.images.first else { return CIImage(image: Image(.area(area, []), extent: extent, isOpaque: false)) }
        return CIImage(image: first.applying(area: area, Array(bound.images.dropFirst())))
    }

    /// A warp kernel's image: `image` sampled where the program says.
    func applyWarp(extent: CGRect, roi: @escaping CIKernelROICallback, image: CIImage, arguments: [Any]) -> CIImage? {
        guard kind == .warp else {
            KernelApplyError("kernel '\(name)' is not a warp kernel").log()
            return nil
        }
        do {
            let bound = try bind(arguments)
            let warp = LanguageWarpKernel(kernel: self, uniforms: bound.uniforms, outputExtent: extent,
                                          sampling: image.image.samplingMode, roi: roi)
            return CIImage(image: image.image.applying(area: warp))
        } catch let error as KernelApplyError {
            error.log()
            return nil
        } catch { return nil }
    }
}
