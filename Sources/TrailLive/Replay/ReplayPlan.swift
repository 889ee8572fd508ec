import Foundation
import TrailCore

/// The fixes a replay of a recorded or planned track produces, before any pacing.
///
/// - **Timed tracks** (every point has a time and times never go backwards): one fix per
///   point, at `start + (t − t₀)`, so intervals, speeds and durations are the recording's
///   own. Speed is the geodesic distance from the previous point over the time between them;
///   course the initial bearing from it.
/// - **Untimed tracks** (any point without time, times that go backwards — some exported
///   tracks have re-based or shuffled times — or one time on every point): the line is walked at ``walkingSpeed``
///   (4 km/h, the DIN 33466 flat speed) and a fix is placed every ``interval`` (2 s, i.e.
///   every 2.2 m) along it, elevations interpolated, the last point always included.
///
/// Fixes carry no accuracy estimate (the filter's accuracy and jitter rules pass them), mode
/// 3D when the point has an elevation and 2D otherwise, and source `.replay`.
public struct ReplayPlan: Sendable {
    /// Walking speed for untimed tracks, m/s (4 km/h).
    public static let defaultWalkingSpeed = 4000.0 / 3600
    /// Seconds between synthesized fixes for untimed tracks.
    public static let defaultInterval = 2.0

    public var walkingSpeed: Double
    public var interval: Double

    public init(walkingSpeed: Double = defaultWalkingSpeed, interval: Double = defaultInterval) {
        self.walkingSpeed = walkingSpeed
        self.interval = interval
    }

    /// True when every point has a time, the times never decrease, and the last is later
    /// than the first (a file whose points all carry one sentinel time is untimed).
    public static func isTimed(_ points: [Trackpoint]) -> Bool {
        var previous: Date?
        for p in points {
            guard let t = p.time else { return false }
            if let previous, t < previous { return false }
            previous = t
        }
        guard let first = points.first?.time, let last = previous else { return false }
        return last > first
    }

    /// The fixes for `points`, the first one at `start`.
    public func fixes(for points: [Trackpoint], start: Date) -> [PositionFix] {
        guard !points.isEmpty else { return [] }
        return Self.isTimed(points) ? timed(points, start: start) : untimed(points, start: start)
    }

    private func timed(_ points: [Trackpoint], start: Date) -> [PositionFix] {
        let t0 = points[0].time!
        var out: [PositionFix] = []
        out.reserveCapacity(points.count)
        for (i, p) in points.enumerated() {
            var fix = makeFix(p.coordinate, elevation: p.elevation, time: start.addingTimeInterval(p.time!.timeIntervalSince(t0)))
            if i > 0 {
                let q = points[i - 1]
                let dt = p.time!.timeIntervalSince(q.time!)
                if dt > 0 { fix.speed = Geodesy.distance(from: q.coordinate, to: p.coordinate) / dt }
                if q.coordinate != p.coordinate { fix.course = Geodesy.initialBearing(from: q.coordinate, to: p.coordinate) }
            }
            out.append(fix)
        }
        return out
    }

    private func untimed(_ points: [Trackpoint], start: Date) -> [PositionFix] {
        let line = FollowRoute(points: points)
        let length = line.length
        let step = max(0.01, walkingSpeed * interval)
        var out: [PositionFix] = []
        var s = 0.0
        var k = 0
        while true {
            let along = min(s, length)
            guard let pos = line.polyline.position(atDistance: along) else { break }
            let ele = line.elevation(at: pos)
            var fix = makeFix(pos.coordinate, elevation: ele, time: start.addingTimeInterval(along / walkingSpeed))
            fix.speed = k == 0 ? nil : walkingSpeed
            let next = line.polyline.coordinates[min(pos.segmentIndex + 1, line.polyline.coordinates.count - 1)]
            if next != pos.coordinate { fix.course = Geodesy.initialBearing(from: pos.coordinate, to: next) }
            out.append(fix)
            if along >= length { break }
            k += 1
            s = Double(k) * step
        }
        return out
    }

    private func makeFix(_ c: Coordinate, elevation: Double?, time: Date) -> PositionFix {
        PositionFix(time: time, coordinate: c, altitude: elevation, mode: elevation == nil ? .twoD : .threeD,
                    source: .replay)
    }
}
