import Foundation

/// Geodesic computations on the WGS84 ellipsoid: distance, bearings and the direct problem.
///
/// Method: Vincenty's inverse and direct formulae, T. Vincenty, "Direct and inverse solutions
/// of geodesics on the ellipsoid with application of nested equations", Survey Review 23 (176),
/// 1975, pp. 88–93, in the form with the trigonometric identities given by C. Veness,
/// "Vincenty solutions of geodesics on the ellipsoid" (movable-type.co.uk). Accurate to about
/// 0.5 mm on the ellipsoid for every pair of points that is not nearly antipodal.
///
/// Near-antipodal fallback: the inverse iteration may fail to converge when the two points are
/// within about half a degree of being antipodal. Then ``inverse(from:to:)`` returns the
/// great-circle distance on a sphere of the WGS84 mean radius and marks the result
/// `converged == false`. Every such geodesic is between π·b (20 003.93 km, via the poles) and
/// π·a (20 037.51 km, along the equator) long and the sphere gives 20 015.1 km, so the
/// fallback is within 0.12 %. Hikes never come near this case; it exists so that no input
/// can hang or produce NaN.
///
/// Why not Karney (2013): his algorithm is exact to round-off everywhere, but it is several
/// times more code; Vincenty's 0.5 mm is well inside the 1 mm / 0.01 % this project needs and
/// is checked against GeographicLib (Karney's implementation) in the tests.
public enum Geodesy {
    /// WGS84 semi-major axis a, in metres.
    public static let semiMajorAxis = 6_378_137.0
    /// WGS84 flattening f.
    public static let flattening = 1 / 298.257223563
    /// WGS84 semi-minor axis b = a (1 − f), in metres.
    public static let semiMinorAxis = 6_378_137.0 * (1 - 1 / 298.257223563)
    /// Mean earth radius R1 = (2a + b) / 3 of WGS84, in metres (IUGG), for spherical helpers.
    public static let meanRadius = 6_371_008.771_415

    /// Result of the inverse problem between two coordinates.
    public struct InverseSolution: Hashable, Sendable {
        /// Length of the geodesic, metres.
        public var distance: Double
        /// Forward azimuth at the start, degrees clockwise from true north, 0..<360.
        /// 0 when the points coincide.
        public var initialBearing: Double
        /// Forward azimuth at the end, degrees clockwise from true north, 0..<360.
        public var finalBearing: Double
        /// False when Vincenty's iteration did not converge (near-antipodal points) and the
        /// spherical fallback described on ``Geodesy`` was used.
        public var converged: Bool
    }

    /// Solves the inverse geodesic problem (Vincenty 1975) from `a` to `b`.
    /// - Returns: distance in metres and both azimuths in degrees; see ``InverseSolution``.
    public static func inverse(from a: Coordinate, to b: Coordinate) -> InverseSolution {
        let u1 = ReducedLatitude(a.latitude), u2 = ReducedLatitude(b.latitude)
        // Longitude difference wrapped into -180...180 so the antimeridian is crossed the short way.
        let L = normalizedLongitude(b.longitude - a.longitude) * .pi / 180
        guard let r = vincentyInverse(u1, u2, L) else {
            return InverseSolution(distance: sphericalDistance(from: a, to: b),
                                   initialBearing: sphericalInitialBearing(from: a, to: b),
                                   finalBearing: normalizedDegrees(sphericalInitialBearing(from: b, to: a) + 180),
                                   converged: false)
        }
        let alpha1 = atan2(u2.cos * r.sinLambda, u1.cos * u2.sin - u1.sin * u2.cos * r.cosLambda)
        let alpha2 = atan2(u1.cos * r.sinLambda, -u1.sin * u2.cos + u1.cos * u2.sin * r.cosLambda)
        return InverseSolution(distance: r.distance,
                               initialBearing: r.distance == 0 ? 0 : normalizedDegrees(alpha1 * 180 / .pi),
                               finalBearing: r.distance == 0 ? 0 : normalizedDegrees(alpha2 * 180 / .pi),
                               converged: true)
    }

    /// sin and cos of the reduced (parametric) latitude U, tan U = (1 − f) tan φ; computed once
    /// per point on hot paths so that each pair costs one tangent less.
    struct ReducedLatitude {
        let sin: Double
        let cos: Double
        @inline(__always)
        init(_ latitudeDegrees: Double) {
            let tanU = (1 - Geodesy.flattening) * Foundation.tan(latitudeDegrees * .pi / 180)
            cos = 1 / (1 + tanU * tanU).squareRoot()
            sin = tanU * cos
        }
    }

    /// Distance for the statistics hot path: Vincenty from precomputed reduced latitudes,
    /// the spherical fallback of ``inverse(from:to:)`` when it does not converge.
    @inline(__always)
    static func distance(_ u1: ReducedLatitude, _ a: Coordinate, _ u2: ReducedLatitude, _ b: Coordinate) -> Double {
        let L = normalizedLongitude(b.longitude - a.longitude) * .pi / 180
        return vincentyInverse(u1, u2, L)?.distance ?? sphericalDistance(from: a, to: b)
    }

