import CoreGraphics
@testable import CoreImage
import Foundation
import ImageIO
import Testing
import _TestSupport

/// `isHighlightRecoveryEnabled` on a synthetic sensor seeing a neutral light that grows from well below to well
/// beyond saturation across the frame: green clips first (multiplier 1), then blue (1.5), then red (2).
@Suite struct HighlightRecoveryTests {
    static let width = 96, height = 16
    static let multipliers = SIMD3<Float>(2, 1, 1.5)
    /// The scene's light (balanced units: 1 is where green clips) in column `x`.
    static func light(_ x: Int) -> Float { 0.3 + 2.7 * Float(x) / Float(width - 1) }

    static let sensor: RAWSensorData = {
        let white: Float = 4095
        var mosaic = [UInt16](repeating: 0, count: width * height)
        let pattern = [0, 1, 1, 2]
        for row in 0..<height {
            for column in 0..<width {
                let channel = pattern[(row & 1) * 2 + (column & 1)]
                mosaic[row * width + column] = UInt16(min(light(column) / multipliers[channel], 1) * white)
            }
        }
        let identity: [Float] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        return RAWSensorData(width: width, height: height, mosaic: mosaic, pattern: pattern, blackLevels: [0, 0, 0, 0], whiteLevel: white,
                             asShotMultipliers: multipliers, daylightMultipliers: multipliers, cameraToLinearSRGB: identity, xyzToCamera: identity,
                             orientation: .up, baselineExposure: 0, make: "Test", model: "Synthetic")
    }()

    /// The development's middle row as linear RGB per column, −1 EV and no tone curve.
    static func developedRow(recovery: Bool, draft: Bool = false, scale: Float = 1) throws -> [SIMD3<Float>] {
        let filter = CIRAWFilter(sensor: sensor)
        filter.isHighlightRecoveryEnabled = recovery
        filter.isDraftModeEnabled = draft
        filter.scaleFactor = scale
        filter.exposure = -1
        filter.boostAmount = 0
        let image = try #require(filter.outputImage)
        let width = Int(image.extent.width), row = Int(image.extent.height) / 2
        let floats = Render.linearFloats(image, CGRect(x: 0, y: row, width: width, height: 1))
        return (0..<width).map { SIMD3(floats[$0 * 4], floats[$0 * 4 + 1], floats[$0 * 4 + 2]) }
    }

    @Test(arguments: [false, true])
    func recoveryKeepsWhatTheUnclippedChannelsMeasuredAsNeutral(draft: Bool) throws {
        let clipped = try Self.developedRow(recovery: false, draft: draft), recovered = try Self.developedRow(recovery: true, draft: draft)
        // Where green has clipped (light 1.1…1.9) clipping leaves a flat white; recovery keeps red's measurement, neutral.
        let columns = (2..<(Self.width - 2)).filter { (1.1...1.9).contains(Self.light($0)) }
        #expect(columns.count > 20)
        for x in columns {
            #expect(abs(clipped[x].x - 0.5) < 0.01 && abs(clipped[x].y - 0.5) < 0.01, "clipped at 1 → 0.5 at −1 EV: \(clipped[x])")
            let p = recovered[x]
            #expect(abs(p.x - p.y) < 0.01 && abs(p.z - p.y) < 0.01, "recovered highlights are neutral: \(p) at light \(Self.light(x))")
            #expect(abs(p.y - Self.light(x) / 2) < 0.03, "the brightness red measured: \(p.y) for light \(Self.light(x))")
        }
        for (a, b) in zip(columns, columns.dropFirst()) { #expect(recovered[b].y > recovered[a].y, "a gradient, not a flat area") }
        // Where every channel clipped (light ≥ 2.1) it is white at the last channel's saturation.
        for x in (2..<(Self.width - 2)) where Self.light(x) >= 2.1 {
            #expect(abs(recovered[x].x - 1) < 0.01 && abs(recovered[x].y - 1) < 0.01 && abs(recovered[x].z - 1) < 0.01, "\(recovered[x])")
        }
        // Far from clipping (light ≤ 0.8) recovery changes nothing.
        for x in (2..<(Self.width - 2)) where Self.light(x) <= 0.8 {
            #expect(largestDifference(recovered[x], clipped[x]) < 1e-5, "\(recovered[x]) vs \(clipped[x])")
        }
    }

    @Test func halfSizeDevelopmentRecoversToo() throws {
        let clipped = try Self.developedRow(recovery: false, scale: 0.5), recovered = try Self.developedRow(recovery: true, scale: 0.5)
        let x = clipped.count * 11 / 20   // light ≈ 1.8
        #expect(abs(clipped[x].y - 0.5) < 0.01)
        #expect(recovered[x].y > 0.8 && abs(recovered[x].x - recovered[x].z) < 0.01, "\(recovered[x])")
    }

    @Test func theDefaultFollowsTheVersionUntilSet() {
        let filter = CIRAWFilter(sensor: Self.sensor)
        #expect(filter.isHighlightRecoverySupported)
        #expect(filter.isHighlightRecoveryEnabled && filter.isGamutMappingEnabled, "on from PhotoKitLinux.2")
        filter.decoderVersion = .photoKitLinux1
        #expect(!filter.isHighlightRecoveryEnabled && !filter.isGamutMappingEnabled, "PhotoKitLinux.1's output is frozen as released")
        filter.isHighlightRecoveryEnabled = true
        filter.decoderVersion = .photoKitLinux2
        filter.isHighlightRecoveryEnabled = false
        filter.decoderVersion = .photoKitLinux1
        #expect(!filter.isHighlightRecoveryEnabled, "a value set stays set")
    }
}

private func largestDifference(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
    max(Swift.abs(a.x - b.x), Swift.abs(a.y - b.y), Swift.abs(a.z - b.z))
}
