import Foundation

/// Backtrack: the walk so far turned into a route back to where it started.
///
/// Method: all accepted fixes of the walk (every stretch, in order) are simplified with
/// Douglas–Peucker at ``FollowConfiguration/backtrackTolerance`` (10 m: well inside the
/// 25 m coverage radius and the 30 m off-route threshold, so following the simplified line
/// never reads as off the path that was walked) and reversed. Elevations of the kept fixes
/// are kept for the profile and the DIN 33466 ETA.
public enum Backtrack {
    /// The route from the last point of `walk` back to its first; nil for fewer than two points.
    public static func route(from walk: [Trackpoint], tolerance: Double = 10) -> FollowRoute? {
        guard walk.count >= 2 else { return nil }
        let kept = DouglasPeucker.keptIndices(of: walk.map(\.coordinate), tolerance: tolerance)
        let points = kept.reversed().map { walk[$0] }
        return FollowRoute(coordinates: points.map(\.coordinate), elevations: points.map(\.elevation))
    }
}

extension FollowSession {
    /// The backtrack route for this walk (see ``Backtrack``); nil before two accepted fixes.
    public func backtrackRoute() -> FollowRoute? {
        Backtrack.route(from: walkedPoints, tolerance: configuration.backtrackTolerance)
    }
}
