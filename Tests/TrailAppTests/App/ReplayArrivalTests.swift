import CairnTestSupport
import Foundation
import TermUI
import Testing
import TrailCore
@testable import TrailApp

/// The follow panel's arrival during a replay at `--speed 60`: on the replay's clock (the last
/// fix's time plus the time left), not the wall clock plus hiking time (DECISIONS 1087).
@Suite struct ReplayArrivalTests {
    typealias F = FollowFixture
    let app = CairnApp()

    @Test func aReplayAtSixtyShowsArrivalOnTheReplaysClock() throws {
        var s = F.following(app)
        // Fixes 10 s apart on the replay's clock arrive 1/6 s apart, two hours later by the wall.
        let wall0 = F.t0.addingTimeInterval(7200)
        for k in 0..<40 {
            _ = app.update(&s, .follow(.position(.fix(F.fix(Double(k))), at: wall0.addingTimeInterval(Double(k) * 10 / 60), source: 1)))
        }
        var f = try #require(s.following)
        // As in FollowUpdateTests: DIN 33466 × the hiker's ratio at one grade leaves the hiker's
        // own 11.06 m per 10 s for the 60 spacings left: 600 s (± a second for the fraction).
        let left = f.progress.timeLeft
        #expect(abs(left - 600) <= 1.5, "\(left)")
        let format = F.environment().format
        func arrival(_ model: FollowModel) -> String? {
            FollowPanel(follow: model, speaks: false, environment: F.environment()).lines().first { $0.label == "Arrival" }?.value
        }
        // At 1x: the wall clock (the last arrival, 6.5 s after wall0) plus the time left.
        let wall = try #require(arrival(f))
        #expect([599.0, 600, 601].map { format.time(wall0.addingTimeInterval(6.5 + $0)) }.contains(wall), "\(wall)")
        // At 60x: the replay's clock, fix 39's time plus the time left, marked.
        f.speed = 60
        let replay = try #require(arrival(f))
        #expect([599.0, 600, 601].map { format.time(F.fix(39).time.addingTimeInterval($0)) + " (replay)" }.contains(replay), "\(replay)")
        #expect(format.time(F.fix(39).time.addingTimeInterval(600)) != format.time(wall0.addingTimeInterval(606.5)))
        // Before any fix there is no arrival to give.
        var fresh = try #require(F.following(app).following)
        fresh.speed = 60
        #expect(arrival(fresh) == UnitFormatter.unknown)
    }
}
