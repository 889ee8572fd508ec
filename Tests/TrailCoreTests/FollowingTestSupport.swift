import Foundation
@testable import TrailCore

/// Builds test routes from planar sketches: (x east, y north) in metres from an origin is
/// placed at the geodesic distance √(x² + y²) and azimuth atan2(x, y) from the origin (an
/// azimuthal equidistant layout: distances within a few km differ from the sketch by less than
/// a millimetre, so sketch distances serve as independent expected values).
struct Sketch {
    let origin: Coordinate

    init(origin: Coordinate = Coordinate(latitude: 46.0, longitude: 7.0)) { self.origin = origin }

    func point(_ x: Double, _ y: Double) -> Coordinate {
        let d = (x * x + y * y).squareRoot()
        if d == 0 { return origin }
        return Geodesy.destination(from: origin, distance: d, bearing: atan2(x, y) * 180 / .pi)
    }

    func polyline(_ xy: [(Double, Double)]) -> Polyline {
        Polyline(coordinates: xy.map { point($0.0, $0.1) })
    }

    /// Points every `step` metres along the sketch polyline, each shifted sideways by `noise(i)`
    /// metres (perpendicular to the leg, to the left for positive values), with the true
    /// distance along the sketch.
    func walk(_ xy: [(Double, Double)], step: Double, noise: (Int) -> Double = { _ in 0 })
        -> [(coordinate: Coordinate, along: Double)] {
        var out: [(Coordinate, Double)] = []
        var along = 0.0
        var i = 0
        for k in 0..<(xy.count - 1) {
            let (ax, ay) = xy[k], (bx, by) = xy[k + 1]
            let len = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
            let ux = (bx - ax) / len, uy = (by - ay) / len
            var s = k == 0 ? 0.0 : step - (along.truncatingRemainder(dividingBy: step) == 0 ? step : along.truncatingRemainder(dividingBy: step))
            while s < len - 1e-9 {
                let n = noise(i)
                out.append((point(ax + ux * s - uy * n, ay + uy * s + ux * n), along + s))
                s += step
                i += 1
            }
            along += len
        }
        let last = xy[xy.count - 1]
        out.append((point(last.0, last.1), along))
        return out
    }
}

/// A deterministic pseudo-random sequence in -amplitude...amplitude (64-bit LCG, Knuth's MMIX
/// constants), so noisy tests repeat exactly.
struct Jitter {
    private var state: UInt64
    let amplitude: Double
    init(seed: UInt64, amplitude: Double) { state = seed; self.amplitude = amplitude }
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (Double(state >> 11) / Double(1 << 53) * 2 - 1) * amplitude
    }
}
