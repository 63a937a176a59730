/// How a video track's colours are to be read: its primaries, transfer function and YUV matrix, as FFmpeg numbers
/// them (the ITU-T H.273 code points that QuickTime's `colr` atom and the codecs' VUI carry).
public struct MovieColor: Sendable, Hashable {
    public var primaries: Int32
    public var transfer: Int32
    public var matrix: Int32

    public init(primaries: Int32, transfer: Int32, matrix: Int32) {
        (self.primaries, self.transfer, self.matrix) = (primaries, transfer, matrix)
    }

    /// BT.709 primaries, transfer and matrix: HD video, and what this library writes unless told otherwise.
    public static let bt709 = MovieColor(primaries: 1, transfer: 1, matrix: 1)

    /// Whether the transfer function is an HDR one (PQ, 16, or HLG, 18: iPhone HDR video is BT.2020 HLG).
    public var isHDR: Bool { transfer == 16 || transfer == 18 }
    /// Whether the primaries are BT.2020's.
    public var isWideGamut: Bool { primaries == 9 }
}
