import CoreGraphics
import CoreImage
import Foundation
import FuzzSupport

/// Renders with a one-second deadline, as `photos edit` does with `--deadline`.
nonisolated(unsafe) let rawContext = CIContext(options: [.renderTimeLimit: 1.0, .cacheIntermediates: false])

/// The fuzz body for RAW development: the bytes are a RAW or DNG file. LibRaw opens and unpacks it in
/// `photokit-raw-probe` (its crashes stay there and come back as errors); what is fuzzed here is everything of
/// ours after that: reading LibRaw's state and raw image back, the checks on sizes, pattern and levels, and the
/// development (demosaic, white balance, the noise, contrast, detail, tone and gamut stages), rendered small
/// under a one-second deadline. The first byte picks draft mode, the scale and which stages run.
/// A thrown error or a nil image is a correct answer; anything that stops the process is a bug.
func fuzzRAWDevelop(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = fuzzData(bytes, count)
    guard let filter = try? CIRAWFilter.developing(data, identifierHint: nil) else { return 0 }
    let choice = data.last ?? 0
    filter.isDraftModeEnabled = choice & 1 != 0
    filter.scaleFactor = choice & 2 != 0 ? 0.5 : 1
    if choice & 4 != 0 {
        // At a quarter scale, so the 25-px contrast filter shrinks to 6 px: this build (ASan, coverage on every
        // comparison) takes seconds for the full-size radius.
        filter.scaleFactor = 0.25
        filter.luminanceNoiseReductionAmount = 0.5
        filter.colorNoiseReductionAmount = 0.5
        filter.contrastAmount = 0.5
        filter.detailAmount = 1.5
    }
    if choice & 8 != 0 {
        filter.isGamutMappingEnabled = true
        filter.shadowBias = 0.05
        filter.neutralTemperature = 3_200
    }
    _ = filter.properties
    _ = filter.neutralChromaticity
    guard let image = filter.outputImage else { return 0 }
    let region = image.extent.intersection(CGRect(x: image.extent.minX, y: image.extent.minY, width: 32, height: 32))
    guard !region.isNull, !region.isEmpty, region.width.isFinite else { return 0 }
    _ = rawContext.createCGImage(image, from: region)
    return 0
}

@main enum RAWDevelopFuzzer {
    static func main() { runFuzzer(fuzzRAWDevelop) }
}
