import CairnTestSupport
import Foundation
import TrailMap
@testable import ViewerRuntime
import TermUI
import TrailCore
import TrailStore
@testable import TrailApp

/// TrailAppTests' `AppUpdateTests` builders the moved viewer tests use.
enum ViewerFixtures {
    /// Plain theme, metric units.
    static func environment() -> WidgetEnvironment {
        WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric))
    }

    /// A listed hike with only a distance and a start time.
    static func summary(_ row: Int64, _ name: String, distance: Double, start: TimeInterval) -> HikeSummary {
        HikeSummary(id: HikeID(rowID: row), name: name, description: nil, kind: .imported, sourceFileName: "\(name).gpx",
                    createdAt: Date(timeIntervalSince1970: 0), startedAt: Date(timeIntervalSince1970: start),
                    statistics: TrackStatistics(distance: distance, pointCount: 10, segmentCount: 1), waypointCount: 0)
    }

    /// The key clock the app reads (moved by hand), and the app on it (TrailAppTests'
    /// `CursorAccelerationTests`).
    final class FakeClock: @unchecked Sendable { var now: TimeInterval = 100 }

    static func drawingApp() -> (FakeClock, CairnApp) {
        let clock = FakeClock()
        return (clock, CairnApp(keyClock: { clock.now }))
    }

    /// A 120 x 40 app state on the drawing screen (`n` from a library of one hike).
    static func drawingState(_ app: CairnApp) -> AppState {
        var s = AppState(environment: environment(), storeLabel: "t", width: 120, height: 40)
        var summary = summary(1, "new", distance: 677, start: 0)
        summary.statistics.boundingBox = BoundingBox(minLatitude: 42.6210, minLongitude: 1.5330, maxLatitude: 42.6240,
                                                     maxLongitude: 1.5400)
        _ = app.update(&s, .hikesLoaded([summary]))
        _ = app.update(&s, .input(.key(.character("n"))))
        return s
    }
}
