import Localization
import Foundation
import TrailCore

/// The one rule for elevations every reader applies (GPX, FIT, TCX, KML/KMZ, GeoJSON, and
/// files converted through gpsbabel): a height outside ``range`` is no place a hiker can stand,
/// so it is a no-data value (-9999 from CompeGPS, ±1e308 from converters) or damage, and is
/// dropped from its point while the position is kept.
///
/// Range: -500 m (below the Dead Sea shore, about -430 m, the lowest dry land) to 9,000 m
/// (above Everest, 8,849 m), in metres above sea level as every format stores them.
public enum PlausibleElevation {
    /// Elevations kept, in metres.
    public static let range: ClosedRange<Double> = -500.0...9000.0

    /// True when `metres` can be a height on a walk.
    @inlinable public static func contains(_ metres: Double) -> Bool { range.contains(metres) }
}

extension GPXReadResult {
    /// Drops every elevation outside ``PlausibleElevation/range`` from the tracks, routes and
    /// waypoints of `document`, keeping the positions, and returns one warning giving the count,
    /// the first value and where it was (line when the reader knows it, else track and point),
    /// or nil when every elevation is plausible. Called by ``init(document:warnings:omittedWarningCount:trackpointLines:)``,
    /// the place every reader's result goes through.
    static func dropImplausibleElevations(_ document: inout GPXDocument, trackpointLines: [[Int32]]) -> GPXWarning? {
        // Read first: writing through `inout` to every point would copy every point array the
        // caller still shares (35 MB more peak RSS on a 1 M-point GPX), for files that are
        // almost always plausible throughout.
        func implausible(_ e: Double?) -> Bool { e.map { !PlausibleElevation.contains($0) } ?? false }
        guard document.tracks.contains(where: { $0.segments.contains { $0.points.contains { implausible($0.elevation) } } })
            || document.routes.contains(where: { $0.points.contains { implausible($0.elevation) } })
            || document.waypoints.contains(where: { implausible($0.elevation) }) else { return nil }
        var count = 0
        var first: (value: Double, line: Int, place: String)?
        func check(_ e: inout Double?, line: Int, place: @autoclosure () -> String) {
            guard let v = e, !PlausibleElevation.contains(v) else { return }
            e = nil
            count += 1
            if first == nil { first = (v, line, place()) }
        }
        for t in document.tracks.indices {
            var i = 0
            for s in document.tracks[t].segments.indices {
                for p in document.tracks[t].segments[s].points.indices {
                    let line = t < trackpointLines.count && i < trackpointLines[t].count ? Int(trackpointLines[t][i]) : 0
                    check(&document.tracks[t].segments[s].points[p].elevation, line: line,
                          place: line > 0 ? L("line %d", line) : L("track %d, point %d", t + 1, i + 1))
                    i += 1
                }
            }
        }
        for r in document.routes.indices {
            for p in document.routes[r].points.indices {
                check(&document.routes[r].points[p].elevation, line: 0, place: L("route %s, point %s", r + 1, p + 1))
            }
        }
        for w in document.waypoints.indices {
            check(&document.waypoints[w].elevation, line: 0, place: L("waypoint %s", w + 1))
        }
        guard let first else { return nil }
        let lo = Int(PlausibleElevation.range.lowerBound), hi = Int(PlausibleElevation.range.upperBound)
        let value = abs(first.value) >= 1e6 ? String(format: "%.0e", first.value) : UnitFormatter.messageDecimal(first.value, decimals: 1)
        return GPXWarning(line: first.line, message: Ln(
            "%d elevation outside %d…%d m (a no-data sentinel or damage) treated as missing, positions kept; first %s m at %s",
            "%d elevations outside %d…%d m (a no-data sentinel or damage) treated as missing, positions kept; first %s m at %s",
            count, count, lo, hi, value, first.place))
    }
}