    /// Vincenty's inverse iteration; nil when it does not converge (near-antipodal points).
    /// `L` is the longitude difference in radians, -π...π. Returns the distance in metres and
    /// sin/cos of the final λ, from which the caller derives the azimuths.
    @inline(__always)
    static func vincentyInverse(_ u1: ReducedLatitude, _ u2: ReducedLatitude, _ L: Double)
        -> (distance: Double, sinLambda: Double, cosLambda: Double)? {
        let f = flattening
        let sinU1 = u1.sin, cosU1 = u1.cos, sinU2 = u2.sin, cosU2 = u2.cos
        var lambda = L
        // λ starts at 0 + L: the first iteration rotates (sin 0, cos 0) by L, with the series
        // below when |L| < 1e-3 (steps up to about 6 km at mid latitudes: no sin/cos at all).
        var sinLambda = 0.0, cosLambda = 1.0
        var sinSigma = 0.0, cosSigma = 0.0, sigma = 0.0
        var sinAlpha = 0.0, cosSqAlpha = 0.0, cos2SigmaM = 0.0
        var iterations = 0
        var converged = false
        var step = L  // change of λ in the last iteration
        repeat {
            if abs(step) < 1e-3 {
                // λ moved by a tiny δ: rotate sin/cos by δ with their Taylor series (exact to
                // round-off for |δ| < 1e-3: the first omitted terms are below 1e-18).
                let d2 = step * step
                let sd = step * (1 - d2 / 6 * (1 - d2 / 20))
                let cd = 1 - d2 / 2 * (1 - d2 / 12)
                (sinLambda, cosLambda) = (sinLambda * cd + cosLambda * sd, cosLambda * cd - sinLambda * sd)
            } else {
                sinLambda = sin(lambda)
                cosLambda = cos(lambda)
            }
            let t1 = cosU2 * sinLambda
            let t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            sinSigma = (t1 * t1 + t2 * t2).squareRoot()
            if sinSigma == 0 { return (0, 0, 1) }  // coincident points (or both at one pole)
            cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            sigma = Self.angle(sinSigma, cosSigma)
            sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            cosSqAlpha = 1 - sinAlpha * sinAlpha
            // On an equatorial line cos²α = 0 and cos2σm is undefined; its term vanishes.
            cos2SigmaM = cosSqAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha : 0
            let C = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
            let previous = lambda
            lambda = L + (1 - C) * f * sinAlpha
                * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            step = lambda - previous
            iterations += 1
            if abs(lambda) > .pi { break }  // diverging: antipodal case
            // Relative tolerance: Veness's absolute 1e-12 rad stops after two iterations on
            // metre-long steps and leaves a systematic 2e-6 relative error there (2 µm per
            // 1 m step); 1e-10 relative costs one or two more iterations and leaves < 1e-9.
            if abs(lambda - previous) <= 1e-10 * abs(lambda) { converged = true; break }
        } while iterations < 200
        guard converged else { return nil }

        let bb = semiMinorAxis
        let uSq = cosSqAlpha * (semiMajorAxis * semiMajorAxis - bb * bb) / (bb * bb)
        let A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
        let B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
        let c2 = cos2SigmaM * cos2SigmaM
        let deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * c2)
            - B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * c2)))
        return (bb * A * (sigma - deltaSigma), sinLambda, cosLambda)
    }

    /// atan2(s, c) for s ≥ 0: for a short arc (0 < s < 1e-3 c) the series of atan(s/c) to
    /// the fifth power, exact to round-off (the first omitted term is below 1.5e-19 of the
    /// result); otherwise atan2. Hikes' steps are all short, so this is what runs per point.
    @inline(__always)
    static func angle(_ s: Double, _ c: Double) -> Double {
        if c > 0 && s < 1e-3 * c {
            let t = s / c, t2 = t * t
            return t * (1 - t2 * (1.0 / 3 - t2 / 5))
        }
        return atan2(s, c)
    }

    /// Geodesic distance on the WGS84 ellipsoid between `a` and `b`, in metres (Vincenty 1975,
    /// with the fallback documented on ``Geodesy``).
    public static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        inverse(from: a, to: b).distance
    }

    /// Initial bearing (forward azimuth) of the geodesic from `a` to `b`, in degrees clockwise
    /// from true north, 0..<360; 0 when the points coincide.
    public static func initialBearing(from a: Coordinate, to b: Coordinate) -> Double {
        inverse(from: a, to: b).initialBearing
    }

    /// Final bearing of the geodesic from `a` to `b` on arrival at `b`, degrees 0..<360.
    public static func finalBearing(from a: Coordinate, to b: Coordinate) -> Double {
        inverse(from: a, to: b).finalBearing
    }

    /// Wraps an angle in degrees into 0..<360.
    static func normalizedDegrees(_ d: Double) -> Double {
        let r = d.truncatingRemainder(dividingBy: 360)
        let w = r < 0 ? r + 360 : r
        return w >= 360 ? 0 : w
    }

    /// Wraps a longitude in degrees into -180...180.
    static func normalizedLongitude(_ d: Double) -> Double {
        if (-180...180).contains(d) { return d }
        let r = (d + 180).truncatingRemainder(dividingBy: 360)
        return (r < 0 ? r + 360 : r) - 180
    }
}
