import Localization
import TermUI
import TrailMap

/// How the hike's line is coloured on the map: one colour (the default, on the hike screen and
/// in `cairn render`), by slope, by the SAC grade of the ways under it (issue 16), or by
/// what other hikes have walked of it. `o` on the hike screen cycles through them in this
/// order; `cairn render --line-colours NAME` takes the raw values. Every colouring but plain
/// has a legend above the map (DECISIONS 602).
public enum LineColouring: String, Sendable, Hashable, CaseIterable {
    case plain, slope, grade, walked

    /// The next one in the cycle (grade goes back to plain).
    public var next: LineColouring {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The word in the status line and the legend.
    public var title: String {
        switch self {
        case .plain: return Lc("line colouring", "plain")
        case .slope: return Lc("line colouring", "slope")
        case .grade: return L("SAC grade")
        case .walked: return L("walked by other hikes")
        }
    }
}

/// The classes the coloured line is drawn in, shared by the line, its legend and the ground
/// bars: 1-6 are T1-T6 (or the six slope bands), 0 ungraded, 7 no path (no walkable way near).
public enum LineClass {
    /// Ungraded ways (a mapped way without `sac_scale`).
    public static let ungraded = 0
    /// No walkable way near the stretch.
    public static let offMap = 7
    /// Walked by another hike (the walked colouring's legend).
    public static let walked = 8
    /// Not walked by any other hike (the walked colouring's legend).
    public static let notWalked = 9

    /// The class of a stretch from its ground (nil ground: no path).
    public static func of(_ tag: GroundTag?) -> Int {
        guard let tag else { return offMap }
        return tag.grade?.rawValue ?? ungraded
    }

    /// The slope band 1-6 of grade `g` (a fraction): |g| below 5, 10, 15, 25, 35 % and above
    /// (as ``MapWidget/slopeRole(_:)``); nil when unknown.
    public static func slopeBand(_ g: Double?) -> Int? {
        guard let g else { return nil }
        let limits = [0.05, 0.10, 0.15, 0.25, 0.35]
        return (limits.firstIndex { abs(g) < $0 } ?? 5) + 1
    }

    /// The theme role of class `k`: `sac-k` for 1-6, `ungraded` for ungraded ways (a light
    /// neutral: most paths carry no `sac_scale`, so the line must stay visible, but not in the
    /// route's own colour, which means "the hike" alone), `muted` where there is no path;
    /// `route-covered` and `route` for walked and not walked.
    public static func role(_ k: Int) -> String {
        switch k {
        case 1...6: return ThemeRole.sac(k)
        case ungraded: return ThemeRole.ungraded
        case walked: return ThemeRole.routeCovered
        case notWalked: return ThemeRole.route
        default: return ThemeRole.muted
        }
    }

    /// Dash patterns in dots (on, off, on, off …) for terminals without colour: each class
    /// its own, from solid (T1) to ever sparser and broken; ungraded and no path sparse dots.
    public static let patterns: [[Int]] = [
        [1, 3],          // ungraded
        [1, 0],          // T1 solid
        [6, 2],          // T2 long dashes
        [3, 3],          // T3 dashes
        [4, 2, 1, 2],    // T4 dash-dot
        [1, 1],          // T5 dotted
        [2, 1, 2, 4],    // T6 double dashes
        [1, 6],          // no path
    ]

    /// True when dot `position` (dots along the line from its start) is drawn in class `k`'s pattern.
    public static func isOn(_ k: Int, at position: Int) -> Bool {
        let p = patterns[min(max(0, k), patterns.count - 1)]
        let period = p.reduce(0, +)
        var r = position % period
        for (i, run) in p.enumerated() {
            if r < run { return i % 2 == 0 }
            r -= run
        }
        return true
    }
}
