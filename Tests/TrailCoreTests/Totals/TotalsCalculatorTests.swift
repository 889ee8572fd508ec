import Foundation
import Testing
@testable import TrailCore

/// The month arithmetic of the totals against Foundation's Gregorian calendar (ICU), and the
/// records' rules.
@Suite struct TotalsCalculatorTests {
    /// Local year and month of 3,000 instants from 1970 to 2099, some on the hour of a
    /// transition, in zones with daylight saving both sides of the equator and half-hour offsets.
    @Test(arguments: ["Europe/Zurich", "America/New_York", "Australia/Adelaide", "Asia/Kolkata", "UTC"])
    func localMonthsAgreeWithTheCalendar(_ zone: String) {
        let tz = TimeZone(identifier: zone)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tz
        var cache = TotalsCalculator.OffsetCache(tz)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var t = Double(state >> 33) / Double(1 << 31) * 4_102_444_800
            if i % 3 == 0 { t = (t / 3600).rounded(.down) * 3600 + [-1, 0, 1][i % 9 / 3] }
            let date = Date(timeIntervalSince1970: t)
            let c = calendar.dateComponents([.year, .month], from: date)
            let mine = TotalsCalculator.localYearMonth(date, &cache)
            #expect(mine.year == c.year && mine.month == c.month, "\(zone) \(date)")
        }
    }

    @Test func civilDatesOfKnownDays() {
        #expect(TotalsCalculator.civil(fromDays: 0) == (1970, 1, 1))
        #expect(TotalsCalculator.civil(fromDays: 11_016) == (2000, 2, 29))
        #expect(TotalsCalculator.civil(fromDays: -1) == (1969, 12, 31))
        #expect(TotalsCalculator.civil(fromDays: 20_543) == (2026, 3, 31))
    }

    static func outing(_ id: String, _ start: Double, distance: Double, gain: Double? = nil, moving: Double? = nil,
                       movingDistance: Double? = nil, ele: Double? = nil, grade: Double? = nil, walk: Int64? = nil) -> Outing {
        Outing(source: walk.map { .walk($0) } ?? .hike, trailID: id, trailName: id,
               startTime: Date(timeIntervalSince1970: start), distance: distance, elevationGain: gain, movingTime: moving,
               movingDistance: movingDistance, maxElevation: ele, steepestGrade: grade)
    }

    /// Ties go to the earlier walk; the steepest keeps its sign; the pace needs 5 km.
    @Test func records() {
        let list = [Self.outing("a", 2000, distance: 8000, gain: 500, moving: 7200, movingDistance: 7900, ele: 2000, grade: 0.2),
                    Self.outing("b", 1000, distance: 8000, gain: 500, moving: 5000, movingDistance: 4900, ele: 1800, grade: -0.3),
                    Self.outing("c", 3000, distance: 3000, moving: 600, movingDistance: 3000, walk: 7)]
        let r = TotalsCalculator.records(list)
        #expect(r.map(\.kind) == [.longest, .highest, .mostClimb, .steepest, .fastestPace])
        #expect(r[0].trailID == "b" && r[1].trailID == "a" && r[2].trailID == "b")
        #expect(r[3].trailID == "b" && r[3].value == -0.3)
        // c is fastest (5 m/s) but shorter than 5 km: a (1.097 m/s) beats b (0.98 m/s).
        #expect(r[4].trailID == "a" && abs(r[4].value - 7900.0 / 7200) < 1e-12)
        #expect(TotalsCalculator.records([]).isEmpty)
    }
}
