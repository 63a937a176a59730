import Foundation
import CoreImage

extension FilterCases {
    /// The light generators added with issue 19 (`light_generators` in `References/reference.py`), cropped by the
    /// caller to 16×12.
    static var lightGenerators: [FilterCase] {
        func generator(_ reference: String, _ filter: String, _ parameters: [String: any Sendable]) -> FilterCase {
            FilterCase(name: reference, region: CGRect(x: 0, y: 0, width: 16, height: 12), tolerance: 3e-5) {
                CIFilter(name: filter, parameters: parameters)?.outputImage
            }
        }
        let centre = CIVector(x: 7.3, y: 5.6)
        return [
            generator("sunbeamsGenerator", "CISunbeamsGenerator", [kCIInputCenterKey: centre, "inputSunRadius": 2.5, "inputMaxStriationRadius": 1.6,
                                                                  "inputStriationStrength": 0.8, kCIInputTimeKey: 0.2]),
            generator("starShineGenerator", "CIStarShineGenerator", [kCIInputCenterKey: centre, kCIInputRadiusKey: 20, "inputEpsilon": -1.5,
                                                                    "inputCrossWidth": 1.2, "inputCrossScale": 5, "inputCrossOpacity": -3]),
            generator("lenticularHaloGenerator", "CILenticularHaloGenerator", [kCIInputCenterKey: centre, "inputHaloRadius": 4, "inputHaloWidth": 4,
                                                                              "inputHaloOverlap": 0.5, "inputStriationStrength": 0.6, kCIInputTimeKey: 0.1]),
        ]
    }
}
