import Foundation
import Testing
import _Testing_CoreImage

/// Renders have a deadline and can be cancelled (both checked before every tile and between bands of rows in
/// wide convolutions), and filter parameters are kept to their documented ranges: a huge blur radius on a small
/// image used to render for minutes with nothing able to stop it.
@Suite struct RenderDeadlineTests {
    /// A 300×200 image blurred with σ = 1000 (6001 taps over a 6000-pixel margin): minutes of work.
    static func expensiveBlur() -> CIImage {
        let source = TestImages.patternImage(width: 300, height: 200)
        let blur = CIFilter(name: "CIGaussianBlur")!
        blur.setValue(source.clampedToExtent(), forKey: kCIInputImageKey)
        blur.setValue(1000, forKey: kCIInputRadiusKey)
        return blur.outputImage!.cropped(to: source.extent)
    }

    @Test func aRenderPastItsTimeLimitStops() throws {
        let context = CIContext(options: [.cacheIntermediates: false, .renderTimeLimit: 0.5])
        let image = Self.expensiveBlur()
        let started = Date()
        #expect(context.createCGImage(image, from: image.extent) == nil)
        let elapsed = Date().timeIntervalSince(started)
        // Minutes of work uncancelled; the bound is loose because the suite shares two cores with movie encoders.
        #expect(elapsed < 40, "stopped after \(elapsed) s")
        #expect("\(context.lastRenderError.map { "\($0)" } ?? "")".contains("time limit of 0.5 s"))
        // Each render gets the whole limit again: a cheap one still succeeds.
        let cheap = TestImages.patternImage(width: 40, height: 30)
        #expect(context.createCGImage(cheap, from: cheap.extent) != nil)
    }

    @Test func cancellingStopsARunningRenderAndLaterOnes() throws {
        let cancellation = CIRenderCancellation()
        let context = CIContext(options: [.cacheIntermediates: false, .renderCancellation: cancellation])
        let image = Self.expensiveBlur()
        // A thread of its own: under load the shared global queues may start a delayed block late.
        Thread.detachNewThread { Thread.sleep(forTimeInterval: 0.5); cancellation.cancel() }
        let started = Date()
        #expect(context.createCGImage(image, from: image.extent) == nil)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 40, "stopped after \(elapsed) s (minutes of work uncancelled)")
        #expect(cancellation.isCancelled && "\(context.lastRenderError.map { "\($0)" } ?? "")".contains("cancelled"))
        let cheap = TestImages.patternImage(width: 40, height: 30)
        #expect(context.createCGImage(cheap, from: cheap.extent) == nil)
    }

    @Test func nonFiniteParametersAreRefusedByName() throws {
        let blur = CIFilter(name: "CIGaussianBlur")!
        blur.setValue(TestImages.patternImage(), forKey: kCIInputImageKey)
        for bad in [Double.infinity, -.infinity, .nan] {
            blur.setValue(bad, forKey: kCIInputRadiusKey)
            #expect(blur.outputImage == nil)
        }
        for text in ["inf", "nan", "-infinity"] {
            #expect { try blur.setValue(text: text, forKey: kCIInputRadiusKey) } throws: { error in
                "\(error)".contains("CIGaussianBlur.inputRadius") && "\(error)".contains("not a finite number")
            }
        }
        let vignette = CIFilter(name: "CIVignetteEffect")!
        #expect { try vignette.setValue(text: "10,inf", forKey: kCIInputCenterKey) } throws: { error in
            "\(error)".contains("CIVignetteEffect.inputCenter")
        }
    }

    @Test func numbersAreClampedToTheDocumentedRange() throws {
        // CISepiaTone's inputIntensity has kCIAttributeMin 0 and kCIAttributeMax 1: 5 renders as 1, -3 as 0.
        let source = TestImages.patternImage(width: 20, height: 10)
        let context = CIContext()
        func sepia(_ intensity: Double) throws -> [UInt8] {
            let filter = CIFilter(name: "CISepiaTone")!
            filter.setValue(source, forKey: kCIInputImageKey)
            filter.setValue(intensity, forKey: kCIInputIntensityKey)
            let output = try #require(filter.outputImage)
            return TestImages.bytes(try #require(context.createCGImage(output, from: source.extent)))
        }
        #expect(try sepia(5) == sepia(1))
        #expect(try sepia(-3) == sepia(0))
        #expect(try sepia(1) != sepia(0.5))
    }
}
