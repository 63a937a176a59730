import Foundation
import CoreGraphics
import CoreImage
import Photos
import UIKit

/// Renders a `BookState` to a PDF: each photo fetched through the image manager, cut to its cell around its
/// focus with Core Image, at 200 dpi.
struct BookRenderer {
    let library: PHPhotoLibrary
    static let dotsPerInch = 200.0
    static let margin = 36.0, gap = 10.0, captionBand = 30.0, coverBand = 110.0

    private let context = CIContext()

    init(library: PHPhotoLibrary) { self.library = library }

    /// Writes the book to `url`; returns the number of pages.
    @discardableResult
    func render(_ state: BookState, to url: URL) throws -> Int {
        let (width, height) = state.format.pageSize
        let book = try PDFBook(url: url, width: width, height: height)
        let assets = fetchAssets(state.pages.flatMap(\.photos).map(\.localIdentifier))
        for page in state.pages {
            book.background(page.layout == .cover ? 0.96 : 1)
            let area = CGRect(x: Self.margin, y: Self.margin, width: width - 2 * Self.margin, height: height - 2 * Self.margin)
            var photoArea = area
            if page.layout == .cover {
                photoArea.size.height -= Self.coverBand
                book.drawText(state.title, size: 30, bold: true, centreX: width / 2, baseline: area.maxY - Self.coverBand + 52, maximumWidth: area.width)
                if let subtitle = state.subtitle {
                    book.drawText(subtitle, size: 15, grey: 0.35, centreX: width / 2, baseline: area.maxY - Self.coverBand + 84, maximumWidth: area.width)
                }
            } else if let caption = page.caption {
                photoArea.size.height -= Self.captionBand
                book.drawText(caption, size: 14, grey: 0.3, centreX: width / 2, baseline: area.maxY - 8, maximumWidth: area.width)
            }
            for (photo, cell) in zip(page.photos, cells(page.layout, in: photoArea)) {
                guard let asset = assets[photo.localIdentifier] else { continue }
                try draw(photo, of: asset, in: cell, on: book)
            }
            book.endPage()
        }
        try book.close()
        return state.pages.count
    }

    /// A square picture of the cover photo for the project's preview (1024 × 1024).
    func preview(_ state: BookState) -> UIImage? {
        guard let photo = state.pages.first(where: { !$0.photos.isEmpty })?.photos.first,
              let asset = fetchAssets([photo.localIdentifier])[photo.localIdentifier],
              let cut = cut(photo, of: asset, pixelWidth: 1024, pixelHeight: 1024) else { return nil }
        return UIImage(cgImage: cut)
    }

    /// The cells of a layout inside `area` (points, origin top-left).
    func cells(_ layout: BookState.Layout, in area: CGRect) -> [CGRect] {
        let g = Self.gap
        let halfW = (area.width - g) / 2, halfH = (area.height - g) / 2
        switch layout {
        case .cover, .single: return [area]
        case .two: return [CGRect(x: area.minX, y: area.minY, width: halfW, height: area.height),
                           CGRect(x: area.minX + halfW + g, y: area.minY, width: halfW, height: area.height)]
        case .three:
            let big = (area.width - g) * 0.6
            return [CGRect(x: area.minX, y: area.minY, width: big, height: area.height),
                    CGRect(x: area.minX + big + g, y: area.minY, width: area.width - big - g, height: halfH),
                    CGRect(x: area.minX + big + g, y: area.minY + halfH + g, width: area.width - big - g, height: halfH)]
        case .four:
            return [(0, 0), (1, 0), (0, 1), (1, 1)].map { column, row in
                CGRect(x: area.minX + Double(column) * (halfW + g), y: area.minY + Double(row) * (halfH + g), width: halfW, height: halfH)
            }
        }
    }

    private func draw(_ photo: BookState.Photo, of asset: PHAsset, in cell: CGRect, on book: PDFBook) throws {
        let pixelWidth = Int((cell.width / 72 * Self.dotsPerInch).rounded()), pixelHeight = Int((cell.height / 72 * Self.dotsPerInch).rounded())
        guard let cut = cut(photo, of: asset, pixelWidth: pixelWidth, pixelHeight: pixelHeight),
              let rgba = cut.dataProvider?.data, let jpeg = UIImage(cgImage: cut).jpegData(compressionQuality: 0.88) else {
            throw BookError("cannot render photo \(photo.localIdentifier)")
        }
        book.drawPhoto(rgba: rgba, width: cut.width, height: cut.height, bytesPerRow: cut.bytesPerRow, jpeg: jpeg, in: cell)
    }

    /// The photo cut to `pixelWidth` × `pixelHeight` around its focus.
    private func cut(_ photo: BookState.Photo, of asset: PHAsset, pixelWidth: Int, pixelHeight: Int) -> CGImage? {
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        options.deliveryMode = .highQualityFormat
        options.resizeMode = .exact
        var picture: CGImage?
        let longest = Double(max(pixelWidth, pixelHeight)) * 1.5
        PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: longest, height: longest), contentMode: .aspectFit,
                                              options: options) { image, _ in picture = image?.cgImage }
        guard let picture else { return nil }
        let w = Double(picture.width), h = Double(picture.height)
        let crop = PhotoCrop.rect(imageWidth: w, imageHeight: h, cellAspect: Double(pixelWidth) / Double(pixelHeight),
                                  allowed: photo.allowed, focus: photo.focus)
        // Core Image's origin is bottom-left.
        let flipped = CGRect(x: crop.minX, y: h - crop.maxY, width: crop.width, height: crop.height)
        let scale = Double(pixelWidth) / crop.width
        let image = CIImage(cgImage: picture).cropped(to: flipped)
            .transformed(by: CGAffineTransform(translationX: -flipped.minX, y: -flipped.minY))
            .transformed(by: CGAffineTransform(scaleX: scale, y: scale))
        return context.createCGImage(image, from: CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
    }

    private func fetchAssets(_ identifiers: [String]) -> [String: PHAsset] {
        let options = PHFetchOptions()
        options.photoLibrary = library
        var found: [String: PHAsset] = [:]
        PHAsset.fetchAssets(withLocalIdentifiers: Array(Set(identifiers)), options: options).enumerateObjects { asset, _, _ in
            found[asset.localIdentifier] = asset
        }
        return found
    }
}
