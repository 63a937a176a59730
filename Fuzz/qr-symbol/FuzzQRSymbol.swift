import CoreImage
import Foundation
import FuzzSupport

/// The fuzz body for reading QR symbols back (`CIQRCodeFeature.symbolDescriptor`): the first byte chooses the
/// surface — even: the rest is a module grid for the decoder (format word, zigzag, de-interleaving, Reed–Solomon
/// correction of whatever the bits say); odd: corners and grey pixels for sampling first. Finding nothing is a
/// correct answer; anything that stops the process is a bug.
func fuzzQRSymbol(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = fuzzData(bytes, count)
    guard let selector = data.first else { return 0 }
    if selector % 2 == 0 {
        _ = QRSymbolReaderFuzzing.decodeModules(data.dropFirst())
    } else {
        _ = QRSymbolReaderFuzzing.readPixels(data.dropFirst())
    }
    return 0
}

@main enum QRSymbolFuzzer {
    static func main() { runFuzzer(fuzzQRSymbol) }
}
