import Foundation
import TermUI
import Testing
import TrailCore
import TrailStore
@testable import TrailApp

/// The Totals screen through the app's update and view: `T` from the library, the walks
/// arriving, the chart and panel as text, the records, a record opening its hike, and back.
@Suite struct TotalsScreenTests {
    let app = CairnApp()
    static let zone = TimeZone(identifier: "Europe/Zurich")!

    static func environment() -> WidgetEnvironment {
        WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric, timeZone: zone))
    }

    /// Two and a half years of walks on three trails: a long hike each July, walks on Sundays.
    static func list() -> OutingList {
        var outings: [Outing] = []
        let t0 = ISO8601DateFormatter().date(from: "2024-06-02T07:00:00Z")!
        for week in 0..<130 {
            let start = t0.addingTimeInterval(Double(week) * 7 * 86400)
            let trail = HikeID(rowID: Int64(1 + week % 3)).rawValue
            let distance = 6000 + Double(week % 10) * 900 + (week % 52 > 30 && week % 52 < 36 ? 9000 : 0)
            outings.append(Outing(source: week % 2 == 0 ? .hike : .walk(Int64(week)), trailID: trail,
                                  trailName: ["Ridge", "Lake loop", "Hut walk"][week % 3], startTime: start,
                                  distance: distance, elevationGain: 300 + Double(week % 7) * 110,
                                  movingTime: distance / 1.2, movingDistance: distance * 0.97,
                                  maxElevation: week % 2 == 0 ? 1500 + Double(week % 11) * 80 : nil,
                                  steepestGrade: week % 2 == 0 ? 0.1 + Double(week % 5) * 0.04 : nil))
        }
        return OutingList(outings: outings, duplicateHikes: 1, undatedHikes: 2)
    }

    static let now = ISO8601DateFormatter().date(from: "2026-11-20T10:00:00Z")!

    func totalsState(width: Int = 80, height: Int = 24) -> AppState {
        var s = AppState(environment: Self.environment(), storeLabel: "test", width: width, height: height)
        _ = app.update(&s, .hikesLoaded([]))
        #expect(app.update(&s, .input(.key(.character("T")))) == [.totals(.load)])
        #expect(s.screen.kind == .totals)
        _ = app.update(&s, .totals(.loaded(Self.list(), now: Self.now)))
        return s
    }

    static func model(_ s: AppState) -> TotalsModel? {
        s.screen.totalsModel
    }

    @Test func chartAndPanelAsText() throws {
        let s = totalsState()
        let m = try #require(Self.model(s))
        #expect(m.year == 2026 && m.month == 10)
        Snapshot.check(app.view(s, width: 80, height: 24), named: "totals-80x24")
        // The panel's November figures are the report's.
        let report = try #require(m.report)
        let text = app.view(s, width: 80, height: 24).textDump()
        let nov = report.thisYear.months[10]
        #expect(text.contains(Self.environment().format.distance(nov.distance)))
        #expect(text.contains("All time: " + TotalsText.figures(report.allTime, Self.environment().format)))
    }

    /// All walks are from other years: `T` opens on the latest year with walks, at the month of
    /// its last walk, and says so (issue 34: it opened on the clock's empty year).
    @Test func opensOnTheLatestYearWithWalksWhenThisYearHasNone() throws {
        var s = AppState(environment: Self.environment(), storeLabel: "test", width: 100, height: 30)
        _ = app.update(&s, .hikesLoaded([]))
        _ = app.update(&s, .input(.key(.character("T"))))
        // The last of the 130 weekly walks from 2024-06-02 is 129 weeks later: 2026-11-22;
        // seen from 2028-03-01 no walk is in 2028 or 2027.
        let later = ISO8601DateFormatter().date(from: "2028-03-01T10:00:00Z")!
        _ = app.update(&s, .totals(.loaded(Self.list(), now: later)))
        let m = try #require(Self.model(s))
        #expect(m.year == 2026 && m.month == 10, "\(String(describing: m.year)) \(m.month)")
        #expect(s.status.text == "No walks in 2028: showing 2026, the latest year with walks ([ ] change the year)")
        // Another year: the note about the first one goes.
        _ = app.update(&s, .input(.key(.character("["))))
        #expect(Self.model(s)?.year == 2025 && s.status.text.isEmpty, "\(s.status.text)")
        // With walks this year, this year and this month as before, nothing said.
        let s2 = totalsState()
        #expect(Self.model(s2)?.year == 2026 && !s2.status.text.contains("No walks"))
    }

    /// "walks" and "trails" are explained on the screen.
    @Test func walksAndTrailsAreExplained() {
        for (w, h) in [(80, 24), (120, 40)] {
            let s = totalsState(width: w, height: h)
            let text = app.view(s, width: w, height: h).textDump().replacingOccurrences(of: "\n", with: " ")
            #expect(text.contains("walks: every time out") && text.contains("trails: different"), "\(w)x\(h):\n\(text)")
        }
    }

    @Test func keysMoveMonthYearAndMeasure() throws {
        var s = totalsState()
        _ = app.update(&s, .input(.key(.right)))
        #expect(Self.model(s)?.month == 11)
        _ = app.update(&s, .input(.key(.right)))
        #expect(Self.model(s)?.month == 0)
        _ = app.update(&s, .input(.key(.character("["))))
        #expect(Self.model(s)?.year == 2025 && Self.model(s)?.report?.thisYear.year == 2025)
        _ = app.update(&s, .input(.key(.character("c"))))
        #expect(Self.model(s)?.measure == .climb)
        #expect(app.view(s, width: 80, height: 24).textDump().contains("climb by month"))
        for size in [(24, 6), (30, 8), (40, 12), (200, 60)] {
            _ = app.view(s, width: size.0, height: size.1)
        }
    }

    @Test func recordsOpenTheirHikeAndEscapeGoesBack() throws {
        var s = totalsState()
        _ = app.update(&s, .input(.key(.character("r"))))
        Snapshot.check(app.view(s, width: 80, height: 24), named: "totals-records-80x24")
        _ = app.update(&s, .input(.key(.down)))
        let record = try #require(Self.model(s)?.report?.records[1])
        #expect(record.kind == .highest)
        let effects = app.update(&s, .input(.key(.enter)))
        #expect(effects == [.loadHike(HikeID(record.trailID)!, forPreview: false)])
        var back = totalsState()
        _ = app.update(&back, .input(.key(.escape)))
        #expect(back.screen.kind == .library)
    }

    @Test func escapeFromARecordsHikeGoesBackToTotalsAsItWas() throws {
        var s = totalsState()
        _ = app.update(&s, .input(.key(.character("["))))  // 2025
        _ = app.update(&s, .input(.key(.character("r"))))
        _ = app.update(&s, .input(.key(.down)))
        let before = try #require(Self.model(s))
        let record = try #require(before.report?.records[1])
        _ = app.update(&s, .input(.key(.enter)))
        _ = app.update(&s, .hikeLoaded(HikeID(record.trailID)!, try AppUpdateTests.sampleHike(), forPreview: false))
        #expect(s.screen.kind == .hike)
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.screen.kind == .totals)
        let after = try #require(Self.model(s))
        #expect(after.year == 2025 && after.showsRecords && after.selectedRecord == 1)
        #expect(app.view(s, width: 80, height: 24).textDump() == {
            var t = s
            t.screen = .totals(before)
            return app.view(t, width: 80, height: 24).textDump()
        }())
        // Esc on Totals still goes to the library; a hike opened from the library goes back there.
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.screen.kind == .library)
        _ = app.update(&s, .hikeLoaded(HikeID(record.trailID)!, try AppUpdateTests.sampleHike(), forPreview: false))
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.screen.kind == .library)
    }

    @Test func recordsSayWhatTheyLeaveOutAndAnUnknownZoneIsSaid() throws {
        var format = UnitFormatter(system: .metric, timeZone: TimeZone(identifier: "UTC")!)
        format.timeZoneWarning = "TZ=Nonsense is not a time zone this system knows; dates and months are in UTC"
        var s = AppState(environment: WidgetEnvironment(theme: .plain, format: format), storeLabel: "test", width: 100, height: 30)
        #expect(!app.update(&s, .start).isEmpty)
        #expect(s.status.text.contains("TZ=Nonsense") && s.status.isError)
        _ = app.update(&s, .hikesLoaded([]))
        _ = app.update(&s, .input(.key(.character("T"))))
        var list = Self.list()
        // A 60 km "walk" at 40 km/h: it would be the longest and the fastest.
        let drive = Outing(source: .hike, trailID: HikeID(rowID: 9).rawValue, trailName: "Drive", startTime: Self.now.addingTimeInterval(-86400),
                           distance: 60_000, movingTime: 5400, movingDistance: 60_000,
                           implausible: .fasterThanAWalk(40 / 3.6, limit: 25 / 3.6))
        list.outings.append(drive)
        _ = app.update(&s, .totals(.loaded(list, now: Self.now)))
        #expect(s.status.text.contains("TZ=Nonsense"))
        _ = app.update(&s, .input(.key(.character("r"))))
        let m = try #require(Self.model(s))
        #expect(m.report?.record(.longest)?.trailName != "Drive" && m.report?.record(.fastestPace)?.trailName != "Drive")
        let text = app.view(s, width: 100, height: 30).textDump()
        #expect(text.contains("Left out of the records: “Drive”"), "\(text)")
        #expect(text.contains("averages 40.0 km/h"))
        #expect(text.contains("Fastest pace") || text.contains("fastest pace"))
    }

    @Test func aFailedReadSaysWhy() {
        var s = AppState(environment: Self.environment(), storeLabel: "test", width: 80, height: 24)
        _ = app.update(&s, .input(.key(.character("T"))))
        #expect(app.update(&s, .totals(.failed(reason: "disk I/O error"))) == [.bell])
        #expect(app.view(s, width: 80, height: 24).textDump().contains("Totals not read: disk I/O error"))
    }
}

