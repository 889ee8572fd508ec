import Foundation
import TrailCore

/// Elevation and grade read off an ``ElevationProfile`` at a distance along it, for the chart's
/// cursor readout.
///
/// The grade at distance `d` is `(e(d + w) − e(d − w)) / (2w)`, with `w` = ``halfWindow``
/// (50 m): the average slope over the 100 m centred on the cursor, which reads steady on a
/// noisy GPS profile yet still shows a short steep step. Near the ends the window is cut to the
/// track (`d − w` is at least 0, `d + w` at most the length) and the divisor is the cut
/// window's length; below ``minimumWindow`` (10 m) there is no grade. `e(x)` is the elevation
/// interpolated linearly between the nearest points with elevations on either side of `x`; a
/// window end with a height on one side only (a stretch off the terrain tiles, no `ele`) gives
/// no grade, never a 0 % from the same nearest height at both ends.
public enum ProfileGrade {
    /// Half the distance window of the grade readout, metres.
    public static let halfWindow = 50.0
    /// Shortest window that gives a grade, metres.
    public static let minimumWindow = 10.0

    /// The elevation at `distance` metres along the profile (interpolated; the nearest
    /// elevation when `distance` lies beyond the first or last point with one), nil when no
    /// point has an elevation. With `nearest` false, nil beyond them (a height only on one side).
    public static func elevation(in profile: ElevationProfile, atDistance distance: Double, nearest: Bool = true) -> Double? {
        let d = profile.distances, e = profile.elevations
        guard !d.isEmpty else { return nil }
        // First index with distance >= target.
        var lo = 0, hi = d.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if d[mid] < distance { lo = mid + 1 } else { hi = mid }
        }
        var right = lo
        while right < d.count && e[right] == nil { right += 1 }
        var left = min(lo, d.count) - 1
        if right < d.count && d[right] == distance { return e[right] }
        while left >= 0 && e[left] == nil { left -= 1 }
        switch (left >= 0 ? e[left] : nil, right < d.count ? e[right] : nil) {
        case let (a?, b?):
            let span = d[right] - d[left]
            return span > 0 ? a + (b - a) * (distance - d[left]) / span : b
        case let (a?, nil): return nearest ? a : nil
        case let (nil, b?): return nearest ? b : nil
        default: return nil
        }
    }

    /// The grade at the point `index` (rule above), as a fraction (0.12 = 12 %), nil when the
    /// track has no elevations around it or is shorter than ``minimumWindow``.
    public static func grade(in profile: ElevationProfile, at index: Int,
                             halfWindow w: Double = ProfileGrade.halfWindow) -> Double? {
        guard index >= 0, index < profile.count else { return nil }
        let d = profile.distances[index]
        let a = max(0, d - w), b = min(profile.length, d + w)
        guard b - a >= minimumWindow,
              let ea = elevation(in: profile, atDistance: a, nearest: false),
              let eb = elevation(in: profile, atDistance: b, nearest: false) else { return nil }
        return (eb - ea) / (b - a)
    }
}
