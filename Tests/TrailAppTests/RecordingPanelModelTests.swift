import Foundation
import Testing
import TrailApp
import TrailCore

/// The recording panel's rows from a pure session: four fixes 100 m apart (direct geodesic),
/// a minute apart, climbing 10 m each; one stray and one inaccurate fix rejected.
@Suite struct RecordingPanelModelTests {
    @Test func rowsShowTheFiguresAndTheRejectionsByRule() {
        var session = RecordingSession()
        let t0 = Date(timeIntervalSince1970: 1_714_557_600)
        var c = Coordinate(latitude: 46.5, longitude: 7.5)
        for i in 0..<4 {
            if i == 2 {
                _ = session.judge(PositionFix(time: t0, coordinate: Coordinate(latitude: 0, longitude: 0), source: .gpsd))
                _ = session.judge(PositionFix(time: t0, coordinate: c, horizontalAccuracy: 60, source: .gpsd))
            }
            if case .accept(let p) = session.judge(PositionFix(time: t0.addingTimeInterval(Double(i) * 60), coordinate: c,
                                                               altitude: 1000 + Double(i) * 10, horizontalAccuracy: 5,
                                                               source: .gpsd)) { session.commit(p) }
            c = c.coordinate(at: 100, bearing: 20)
        }
        let panel = RecordingPanelModel(session: session, fixAge: 7.4, fixMode: .threeD, units: UnitFormatter(system: .metric))
        #expect(panel.text() == """
            State               recording
            Elapsed             0:03:00
            Moving              0:03:00
            Distance            300 m
            Pace (500 m)        --
            Average pace        10:00 min/km
            Moving pace         10:00 min/km
            Elevation           1030 m
            Gain / loss         +30 m / 0 m
            Fix                 3D, 7 s ago
            Points              4 recorded
            Rejected            2
              poor accuracy     1
              stray fix         1
            """)
        let waiting = RecordingPanelModel(session: RecordingSession(), fixAge: nil, fixMode: nil,
                                          waiting: "connecting (attempt 2)", units: UnitFormatter(system: .metric))
        #expect(waiting.rows.first { $0.label == "Fix" }?.value == "none yet: connecting (attempt 2)")
    }
}
