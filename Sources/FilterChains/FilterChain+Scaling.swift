import CoreImage
import Foundation

extension FilterChain {
    /// The chain for an image `factor` times the size of the one it was written for: every resolution-dependent
    /// input — a distance (blur radii, widths), a position, an offset, or a rectangle — is multiplied by `factor`,
    /// so a preview on a display-size picture looks like the full-size render (Core Image's `renderScale` idea).
    /// Inputs of other types (angles, amounts, colours) are unchanged; so are inputs whose filter or key this build
    /// does not know (rendering reports those).
    public func scaled(by factor: Double) -> FilterChain {
        guard factor.isFinite, factor > 0, factor != 1 else { return self }
        var copy = self
        for index in copy.filters.indices {
            guard let filter = try? Filter.imageFilter(named: copy.filters[index].name) else { continue }
            for (key, value) in copy.filters[index].parameters {
                let attribute = filter.attributes[key] as? [String: Any]
                guard let type = attribute?[kCIAttributeType] as? String, Self.scalesWithResolution(type) else { continue }
                switch value {
                case .number(let number): copy.filters[index].parameters[key] = .number(number * factor)
                case .vector(let values):
                    // A 3-D position scales in x and y only.
                    let scaledCount = type == kCIAttributeTypePosition3 ? 2 : values.count
                    copy.filters[index].parameters[key] = .vector(values.enumerated().map { $0.offset < scaledCount ? $0.element * factor : $0.element })
                default: continue
                }
            }
        }
        return copy
    }

    static func scalesWithResolution(_ type: String) -> Bool {
        [kCIAttributeTypeDistance, kCIAttributeTypePosition, kCIAttributeTypePosition3, kCIAttributeTypeOffset, kCIAttributeTypeRectangle].contains(type)
    }
}
