import Foundation

/// Expressions measured from 68 landmarks (upright pixels): eye openness as the eye aspect ratio of Soukupová and
/// Čech (2016) — the two vertical lid distances over twice the eye's width; about 0.3 open, below 0.2 closed — and
/// a smile as a wide mouth: its corners' distance over the jaw's width (points 4 and 12) above 0.52, or corners
/// raised above the lips' centre line by more than 4% of the mouth's width.
struct FaceLandmarkRatios {
    static let closedEye = 0.2
    let leftEyeOpenness: Double
    let rightEyeOpenness: Double
    let mouthToJaw: Double
    let cornerLift: Double

    init(_ p: [CGPoint]) {
        func d(_ a: Int, _ b: Int) -> Double { Double(hypot(p[a].x - p[b].x, p[a].y - p[b].y)) }
        leftEyeOpenness = (d(37, 41) + d(38, 40)) / (2 * max(d(36, 39), 1e-6))
        rightEyeOpenness = (d(43, 47) + d(44, 46)) / (2 * max(d(42, 45), 1e-6))
        let mouthWidth = max(d(48, 54), 1e-6)
        mouthToJaw = mouthWidth / max(d(4, 12), 1e-6)
        // y runs down: corners above the lips' centre have smaller y.
        let centre = Double(p[62].y + p[66].y) / 2, corners = Double(p[48].y + p[54].y) / 2
        cornerLift = (centre - corners) / mouthWidth
    }

    var smiles: Bool { mouthToJaw > 0.52 || cornerLift > 0.04 }
}
