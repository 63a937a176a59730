/// Parses ISO 6709 location strings as written by QuickTime (`com.apple.quicktime.location.ISO6709`)
/// and Android (`©xyz`): "+48.8583+002.2945+035.000/" (decimal degrees, optional altitude, optional CRS).
enum ISO6709 {
    static func parse(_ text: String?) -> Location? {
        guard let text else { return nil }
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if let slash = body.firstIndex(of: "/") { body = body[..<slash] }
        if let crs = body.range(of: "CRS") { body = body[..<crs.lowerBound] }
        // Split into signed numeric components.
        var parts: [String] = []
        var current = ""
        for c in body {
            if c == "+" || c == "-" {
                if !current.isEmpty { parts.append(current) }
                current = String(c)
            } else if c.isASCII, c.isNumber || c == "." {
                guard !current.isEmpty else { return nil }
                current.append(c)
            } else {
                return nil
            }
        }
        if !current.isEmpty { parts.append(current) }
        guard parts.count >= 2, let lat = degrees(parts[0], degreeDigits: 2), let lon = degrees(parts[1], degreeDigits: 3),
              abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        let altitude = parts.count >= 3 ? Double(parts[2]) : nil
        return Location(latitude: lat, longitude: lon, altitude: altitude)
    }

    /// "±DD.DDD", "±DDMM.MMM" or "±DDMMSS.SSS" (the integer-part width tells the form).
    private static func degrees(_ s: String, degreeDigits: Int) -> Double? {
        let sign: Double = s.hasPrefix("-") ? -1 : 1
        let unsigned = s.dropFirst()
        let intPart = unsigned.split(separator: ".", omittingEmptySubsequences: false).first ?? ""
        guard let value = Double(unsigned) else { return nil }
        switch intPart.count {
        case degreeDigits + 2:  // DDMM.MMM
            let d = (value / 100).rounded(.towardZero)
            return sign * (d + (value - d * 100) / 60)
        case degreeDigits + 4:  // DDMMSS.SSS
            let d = (value / 10000).rounded(.towardZero)
            let rest = value - d * 10000
            let m = (rest / 100).rounded(.towardZero)
            return sign * (d + m / 60 + (rest - m * 100) / 3600)
        default:
            return sign * value
        }
    }
}
