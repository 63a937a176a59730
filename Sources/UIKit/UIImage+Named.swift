import Foundation
import CoreGraphics
import Synchronization

/// UIKit's trait collection, reduced to what finding a named image uses: the display scale.
///
/// Differences from Apple: only `displayScale`; `current` is scale 1 unless set (Linux has no screen to ask).
public final class UITraitCollection: Sendable {
    /// Pixels per point of the display the traits describe.
    public let displayScale: CGFloat

    /// Traits with only a display scale.
    public init(displayScale: CGFloat) { self.displayScale = displayScale }

    /// The traits `UIImage(named:)` uses when given none.
    public static var current: UITraitCollection {
        get { currentTraits.withLock { $0 } }
        set { currentTraits.withLock { $0 = newValue } }
    }

    private static let currentTraits = Mutex(UITraitCollection(displayScale: 1))
}

extension UIImage {
    /// The image file `name` from the main bundle's resources, for the current traits' display scale; `nil` when
    /// there is none. See `init(named:in:compatibleWith:)`.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image file `name` from `bundle`'s resources (the main bundle when `nil`), as UIKit finds files outside
    /// asset catalogues: a name without an extension means a PNG; the variant for the traits' display scale is
    /// preferred (`icon@2x.png` at scale 2), then the others, each read with its own scale. Decoded images are kept
    /// in a cache shared by the process (the 64 most recently used), as UIKit's system cache keeps them.
    ///
    /// Differences from Apple: no asset catalogues, symbol images or device modifiers (`~ipad`).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let scale = (traitCollection ?? UITraitCollection.current).displayScale
        guard let found = NamedImages.image(named: name, in: bundle ?? .main, scale: scale), let bitmap = found.cgImage else { return nil }
        self.init(cgImage: bitmap, scale: found.scale, orientation: found.imageOrientation)
    }
}

/// Finding and caching images by name.
enum NamedImages {
    private static let capacity = 64
    private static let cache = Mutex<[String: (image: UIImage, used: UInt64)]>([:])
    private static let clock = Atomic<UInt64>(0)

    static func image(named name: String, in bundle: Bundle, scale: CGFloat) -> UIImage? {
        for path in candidates(named: name, in: bundle, scale: scale) {
            let tick = clock.add(1, ordering: .relaxed).newValue
            if let hit = cache.withLock({ cache -> UIImage? in
                guard let entry = cache[path] else { return nil }
                cache[path] = (entry.image, tick)
                return entry.image
            }) { return hit }
            guard let image = UIImage(contentsOfFile: path) else { continue }
            cache.withLock { cache in
                cache[path] = (image, tick)
                if cache.count > capacity, let oldest = cache.min(by: { $0.value.used < $1.value.used })?.key { cache[oldest] = nil }
            }
            return image
        }
        return nil
    }

    /// The files that may hold the image, best first, each looked up only when the one before is not there: the
    /// display scale's variant, then the nearest others (the larger first on a tie), as UIKit picks them.
    static func candidates(named name: String, in bundle: Bundle, scale: CGFloat) -> some Sequence<String> {
        let given = (name as NSString).pathExtension
        let stem = given.isEmpty ? name : (name as NSString).deletingPathExtension
        let type = given.isEmpty ? "png" : given
        let order: [Int] = switch max(1, min(3, Int(scale.rounded()))) {
        case 1: [1, 2, 3]
        case 2: [2, 3, 1]
        default: [3, 2, 1]
        }
        return order.lazy.compactMap { factor in bundle.path(forResource: factor == 1 ? stem : "\(stem)@\(factor)x", ofType: type) }
    }
}
