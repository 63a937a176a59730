import Foundation

/// How the ends of stroked lines are drawn (Apple's raw values).
public enum CGLineCap: Int32, Sendable, Hashable {
    case butt = 0, round = 1, square = 2
}

/// How the joins of stroked lines are drawn (Apple's raw values).
public enum CGLineJoin: Int32, Sendable, Hashable {
    case miter = 0, round = 1, bevel = 2
}

/// Which points are inside a path (Apple's raw values).
public enum CGPathFillRule: Int, Sendable, Hashable {
    case winding = 0, evenOdd = 1
}

/// What `drawPath(using:)` paints (Apple's raw values).
public enum CGPathDrawingMode: Int32, Sendable, Hashable {
    case fill = 0, eoFill = 1, stroke = 2, fillStroke = 3, eoFillStroke = 4
}

/// How images are resampled when drawn scaled (Apple's raw values).
public enum CGInterpolationQuality: Int32, Sendable, Hashable {
    case `default` = 0, none = 1, low = 2, high = 3, medium = 4
}

/// How drawing combines with what is there (Apple's raw values). `plusDarker` has no cairo operator and draws as
/// `normal` (a documented difference).
public enum CGBlendMode: Int32, Sendable, Hashable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop,
         destinationOver, destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}
