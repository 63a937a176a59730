import Foundation

/// A camera turned about its centre (`CIPerspectiveRotate`, the keystone corrections): the image is the view of
/// a pinhole camera whose focal length is `focalLength` (35 mm equivalent, so f = focalLength / 36 × the
/// extent's longer side in pixels) with the principal point at the extent's centre. Turning the camera by R
/// moves image point p (relative to the centre) to f·(Rp̂)ₓ,ᵧ/(Rp̂)_z with p̂ = (pₓ/f, pᵧ/f, 1): a homography.
/// Axes: x right, y up, z into the scene. Positive pitch tilts the top away (it narrows), positive yaw turns the
/// right side away, positive roll turns the picture anticlockwise; R = roll · pitch · yaw.
struct CameraRotation {
    let center: SIMD2<Double>
    let focal: Double

    init?(extent: CGRect, focalLength: Double) {
        guard !extent.isEffectivelyInfinite, extent.width > 0, extent.height > 0, focalLength > 0 else { return nil }
        center = SIMD2(Double(extent.midX), Double(extent.midY))
        focal = focalLength / 36 * Double(max(extent.width, extent.height))
    }

    /// The rotation matrix (rows) for the three angles.
    static func matrix(pitch: Double, yaw: Double, roll: Double) -> [SIMD3<Double>] {
        let (cp, sp, cy, sy, cr, sr) = (cos(pitch), sin(pitch), cos(yaw), sin(yaw), cos(roll), sin(roll))
        let rx = [SIMD3<Double>(1, 0, 0), SIMD3(0, cp, -sp), SIMD3(0, sp, cp)]
        let ry = [SIMD3<Double>(cy, 0, -sy), SIMD3(0, 1, 0), SIMD3(sy, 0, cy)]
        let rz = [SIMD3<Double>(cr, -sr, 0), SIMD3(sr, cr, 0), SIMD3(0, 0, 1)]
        return multiply(rz, multiply(rx, ry))
    }

    static func multiply(_ a: [SIMD3<Double>], _ b: [SIMD3<Double>]) -> [SIMD3<Double>] {
        let columns = (0..<3).map { j in SIMD3(b[0][j], b[1][j], b[2][j]) }
        return a.map { row in SIMD3((row * columns[0]).sum(), (row * columns[1]).sum(), (row * columns[2]).sum()) }
    }

    /// Where `point` lands when the camera turns by `rotation`, or `nil` when it goes behind the camera.
    func map(_ point: SIMD2<Double>, _ rotation: [SIMD3<Double>]) -> SIMD2<Double>? {
        let p = SIMD3((point.x - center.x) / focal, (point.y - center.y) / focal, 1)
        let q = SIMD3((rotation[0] * p).sum(), (rotation[1] * p).sum(), (rotation[2] * p).sum())
        guard q.z > 1e-9 else { return nil }
        return SIMD2(q.x / q.z * focal + center.x, q.y / q.z * focal + center.y)
    }

    /// `image` as seen by the turned camera: its extent's corners mapped, then ``PerspectiveMap``.
    func apply(to image: Image, _ rotation: [SIMD3<Double>]) -> Image? {
        let e = image.extent
        let corners = [SIMD2(Double(e.minX), Double(e.minY)), SIMD2(Double(e.maxX), Double(e.minY)),
                       SIMD2(Double(e.maxX), Double(e.maxY)), SIMD2(Double(e.minX), Double(e.maxY))]
        let quad = corners.compactMap { map($0, rotation) }
        guard quad.count == 4 else { return nil }
        return PerspectiveMap.apply(image, source: e, quad: quad)
    }

    /// The homogeneous vanishing point of the lines a₀a₁ and b₀b₁, as a ray (x, y, z) from the camera
    /// (z = 0 when the lines are parallel).
    func vanishingRay(_ a0: CGPoint, _ a1: CGPoint, _ b0: CGPoint, _ b1: CGPoint) -> SIMD3<Double> {
        func h(_ p: CGPoint) -> SIMD3<Double> { SIMD3(Double(p.x) - center.x, Double(p.y) - center.y, focal) }
        func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        }
        return cross(cross(h(a0), h(a1)), cross(h(b0), h(b1)))
    }

    /// The pitch that makes lines through the vanishing ray `v` parallel (their vanishing point at infinity).
    static func pitch(levelling v: SIMD3<Double>) -> Double {
        guard abs(v.y) > 1e-12 * max(abs(v.z), 1) else { return 0 }
        return atan(-v.z / v.y)
    }

    /// The yaw that makes lines through the vanishing ray `v` parallel.
    static func yaw(levelling v: SIMD3<Double>) -> Double {
        guard abs(v.x) > 1e-12 * max(abs(v.z), 1) else { return 0 }
        return atan(-v.z / v.x)
    }
}
