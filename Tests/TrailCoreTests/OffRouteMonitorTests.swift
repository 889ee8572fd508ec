import Foundation
import Testing
@testable import TrailCore

@Suite struct OffRouteMonitorTests {
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    /// Feeds (seconds, distance) pairs and returns the alerts with their times.
    func run(_ m: inout OffRouteMonitor, _ samples: [(Double, Double)]) -> [(Double, OffRouteAlert)] {
        samples.compactMap { s in m.update(distance: s.1, at: t0.addingTimeInterval(s.0)).map { (s.0, $0) } }
    }

    @Test func needsThreeFixesAndTenSecondsBeyondThirtyMetres() {
        var m = OffRouteMonitor()
        // Three fixes beyond 30 m but only 2 s: no alert; back under: suspicion dropped.
        #expect(run(&m, [(0, 31), (1, 35), (2, 40), (3, 10)]).isEmpty)
        // One fix every second beyond the threshold: alert at the fix 10 s after the first.
        let alerts = run(&m, (10...25).map { (Double($0), 45) })
        #expect(alerts.count == 1)
        #expect(alerts.first?.0 == 20)
        #expect(alerts.first?.1 == .leftRoute(distance: 45))
        #expect(m.isOffRoute)
        // Sparse fixes (30 s apart): the third one alerts.
        var sparse = OffRouteMonitor()
        let s = run(&sparse, [(0, 50), (30, 50), (60, 50)])
        #expect(s.map(\.0) == [60])
    }

    @Test func repeatsEverySixtySecondsAndClearsWithHysteresis() {
        var m = OffRouteMonitor()
        _ = run(&m, (0...10).map { (Double($0), 60) })  // alert at 10 s
        let repeats = run(&m, stride(from: 15.0, through: 135, by: 5).map { ($0, 60) })
        #expect(repeats.map(\.0) == [70, 130])
        #expect(repeats.first?.1 == .stillOffRoute(distance: 60, since: t0))
        // 25 m is inside the threshold but outside the return distance (20 m): still off.
        #expect(run(&m, [(136, 25), (137, 25), (138, 25)]).isEmpty)
        #expect(m.isOffRoute)
        // A single fix at 15 m, then 25 m again: the count restarts.
        #expect(run(&m, [(139, 15), (140, 25), (141, 15)]).isEmpty)
        let back = run(&m, [(142, 12)])
        #expect(back.map(\.1) == [.backOnRoute])
        #expect(!m.isOffRoute)
    }

    /// A detour heading straight away at 5 m/s (one fix a second, 35 m at the first): the alert
    /// at 10 s (85 m), then a repeat each time the distance is 50 m past the last alert's
    /// (135 m at 20 s, 185 m at 30 s), well before the 60 s repeat; without the growth step
    /// only the time repeats. Back on route forgets the last alert's distance.
    @Test func repeatsAsTheDistanceGrowsByFiftyMetres() {
        var m = OffRouteMonitor()
        let away = (0...35).map { (Double($0), 35 + 5 * Double($0)) }
        let alerts = run(&m, away)
        #expect(alerts.map(\.0) == [10, 20, 30])
        #expect(alerts.map(\.1) == [.leftRoute(distance: 85), .stillOffRoute(distance: 135, since: t0),
                                    .stillOffRoute(distance: 185, since: t0)])
        #expect(m.lastAlertDistance == 185)
        // Shrinking back does not repeat; the 60 s repeat still does.
        #expect(run(&m, stride(from: 36.0, through: 89, by: 1).map { ($0, 100) }).isEmpty)
        #expect(run(&m, [(90, 100)]).map(\.1) == [.stillOffRoute(distance: 100, since: t0)])
        _ = run(&m, [(91, 5), (92, 5)])
        #expect(!m.isOffRoute && m.lastAlertDistance == nil)
        var p = OffRouteMonitor.Parameters()
        p.growthStep = nil
        var timeOnly = OffRouteMonitor(parameters: p)
        #expect(run(&timeOnly, away).map(\.0) == [10])
    }

    @Test func thresholdIsConfigurable() {
        var p = OffRouteMonitor.Parameters(threshold: 10)
        p.confirmFixes = 1
        p.confirmDuration = 0
        #expect(p.returnDistance == 5)  // max(10 / 2, 10 − 10)
        var m = OffRouteMonitor(parameters: p)
        #expect(m.update(distance: 10.5, at: t0) == .leftRoute(distance: 10.5))
    }
}
