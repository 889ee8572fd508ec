import CairnTestSupport
import Foundation
import TermUI
import Testing
import TrailCore
import TrailLive
import TrailStore
@testable import TrailApp

/// Resuming an unfinished walk, `cairn follow ID` at launch, the walk history on the hike
/// screen, the covered route on the map, and the follow screen at every size.
@Suite struct FollowResumeTests {
    let app = CairnApp()
    typealias F = FollowFixture

    /// An unfinished walk of the fixture hike: points 0-9 then, after a pause, 12-15.
    static func unfinished() -> UnfinishedWalk {
        let first = (0..<10).map { F.fix(Double($0)).trackpoint }
        let second = (12..<16).map { F.fix(Double($0)).trackpoint }
        var session = FollowSession(route: FollowRoute(track: F.hike().track))
        for p in first + second { _ = session.receive(PositionFix(time: p.time!, coordinate: p.coordinate, source: .gpsd)) }
        let record = WalkRecord(id: WalkID(rawValue: 3), hikeID: F.hikeID, startedAt: F.t0, pointCount: 14,
                                summary: session.summary)
        return UnfinishedWalk(record: record, stretches: [first, second], backtrackRoute: nil)
    }

    func offered() -> AppState {
        var s = AppState(environment: F.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&s, .hikeLoaded(F.hikeID, F.hike(), forPreview: false))
        _ = app.update(&s, .follow(.walksLoaded(F.hikeID, [Self.unfinished().record], unfinished: Self.unfinished())))
        return s
    }