/// The walks chart counts walks: its axis is at whole numbers even when the busiest month had
/// one walk (the 1-2-5 rule alone gives 0, 0.5, 1 there: "0,5 walks" in German).
@Suite struct TotalsChartAxisTests {
    func axis(_ values: [Double], whole: Bool, height: Int = 12) -> [String] {
        var buffer = Buffer(width: 60, height: height)
        TotalsChart(values: values, previous: Array(repeating: 0, count: 12), unit: "walks", selectedMonth: 0,
                    environment: TotalsScreenTests.environment(), wholeNumbers: whole)
            .render(area: Rect(x: 0, y: 0, width: 60, height: height), into: &buffer)
        // The axis labels: what stands left of the axis line on each row.
        return buffer.textLines().compactMap { line in
            let label = line.prefix { $0 != "┤" && $0 != "┼" && $0 != "│" && $0 != "└" }.trimmingCharacters(in: .whitespaces)
            return label.isEmpty || label == "walks" ? nil : label
        }
    }

    @Test func oneWalkAMonthGivesWholeTicks() {
        let one = [1.0] + Array(repeating: 0, count: 11)
        #expect(axis(one, whole: false).contains("0.5"))  // the plain rule, as distance would get it
        let labels = axis(one, whole: true)
        #expect(!labels.isEmpty)
        #expect(labels.allSatisfy { Int($0) != nil }, "\(labels)")
        #expect(labels.contains("1") && labels.contains("0"))
        // Larger counts keep the 1-2-5 steps (0, 5, 10 … for up to 12 walks).
        let many = axis([12] + Array(repeating: 3, count: 11), whole: true)
        #expect(many.allSatisfy { Int($0) != nil } && many.contains("10"), "\(many)")
    }
}
