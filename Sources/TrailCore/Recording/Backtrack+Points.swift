import Foundation

extension Backtrack {
    /// Default Douglas–Peucker tolerance of a backtrack, metres (``FollowConfiguration/backtrackTolerance``).
    public static let defaultTolerance = 10.0

    /// The walk so far as a simplified route back to its start: every stretch in order,
    /// simplified with Douglas–Peucker at `tolerance` metres and reversed (DECISIONS.md 144 says
    /// why not the safety app's "drop turns under 30°"). Times are dropped (it is a plan, not a
    /// walk); positions and elevations of the kept points are the recorded ones.
    /// - Returns: the route's points, from the last point of `walk` to its first; empty for fewer
    ///   than two points.
    public static func points(from walk: [Trackpoint], tolerance: Double = defaultTolerance) -> [Trackpoint] {
        guard walk.count >= 2 else { return [] }
        let kept = DouglasPeucker.keptIndices(of: walk.map(\.coordinate), tolerance: tolerance)
        return kept.reversed().map { Trackpoint(latitude: walk[$0].latitude, longitude: walk[$0].longitude,
                                                elevation: walk[$0].elevation) }
    }
}

extension RecordingSession {
    /// The backtrack of the recording so far (``Backtrack/points(from:tolerance:)``): what `b` on
    /// the recording screen follows and `cairn backtrack` writes; the recording goes on.
    public func backtrackPoints(tolerance: Double = Backtrack.defaultTolerance) -> [Trackpoint] {
        Backtrack.points(from: Array(stretches.joined()), tolerance: tolerance)
    }
}