    @Test func reopeningOffersToResumeAndYesRestoresThePausedWalk() throws {
        var s = offered()
        guard case .confirm(let c) = s.modal else { Issue.record("no question"); return }
        #expect(c.purpose == .resumeWalk(F.hikeID))
        expectScreen(F.text(app, s), contains: "Resume the unfinished walk")
        _ = app.update(&s, .input(.key(.character("y"))))
        guard case .prompt(let p) = s.modal else { Issue.record("no source prompt"); return }
        #expect(p.title == "Resume with position from")
        let effects = F.enterSource(app, &s)
        #expect(effects.contains(.follow(.startSource(.gpsd(.local), speed: nil, source: 1))))
        #expect(!effects.contains { if case .follow(.beginWalk) = $0 { true } else { false } })
        let f = try #require(s.following)
        #expect(f.walkID == WalkID(rawValue: 3))
        #expect(f.session.isPaused)
        // Two stretches: 9 spacings, then 3 (the gap across the pause is not walked).
        #expect(abs(f.session.distanceWalked - 12 * F.spacing) < 0.5)
        #expect(f.session.walkedSegments.count == 2)
        // Resumed, the next point goes to a third stretch of the same walk.
        _ = app.update(&s, .input(.key(.character("p"))))
        let written = F.written(F.send(F.fix(16), app, &s))
        #expect(written == [WalkPoint(stretch: 2, point: F.fix(16).trackpoint)])
        #expect(F.send(F.fix(17), app, &s).contains(.follow(.appendPoints(WalkID(rawValue: 3),
                                                                          [WalkPoint(stretch: 2, point: F.fix(17).trackpoint)],
                                                                          summary: s.following!.session.summary))))
    }

    @Test func noClosesTheWalkWithItsSummaryAndEscapeLeavesIt() {
        var s = offered()
        let effects = app.update(&s, .input(.key(.character("n"))))
        #expect(effects == [.follow(.finishWalk(WalkID(rawValue: 3), summary: Self.unfinished().record.summary!, hike: F.hikeID))])
        #expect(s.live.pendingResume == nil)
        var t = offered()
        #expect(app.update(&t, .input(.key(.escape))).isEmpty)
        #expect(t.modal == nil)
        #expect(t.live.pendingResume != nil)
        // f then resumes it.
        _ = app.update(&t, .input(.key(.character("f"))))
        _ = F.enterSource(app, &t)
        #expect(t.following?.walkID == WalkID(rawValue: 3))
    }

    @Test func cairnFollowOpensTheHikeAndFollowsIt() {
        var s = AppState(environment: F.environment(), storeLabel: "t", width: 120, height: 40)
        let spec = PositionSourceSpec.replay(path: "walk.gpx")
        s.live.autoFollow = (F.hikeID, spec)
        s.live.speedFactor = 200
        #expect(app.update(&s, .follow(.launch)) == [.loadHike(F.hikeID, forPreview: false)])
        let loaded = app.update(&s, .hikeLoaded(F.hikeID, F.hike(), forPreview: false))
        #expect(loaded.contains(.follow(.loadWalks(F.hikeID, offerResume: true))))
        let effects = app.update(&s, .follow(.walksLoaded(F.hikeID, [], unfinished: nil)))
        #expect(effects.contains(.follow(.startSource(spec, speed: 200, source: 1))))
        #expect(effects.contains(.follow(.beginWalk(F.hikeID, offRouteThreshold: 30, backtrackRoute: nil, request: 1))))
        #expect(s.screen.kind == .follow)
        #expect(s.live.autoFollow == nil)
    }

    @Test func cairnFollowAsksAboutAnUnfinishedWalkFirst() {
        var s = AppState(environment: F.environment(), storeLabel: "t", width: 120, height: 40)
        s.live.autoFollow = (F.hikeID, .gpsd(.local))
        s.live.offRouteThreshold = 50
        _ = app.update(&s, .follow(.launch))
        _ = app.update(&s, .hikeLoaded(F.hikeID, F.hike(), forPreview: false))
        _ = app.update(&s, .follow(.walksLoaded(F.hikeID, [Self.unfinished().record], unfinished: Self.unfinished())))
        #expect(s.screen.kind == .hike)
        // No: the old walk is closed and a new one starts with the command's source.
        let effects = app.update(&s, .input(.key(.character("n"))))
        #expect(effects.contains(.follow(.finishWalk(WalkID(rawValue: 3), summary: Self.unfinished().record.summary!,
                                                     hike: F.hikeID))))
        #expect(effects.contains(.follow(.beginWalk(F.hikeID, offRouteThreshold: 50, backtrackRoute: nil, request: 1))))
        #expect(s.screen.kind == .follow)
        #expect(s.following?.session.configuration.offRoute.threshold == 50)
    }

    @Test func historyIsListedUnderTheStatisticsNewestFirst() {
        var s = F.hikeOpen(app, width: 120, height: 40)
        let f = s.environment.format
        var a = FollowSummary(routeLength: 1094.7, coverage: 0.8249, distanceWalked: 3100)
        a.activeTime = 3600
        let walks = [WalkRecord(id: WalkID(rawValue: 1), hikeID: F.hikeID, startedAt: Date(timeIntervalSince1970: 1_764_460_800),
                                endedAt: Date(timeIntervalSince1970: 1_764_464_400), summary: a),
                     WalkRecord(id: WalkID(rawValue: 2), hikeID: F.hikeID, startedAt: Date(timeIntervalSince1970: 1_764_547_200),
                                isBacktrack: true, summary: FollowSummary(coverage: 1, distanceWalked: 640))]
        #expect(WalkHistoryView.line(walks[0], format: f) == "2025-11-30  82 % covered, 3.10 km")
        #expect(WalkHistoryView.line(walks[1], format: f) == "2025-12-01  100 % covered, 640 m · backtrack · unfinished")
        _ = app.update(&s, .follow(.walksLoaded(F.hikeID, walks, unfinished: nil)))
        let lines = F.text(app, s).split(separator: "\n").map(String.init)
        let newest = lines.firstIndex { $0.contains("2025-12-01  100 % covered") }
        let oldest = lines.firstIndex { $0.contains("2025-11-30  82 % covered, 3.10 km") }
        #expect(newest != nil && oldest != nil && newest! < oldest!)
        // Another hike's history is not shown.
        _ = app.update(&s, .follow(.walksLoaded(HikeID(rowID: 9), walks, unfinished: nil)))
        #expect(F.text(app, s).contains("82 % covered"))
        #expect(s.live.walks(of: HikeID(rowID: 9)).isEmpty)
    }

    @Test func theCoveredPartIsDrawnInItsOwnStyle() throws {
        let env = TestSupport.environment("dark")
        let hike = F.hike()
        let viewport = HikeScreenState.fittedViewport(hike, width: 20, height: 30)
        var map = MapWidget(viewport: viewport, basemap: nil, hike: hike, environment: env)
        map.coveredRanges = [0...500]
        map.position = F.fix(45).coordinate
        var buffer = Buffer(width: 20, height: 30)
        let info = map.render(area: buffer.area, into: &buffer)
        let covered = env.style(ThemeRole.routeCovered).fg, plain = env.style(ThemeRole.route).fg
        #expect(covered != plain)
        var coveredRows: [Int] = [], plainRows: [Int] = []
        for cell in info.routeCells {
            let fg = buffer[cell.x, cell.y]?.fg
            if fg == covered { coveredRows.append(cell.y) } else if fg == plain { plainRows.append(cell.y) }
        }
        // North is up: the covered first 500 m (of 1095) are the lower rows, the rest above.
        #expect(!coveredRows.isEmpty && !plainRows.isEmpty)
        #expect(coveredRows.min()! > plainRows.max()! - 1)
        let share = Double(Set(coveredRows).count) / Double(Set(coveredRows + plainRows).count)
        #expect(abs(share - 500 / 1094.7) < 0.1)
        let marker = try #require(info.positionCell)
        #expect(buffer[marker.x, marker.y]?.symbol == "◉")
    }

    @Test func theFollowScreenDrawsAtEverySize() {
        var s = F.following(app)
        for k in 0..<5 { F.send(F.fix(Double(k)), app, &s) }
        for k in 5..<9 { F.send(F.fix(Double(k), east: 70), app, &s) }
        #expect(s.following?.offRouteBanner != nil)
        for (w, h) in [(0, 0), (1, 1), (24, 6), (30, 8), (40, 12), (60, 20), (100, 30), (200, 60)] {
            _ = app.update(&s, .input(.resize(width: w, height: h)))
            let b = app.view(s, width: w, height: h)
            #expect(b.width == w && b.height == h)
            if w >= 40 && h >= 12 { expectScreen(b.textDump(), contains: "OFF ROUTE") }
        }
        _ = app.update(&s, .input(.key(.character("x"))))
        for (w, h) in [(24, 6), (60, 20), (200, 60)] {
            _ = app.update(&s, .input(.resize(width: w, height: h)))
            let text = app.view(s, width: w, height: h).textDump()
            if w >= 60 { expectScreen(text, contains: "Walk stopped") }
        }
    }

    @Test func helpListsTheFollowKeys() {
        var s = F.following(app)
        _ = app.update(&s, .input(.key(.character("?"))))
        let text = F.text(app, s)
        expectScreen(text, contains: "backtrack: follow the walk so far back to its start")
        expectScreen(text, contains: "stop: show the summary")
    }
}
