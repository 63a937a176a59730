// This file uses XCTest, not swift-testing: a file importing both `Testing` and `CoreGraphics`
// makes the compiler look for Testing's cross-import overlay `_Testing_CoreGraphics`, which the
// Linux toolchain declares (Testing.swiftcrossimport/CoreGraphics.swiftoverlay) but does not ship.
import CoreGraphics
import Foundation
import XCTest

private func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

private func close(_ a: CGPoint, _ b: CGPoint) -> Bool { close(a.x, b.x) && close(a.y, b.y) }

private func close(_ a: CGAffineTransform, _ b: CGAffineTransform) -> Bool {
    close(a.a, b.a) && close(a.b, b.b) && close(a.c, b.c) && close(a.d, b.d)
        && close(a.tx, b.tx) && close(a.ty, b.ty)
}

final class CGAffineTransformTests: XCTestCase {
    func testConstructors() {
        XCTAssertTrue(CGAffineTransform.identity == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertTrue(!CGAffineTransform().isIdentity)
        XCTAssertTrue(CGAffineTransform() == CGAffineTransform(0, 0, 0, 0, 0, 0))
        XCTAssertTrue(CGAffineTransform(translationX: 3, y: 4) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        XCTAssertTrue(CGAffineTransform(scaleX: 2, y: 3) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertTrue(close(r, CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)))
    }

    func testPointApplying() {
        XCTAssertTrue(CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 10, y: 20)) == CGPoint(x: 11, y: 22))
        XCTAssertTrue(CGPoint(x: 1, y: 2).applying(CGAffineTransform(scaleX: 2, y: -3)) == CGPoint(x: 2, y: -6))
        XCTAssertTrue(close(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1)))
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // x' = a x + c y + tx, y' = b x + d y + ty
        XCTAssertTrue(CGPoint(x: 7, y: 8).applying(t) == CGPoint(x: 1 * 7 + 3 * 8 + 5, y: 2 * 7 + 4 * 8 + 6))
    }

    func testConcatenationOrder() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let p = CGPoint(x: 1, y: 1)
        // scale then translate
        XCTAssertTrue(p.applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 2))
        // translate then scale
        XCTAssertTrue(p.applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 2))
        // translatedBy/scaledBy/rotated prepend their operation (applied first).
        XCTAssertTrue(p.applying(scale.translatedBy(x: 10, y: 0)) == CGPoint(x: 22, y: 2))
        XCTAssertTrue(p.applying(translate.scaledBy(x: 2, y: 2)) == CGPoint(x: 12, y: 2))
        XCTAssertTrue(close(CGPoint(x: 1, y: 0).applying(translate.rotated(by: .pi / 2)), CGPoint(x: 10, y: 1)))
        XCTAssertTrue(CGAffineTransform.identity.translatedBy(x: 3, y: 4) == CGAffineTransform(translationX: 3, y: 4))
    }

    func testInversion() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 3).translatedBy(x: 5, y: -7)
        XCTAssertTrue(close(t.concatenating(t.inverted()), .identity))
        XCTAssertTrue(close(t.inverted().concatenating(t), .identity))
        let p = CGPoint(x: 3.25, y: -1.5)
        XCTAssertTrue(close(p.applying(t).applying(t.inverted()), p))
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        XCTAssertTrue(singular.inverted() == singular)
    }

    func testSizeApplying() {
        XCTAssertTrue(CGSize(width: 2, height: 3).applying(CGAffineTransform(scaleX: 2, y: 4)) == CGSize(width: 4, height: 12))
        XCTAssertTrue(CGSize(width: 2, height: 3).applying(CGAffineTransform(translationX: 100, y: 100)) == CGSize(width: 2, height: 3))
        let rotated = CGSize(width: 2, height: 3).applying(CGAffineTransform(rotationAngle: .pi))
        XCTAssertTrue(close(rotated.width, -2) && close(rotated.height, -3))
    }

    func testRectApplyingIsBoundingBox() {
        let rect = CGRect(x: 0, y: 0, width: 4, height: 2)
        XCTAssertTrue(rect.applying(CGAffineTransform(translationX: 1, y: 2)) == CGRect(x: 1, y: 2, width: 4, height: 2))
        XCTAssertTrue(rect.applying(CGAffineTransform(scaleX: -1, y: 1)) == CGRect(x: -4, y: 0, width: 4, height: 2))
        let rotated = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertTrue(close(rotated.origin.x, -2) && close(rotated.origin.y, 0))
        XCTAssertTrue(close(rotated.width, 2) && close(rotated.height, 4))
        let diamond = CGRect(x: 0, y: 0, width: 1, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 4))
        XCTAssertTrue(close(diamond.width, 2.0.squareRoot()) && close(diamond.height, 2.0.squareRoot()))
        XCTAssertTrue(close(diamond.minX, -(0.5.squareRoot())) && close(diamond.minY, 0))
        // Negative-size rectangles are standardized first.
        XCTAssertTrue(CGRect(x: 4, y: 2, width: -4, height: -2).applying(.identity) == rect)
        XCTAssertTrue(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    func testCodableLayout() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let data = try JSONEncoder().encode(t)
        XCTAssertTrue(String(decoding: data, as: UTF8.self) == "[1,2,3,4,5,6]")
        XCTAssertEqual(try JSONDecoder().decode(CGAffineTransform.self, from: data), t)
    }

    func testOrientationRawValues() {
        let expected: [(CGImagePropertyOrientation, UInt32)] = [
            (.up, 1), (.upMirrored, 2), (.down, 3), (.downMirrored, 4),
            (.leftMirrored, 5), (.right, 6), (.rightMirrored, 7), (.left, 8),
        ]
        for (orientation, raw) in expected {
            XCTAssertTrue(orientation.rawValue == raw)
            XCTAssertTrue(CGImagePropertyOrientation(rawValue: raw) == orientation)
        }
        XCTAssertTrue(CGImagePropertyOrientation(rawValue: 0) == nil)
        XCTAssertTrue(CGImagePropertyOrientation(rawValue: 9) == nil)
    }
}
