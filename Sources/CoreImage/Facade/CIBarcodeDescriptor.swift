import Foundation

/// An abstract description of a barcode symbol: its error-corrected payload and the parameters that fix its
/// layout (Apple's `CIBarcodeDescriptor`). Made by the subclasses' failable initialisers, which check the
/// parameters as Apple documents them; `CIBarcodeGenerator` draws one. Immutable and thread-safe.
///
/// Differences from Apple: not `NSSecureCoding` (Linux Foundation's coders cannot archive it), and no
/// `CIDetector` on Linux returns descriptors.
open class CIBarcodeDescriptor: NSObject, NSCopying, @unchecked Sendable {
    package let barcodeDescription: BarcodeDescription

    init(_ description: BarcodeDescription) { barcodeDescription = description }

    /// The descriptor itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is a descriptor of the same symbol.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CIBarcodeDescriptor)?.barcodeDescription == barcodeDescription
    }

    open override var hash: Int { "\(barcodeDescription)".hashValue }
}

/// A QR Code symbol: its codewords before error correction (ISO/IEC 18004 §7.4.10), version, mask pattern and
/// error-correction level (Apple's `CIQRCodeDescriptor`).
open class CIQRCodeDescriptor: CIBarcodeDescriptor, @unchecked Sendable {
    /// QR Code error-correction levels; the raw values are the letters' ASCII codes, as Apple's are.
    public enum ErrorCorrectionLevel: Int, Sendable {
        /// L: about 7 % of the codewords can be restored.
        case levelL = 76
        /// M: about 15 %.
        case levelM = 77
        /// Q: about 25 %.
        case levelQ = 81
        /// H: about 30 %.
        case levelH = 72
    }

    /// The data codewords (message bit stream with mode indicators, terminator and padding) before error correction.
    public let errorCorrectedPayload: Data
    /// The symbol version, 1…40 (the symbol is 17 + 4 × version modules on a side).
    public let symbolVersion: Int
    /// The data mask pattern, 0…7.
    public let maskPattern: UInt8
    /// The error-correction level.
    public let errorCorrectionLevel: ErrorCorrectionLevel

    /// A descriptor, or `nil` when the version is outside 1…40, the mask outside 0…7 or the payload empty or
    /// longer than the version's data codewords at that level.
    public init?(payload errorCorrectedPayload: Data, symbolVersion: Int, maskPattern: UInt8, errorCorrectionLevel: ErrorCorrectionLevel) {
        let level: QRCodeSymbol.CorrectionLevel = switch errorCorrectionLevel {
        case .levelL: .low
        case .levelM: .medium
        case .levelQ: .quartile
        case .levelH: .high
        }
        guard (1...40).contains(symbolVersion), maskPattern <= 7, !errorCorrectedPayload.isEmpty,
              errorCorrectedPayload.count <= QRCodePayload.dataCodewords(version: symbolVersion, level: level) else { return nil }
        (self.errorCorrectedPayload, self.symbolVersion, self.maskPattern, self.errorCorrectionLevel)
            = (errorCorrectedPayload, symbolVersion, maskPattern, errorCorrectionLevel)
        super.init(.qr(payload: errorCorrectedPayload, version: symbolVersion, maskPattern: Int(maskPattern), level: level.rawValue))
    }
}

/// An Aztec Code symbol: its message codewords before error correction (ISO/IEC 24778 §7.3.1.2, with the
/// stuffed bits), compactness, layer count and data codeword count (Apple's `CIAztecCodeDescriptor`).
open class CIAztecCodeDescriptor: CIBarcodeDescriptor, @unchecked Sendable {
    /// The message codewords before error correction.
    public let errorCorrectedPayload: Data
    /// Whether the symbol is compact (one fewer finder ring, at most 4 layers).
    public let isCompact: Bool
    /// The number of data layers, 1…32 (1…4 when compact).
    public let layerCount: Int
    /// The number of data (non-correction) codewords, 1…2048 (at most 64 when compact).
    public let dataCodewordCount: Int

