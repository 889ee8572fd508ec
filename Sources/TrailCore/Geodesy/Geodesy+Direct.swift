import Foundation

extension Geodesy {
    /// Result of the direct problem: where a geodesic of given length and start azimuth ends.
    public struct DirectSolution: Hashable, Sendable {
        /// End point.
        public var coordinate: Coordinate
        /// Forward azimuth on arrival, degrees clockwise from true north, 0..<360.
        public var finalBearing: Double
    }

    /// Solves the direct geodesic problem on WGS84 (Vincenty 1975, direct formula; converges
    /// for every input, accurate to about 0.5 mm).
    /// - Parameters:
    ///   - start: the starting point.
    ///   - distance: length to travel along the geodesic, metres (negative travels backwards).
    ///   - bearing: initial azimuth in degrees clockwise from true north.
    /// - Returns: the end point (longitude wrapped into -180...180) and the arrival azimuth.
    public static func direct(from start: Coordinate, distance: Double, bearing: Double) -> DirectSolution {
        let f = flattening
        let a = semiMajorAxis, b = semiMinorAxis
        let alpha1 = bearing * .pi / 180
        let sinAlpha1 = sin(alpha1), cosAlpha1 = cos(alpha1)
        let tanU1 = (1 - f) * tan(start.latitude * .pi / 180)
        let cosU1 = 1 / (1 + tanU1 * tanU1).squareRoot(), sinU1 = tanU1 * cosU1
        let sigma1 = atan2(tanU1, cosAlpha1)
        let sinAlpha = cosU1 * sinAlpha1
        let cosSqAlpha = 1 - sinAlpha * sinAlpha
        let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
        let A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
        let B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))

        var sigma = distance / (b * A)
        var sinSigma = 0.0, cosSigma = 0.0, cos2SigmaM = 0.0
        var iterations = 0
        while true {
            cos2SigmaM = cos(2 * sigma1 + sigma)
            sinSigma = sin(sigma)
            cosSigma = cos(sigma)
            let c2 = cos2SigmaM * cos2SigmaM
            let deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * c2)
                - B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * c2)))
            let previous = sigma
            sigma = distance / (b * A) + deltaSigma
            iterations += 1
            if abs(sigma - previous) <= 1e-12 || iterations >= 100 { break }
        }
        sinSigma = sin(sigma)
        cosSigma = cos(sigma)
        cos2SigmaM = cos(2 * sigma1 + sigma)

        let x = sinU1 * sinSigma - cosU1 * cosSigma * cosAlpha1
        let phi2 = atan2(sinU1 * cosSigma + cosU1 * sinSigma * cosAlpha1,
                         (1 - f) * (sinAlpha * sinAlpha + x * x).squareRoot())
        let lambda = atan2(sinSigma * sinAlpha1, cosU1 * cosSigma - sinU1 * sinSigma * cosAlpha1)
        let C = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
        let L = lambda - (1 - C) * f * sinAlpha
            * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
        let lon2 = normalizedLongitude(start.longitude + L * 180 / .pi)
        let alpha2 = atan2(sinAlpha, -x)
        return DirectSolution(coordinate: Coordinate(latitude: phi2 * 180 / .pi, longitude: lon2),
                              finalBearing: normalizedDegrees(alpha2 * 180 / .pi))
    }

    /// The point reached from `start` after `distance` metres along the geodesic with initial
    /// azimuth `bearing` (degrees clockwise from north). See ``direct(from:distance:bearing:)``.
    public static func destination(from start: Coordinate, distance: Double, bearing: Double) -> Coordinate {
        direct(from: start, distance: distance, bearing: bearing).coordinate
    }
}
