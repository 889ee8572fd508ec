import CairnTestSupport
import Foundation
import TermUI
import Testing
import TrailCore
import TrailLive
import TrailStore
@testable import TrailApp

/// A hike and fixes with known geometry for the follow-screen tests.
///
/// The route: 100 points due north from (0° N, 10° E), 1e-4° of latitude apart. At the equator
/// a degree of latitude is 110,574 m of meridian (WGS84: a(1 − e²) · π/180 = 110,574.3 m), so
/// the points are 11.0574 m apart and the route is 99 × 11.0574 = 1094.7 m long. A degree of
/// longitude there is 111,319.5 m (a · π/180), which places off-route fixes.
enum FollowFixture {
    static let spacing = 11.0574
    static let count = 100
    static let metresPerDegreeLongitude = 111_319.49
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    static let hikeID = HikeID(rowID: 5)
    static let walkID = WalkID(rawValue: 7)

    static func hike() -> PreparedHike {
        TestSupport.northbound(count: count, spacing: spacing, elevation: { 1000 + Double($0) }, name: "North ridge")
    }

    /// A fix on route point `k` (optionally `east` metres east of it), 10 s per point from t0.
    static func fix(_ k: Double, east: Double = 0, second: Double? = nil) -> PositionFix {
        let lat = k * 1e-4
        let lon = 10 + east / metresPerDegreeLongitude
        return PositionFix(time: t0.addingTimeInterval(second ?? k * 10), coordinate: Coordinate(latitude: lat, longitude: lon),
                           altitude: 1000 + k, horizontalAccuracy: 5, speed: 1.1, course: 0, mode: .threeD,
                           satellitesUsed: 9, satellitesVisible: 12, source: .gpsd)
    }

    static func environment() -> WidgetEnvironment {
        WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric))
    }

    /// The app with the fixture hike open on the hike screen and its (empty) history loaded.
    static func hikeOpen(_ app: CairnApp, width: Int = 120, height: Int = 40) -> AppState {
        var s = AppState(environment: environment(), storeLabel: "test", width: width, height: height)
        _ = app.update(&s, .hikeLoaded(hikeID, hike(), forPreview: false))
        _ = app.update(&s, .follow(.walksLoaded(hikeID, [], unfinished: nil)))
        return s
    }

    /// Presses Enter in the source prompt and, when that asks for the source to be checked,
    /// answers as the performer does for a readable source; returns all the effects.
    static func enterSource(_ app: CairnApp, _ s: inout AppState, error: String? = nil) -> [AppEffect] {
        let effects = app.update(&s, .input(.key(.enter)))
        for case .follow(.checkSource(let spec, let text, let hike)) in effects {
            return effects + app.update(&s, .follow(.sourceChecked(hike, text: text, spec, error: error)))
        }
        return effects
    }

    /// Following the fixture hike from gpsd (source 1), with walk 7 created.
    static func following(_ app: CairnApp, width: Int = 120, height: Int = 40) -> AppState {
        var s = hikeOpen(app, width: width, height: height)
        _ = app.update(&s, .input(.key(.character("f"))))
        _ = enterSource(app, &s)
        _ = app.update(&s, .follow(.walkBegun(request: 1, walkID)))
        return s
    }

    /// Sends fix `f` from source 1, arriving at its own time.
    @discardableResult
    static func send(_ f: PositionFix, _ app: CairnApp, _ s: inout AppState, source: Int = 1) -> [AppEffect] {
        app.update(&s, .follow(.position(.fix(f), at: f.time, source: source)))
    }

    static func text(_ app: CairnApp, _ s: AppState) -> String {
        app.view(s, width: s.width, height: s.height).textDump()
    }

    /// The walk points written by `effects`.
    static func written(_ effects: [AppEffect]) -> [WalkPoint] {
        effects.flatMap { e -> [WalkPoint] in
            if case .follow(.appendPoints(_, let points, _)) = e { return points }
            return []
        }
    }
}

/// Records an issue naming the missing text and the screen's lines that share its first word.
func expectScreen(_ text: String, contains needle: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard !text.contains(needle) else { return }
    let key = needle.split(separator: " ").first.map(String.init) ?? needle
    let near = text.split(separator: "\n").filter { $0.contains(key) }.map { String($0.suffix(60)) }
    Issue.record("screen lacks \"\(needle)\"; lines with \"\(key)\": \(near)", sourceLocation: sourceLocation)
}