    /// A descriptor, or `nil` for an empty payload, a layer count outside 1…32 (1…4 compact) or a data codeword
    /// count outside 1…2048 (1…64 compact).
    public init?(payload errorCorrectedPayload: Data, isCompact: Bool, layerCount: Int, dataCodewordCount: Int) {
        guard !errorCorrectedPayload.isEmpty, (1...(isCompact ? 4 : 32)).contains(layerCount),
              (1...(isCompact ? 64 : 2048)).contains(dataCodewordCount) else { return nil }
        (self.errorCorrectedPayload, self.isCompact, self.layerCount, self.dataCodewordCount)
            = (errorCorrectedPayload, isCompact, layerCount, dataCodewordCount)
        super.init(.aztec(payload: errorCorrectedPayload, compact: isCompact, layers: layerCount, dataCodewords: dataCodewordCount))
    }
}

/// A PDF417 symbol: its data codewords before error correction (ISO/IEC 15438), compactness, rows and
/// columns (Apple's `CIPDF417CodeDescriptor`).
open class CIPDF417CodeDescriptor: CIBarcodeDescriptor, @unchecked Sendable {
    /// The data codewords before error correction.
    public let errorCorrectedPayload: Data
    /// Whether the symbol is compact (truncated: no right row indicator, a one-module stop).
    public let isCompact: Bool
    /// Rows, 3…90.
    public let rowCount: Int
    /// Data columns, 1…30.
    public let columnCount: Int

    /// A descriptor, or `nil` for an empty payload, rows outside 3…90 or columns outside 1…30.
    public init?(payload errorCorrectedPayload: Data, isCompact: Bool, rowCount: Int, columnCount: Int) {
        guard !errorCorrectedPayload.isEmpty, (3...90).contains(rowCount), (1...30).contains(columnCount) else { return nil }
        (self.errorCorrectedPayload, self.isCompact, self.rowCount, self.columnCount) = (errorCorrectedPayload, isCompact, rowCount, columnCount)
        super.init(.pdf417(payload: errorCorrectedPayload, compact: isCompact, rows: rowCount, columns: columnCount))
    }
}

/// A Data Matrix symbol: its data codewords before error correction (ISO/IEC 16022), size and ECC version
/// (Apple's `CIDataMatrixCodeDescriptor`).
open class CIDataMatrixCodeDescriptor: CIBarcodeDescriptor, @unchecked Sendable {
    /// Data Matrix error-correction versions (ECC 000…140 are the old convolutional ones; 200 is Reed–Solomon).
    public enum ECCVersion: Int, Sendable {
        /// ECC 000.
        case v000 = 0
        /// ECC 050.
        case v050 = 50
        /// ECC 080.
        case v080 = 80
        /// ECC 100.
        case v100 = 100
        /// ECC 140.
        case v140 = 140
        /// ECC 200 (the only one in use today).
        case v200 = 200
    }

    /// The data codewords before error correction.
    public let errorCorrectedPayload: Data
    /// Rows of modules, 8…144 (ISO/IEC 16022 lists the valid sizes).
    public let rowCount: Int
    /// Columns of modules, 8…144.
    public let columnCount: Int
    /// The error-correction version.
    public let eccVersion: ECCVersion

    /// A descriptor, or `nil` for an empty payload or a row or column count outside 8…144.
    public init?(payload errorCorrectedPayload: Data, rowCount: Int, columnCount: Int, eccVersion: ECCVersion) {
        guard !errorCorrectedPayload.isEmpty, (8...144).contains(rowCount), (8...144).contains(columnCount) else { return nil }
        (self.errorCorrectedPayload, self.rowCount, self.columnCount, self.eccVersion) = (errorCorrectedPayload, rowCount, columnCount, eccVersion)
        super.init(.dataMatrix(payload: errorCorrectedPayload, rows: rowCount, columns: columnCount, eccVersion: eccVersion.rawValue))
    }
}
