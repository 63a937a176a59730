import Foundation
internal import CTurboJPEG

/// Decodes a JPEG band by band along its restart intervals (``JPEGRestartBands``): each band is an independent
/// JPEG for TurboJPEG, decoded with the whole-image flags, so the rows are the bytes `JPEGCodec` decodes (the same
/// rule as its banded decode: no vertical chroma subsampling, whose fancy upsampling reads across band edges).
/// Bands are whole groups of restart intervals, about 64 rows or more.
package final class JPEGStripDecoder: RowBandDecoder {
    package let layout: PixelBuffer.Layout
    package let bandStarts: [Int]
    private let data: Data
    private let split: JPEGRestartBands

    /// A decoder for `data`, or `nil` when the file cannot be cut into bands (no restart markers, progressive,
    /// vertically subsampled chroma, CMYK, 12-bit, fewer than two bands).
    package init?(_ data: Data) {
        guard let markers = try? JPEGMarkers(data), markers.precision == 8, markers.components == 1 || markers.components == 3,
              Set(markers.sampling.map(\.v)).count <= 1, markers.height >= 2 else { return nil }
        // As many bands as there are row groups, up to one per 64 rows.
        guard let split = JPEGRestartBands(data, markers: markers, bands: max(2, markers.height / 64), orFewer: true) else { return nil }
        self.data = data
        self.split = split
        layout = markers.components == 1 ? .gray : .rgbx
        bandStarts = split.bands.map(\.firstRow) + [markers.height]
    }

    package func decode(bands: Range<Int>, into destination: UnsafeMutableRawPointer, bytesPerRow: Int) throws(ImageIOError) {
        guard !bands.isEmpty else { return }
        guard split.decode(bands, from: data, into: destination, firstRow: bandStarts[bands.lowerBound], bytesPerRow: bytesPerRow,
                           format: layout == .gray ? TJPF_GRAY : TJPF_RGBX, flags: TJFLAG_LIMITSCANS) else {
            throw ImageIOError(.corrupt, "the JPEG data of rows \(bandStarts[bands.lowerBound])..<\(bandStarts[bands.upperBound]) cannot be decoded",
                               format: .jpeg)
        }
    }
}
