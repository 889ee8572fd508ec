import Foundation
import Testing
import TrailCore
@testable import TrailLive

/// Points due north of (42.5, 1.5) at 10, 13 and 20 m (GeographicLib 2.1, WGS84 Direct).
private let origin = Coordinate(latitude: 42.5, longitude: 1.5)
private let north10 = Coordinate(latitude: 42.500090022774, longitude: 1.5)
private let north13 = Coordinate(latitude: 42.500117029605, longitude: 1.5)
private let north20 = Coordinate(latitude: 42.500180045546, longitude: 1.5)

@Suite struct ReplayTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let recorded = Date(timeIntervalSince1970: 1_500_000_000)

    var timedPoints: [Trackpoint] {
        [Trackpoint(origin, elevation: 100, time: recorded),
         Trackpoint(north10, elevation: 101, time: recorded.addingTimeInterval(10)),
         Trackpoint(north20, elevation: nil, time: recorded.addingTimeInterval(30))]
    }

    @Test func timedTracksKeepTheirIntervalsAnchoredAtTheStart() {
        let fixes = ReplayPlan().fixes(for: timedPoints, start: start)
        #expect(fixes.map(\.time) == [start, start.addingTimeInterval(10), start.addingTimeInterval(30)])
        #expect(fixes[0].speed == nil)
        #expect(abs(fixes[1].speed! - 1.0) < 1e-6)   // 10 m in 10 s
        #expect(abs(fixes[2].speed! - 0.5) < 1e-6)   // 10 m in 20 s
        #expect(abs(fixes[1].course! - 0) < 1e-6)
        #expect(fixes[2].mode == .twoD && fixes[1].mode == .threeD && fixes[1].altitude == 101)
        #expect(fixes.allSatisfy { $0.source == .replay && $0.horizontalAccuracy == nil })
    }

    @Test func untimedTracksAreWalkedAtFourKilometresPerHour() {
        // 13 m at 4 km/h, a fix every 2 s (2.222 m): 0, 2.22, … 11.11 m and the end (13 m).
        let points = [Trackpoint(origin, elevation: 100), Trackpoint(north13, elevation: 113)]
        let fixes = ReplayPlan().fixes(for: points, start: start)
        #expect(fixes.count == 7)
        let v = 4000.0 / 3600
        for (k, f) in fixes.prefix(6).enumerated() {
            #expect(abs(f.time.timeIntervalSince(start) - 2 * Double(k)) < 1e-9)
            #expect(abs(f.altitude! - (100 + 2 * v * Double(k))) < 1e-6)  // 1 m of climb per metre
        }
        #expect(abs(fixes[6].time.timeIntervalSince(start) - 13 / v) < 1e-6)
        #expect(fixes[6].coordinate == north13 && fixes[6].altitude == 113)
        // Times going backwards make a track untimed.
        var shuffled = timedPoints
        shuffled[2].time = recorded.addingTimeInterval(5)
        #expect(!ReplayPlan.isTimed(shuffled))
        #expect(ReplayPlan().fixes(for: shuffled, start: start).count > 3)
        // So do sentinel times: every point at the same instant (gpxpy's Mojstrovka sample).
        let sentinel = timedPoints.map { Trackpoint($0.coordinate, elevation: $0.elevation, time: recorded) }
        #expect(!ReplayPlan.isTimed(sentinel))
    }

    @Test func sourcePacesBySpeedFactorOnTheInjectedClock() {
        let clock = ManualClock(start)
        let source = ReplaySource(configuration: .init(points: timedPoints, speedFactor: 10), clock: clock)
        let rec = EventRecorder()
        source.start(rec.handler)
        #expect(rec.wait { $0.contains(where: isEnded) })
        let events = rec.events
        #expect(events.first == .connection(.connected(detail: "replay of 3 points at 10×")))
        #expect(rec.fixes.count == 3)
        #expect(events.last == .ended(SourceEnd(reason: "replay finished")))
        #expect(abs(clock.totalSlept - 3.0) < 1e-9)  // 30 s of track time at 10×
    }

    @Test func stopEndsTheReplayEarly() {
        let clock = ManualClock(start)
        let many = (0..<10_000).map { i in
            Trackpoint(latitude: 42.5 + Double(i) * 1e-5, longitude: 1.5, time: recorded.addingTimeInterval(Double(i)))
        }
        let source = ReplaySource(configuration: .init(points: many, speedFactor: 1), clock: clock)
        let rec = EventRecorder()
        source.start(rec.handler)
        rec.wait { $0.count > 5 }
        source.stop()
        #expect(rec.wait { $0.contains(where: isEnded) })
        #expect(rec.events.last == .ended(SourceEnd(reason: "stopped")))
        #expect(rec.fixes.count < 10_000)
    }
}

@Suite struct NMEASourceTests {
    func sentence(_ body: String) -> String { "$\(body)*\(hex(body))" }

    @Test func readsALogFileToTheEndWithCounters() throws {
        var lines: [String] = []
        for s in 0..<3 {
            lines.append(sentence("GPGGA,10000\(s).00,4230.00\(s)0,N,00130.0000,E,1,08,0.9,1500.0,M,50.0,M,,"))
            lines.append(sentence("GPRMC,10000\(s).00,A,4230.00\(s)0,N,00130.0000,E,2.5,45.0,010524,,,A"))
        }
        lines.insert("$GPGGA,bad*00", at: 2)
        lines.insert("\u{1B}[31m noise", at: 4)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-nmea-\(UUID().uuidString).nmea")
        try lines.joined(separator: "\r\n").write(to: url, atomically: true, encoding: .utf8)  // no final CR LF
        defer { try? FileManager.default.removeItem(at: url) }
        let clock = ManualClock()
        let source = NMEASource(configuration: .init(path: url.path, speedFactor: 2), clock: clock)
        let rec = EventRecorder()
        source.start(rec.handler)
        #expect(rec.wait { $0.contains(where: isEnded) })
        let fixes = rec.fixes
        #expect(fixes.count == 3)
        #expect(fixes.map { $0.time.timeIntervalSince1970 } == [1_714_557_600, 1_714_557_601, 1_714_557_602])
        // 42 + 30.0020/60 = 42.50003333…, to the 4 + 2 decimals four decimals of minutes carry.
        #expect(fixes[2].coordinate.latitude == 42.500033)
        guard case .ended(let end)? = rec.events.last else { Issue.record("no end"); return }
        #expect(end.reason == "end of file" && !end.isError)
        #expect(end.nmeaCounters?.badChecksum == 1 && end.nmeaCounters?.malformed == 1)
        #expect(end.nmeaCounters?.fixes == 3 && end.nmeaCounters?.used == 6)
        // Bad sentences are reported as they are met, not only at the end: the bad checksum,
        // then the malformed line.
        let skipped = rec.events.compactMap { e -> Int? in if case .skippedInput(let b?, nil) = e { b } else { nil } }
        #expect(skipped == [1, 2])
        #expect(abs(clock.totalSlept - 1.0) < 1e-9)  // 2 s of receiver time at 2×
    }

    /// Issue 14 item 6: a resumed recording's NMEA log is played from after its last point, so
    /// the already-recorded fixes never reach the filter (they were counted as rejections) and
    /// are not paced either (no wait through the old part of the log).
    @Test func aLogFileResumedAfterAPointSkipsTheOlderFixes() throws {
        var lines: [String] = []
        for s in 0..<5 {
            lines.append(sentence("GPGGA,10000\(s).00,4230.00\(s)0,N,00130.0000,E,1,08,0.9,1500.0,M,50.0,M,,"))
            lines.append(sentence("GPRMC,10000\(s).00,A,4230.00\(s)0,N,00130.0000,E,2.5,45.0,010524,,,A"))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-nmea-\(UUID().uuidString).nmea")
        try lines.joined(separator: "\r\n").write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let clock = ManualClock()
        // 10:00:01 UTC on 2024-05-01: 1_714_557_601; fixes at :02, :03, :04 remain.
        let spec = PositionSourceSpec.nmea(path: url.path, baudRate: nil)
        let source = try spec.makeSource(speedFactor: 2, replayTiming: .recording(after: Date(timeIntervalSince1970: 1_714_557_601), anchor: nil),
                                         clock: clock, loadTrack: { _ in [] })
        let rec = EventRecorder()
        source.start(rec.handler)
        #expect(rec.wait { $0.contains(where: isEnded) })
        #expect(rec.fixes.map { $0.time.timeIntervalSince1970 } == [1_714_557_602, 1_714_557_603, 1_714_557_604])
        #expect(abs(clock.totalSlept - 1.0) < 1e-9)  // 2 s of receiver time (:02 to :04) at 2x
    }

    @Test func aMissingFileEndsWithAnError() {
        let source = NMEASource(configuration: .init(path: "/nonexistent/cairn.nmea"), clock: ManualClock())
        let rec = EventRecorder()
        source.start(rec.handler)
        #expect(rec.wait { $0.contains(where: isEnded) })
        guard case .ended(let end)? = rec.events.last else { Issue.record("no end"); return }
        #expect(end.isError && end.reason.contains("No such file"))
    }

    @Test func specParsing() throws {
        #expect(try PositionSourceSpec(parsing: "gpsd") == .gpsd(.local))
        #expect(try PositionSourceSpec(parsing: "gpsd://pi:2948") == .gpsd(GPSDEndpoint(host: "pi", port: 2948)))
        #expect(try PositionSourceSpec(parsing: "nmea:/dev/ttyUSB0") == .nmea(path: "/dev/ttyUSB0", baudRate: nil))
        #expect(try PositionSourceSpec(parsing: "nmea:/dev/ttyUSB0@9600") == .nmea(path: "/dev/ttyUSB0", baudRate: 9600))
        #expect(try PositionSourceSpec(parsing: "walk.nmea") == .nmea(path: "walk.nmea", baudRate: nil))
        #expect(try PositionSourceSpec(parsing: "me@home.nmea") == .nmea(path: "me@home.nmea", baudRate: nil))
        #expect(try PositionSourceSpec(parsing: "replay:hike.gpx") == .replay(path: "hike.gpx"))
        #expect(PositionSourceSpec.nmea(path: "/dev/ttyACM0", baudRate: 4800).description == "nmea:/dev/ttyACM0@4800")
        for bad in ["", "replay:", "nmea:", "gpsd://h:0"] {
            #expect(throws: PositionSourceSpec.ParseError.self) { try PositionSourceSpec(parsing: bad) }
        }
    }
}

@Suite struct AsyncStreamAdapterTests {
    @Test func eventsFinishAfterTheSourceEnds() async {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let points = (0..<5).map { Trackpoint(latitude: 42.5 + Double($0) * 1e-4, longitude: 1.5,
                                              time: start.addingTimeInterval(Double($0))) }
        let source = ReplaySource(configuration: .init(points: points, speedFactor: nil), clock: ManualClock(start))
        var fixes = 0
        var last: PositionEvent?
        for await e in source.events() {
            if case .fix = e { fixes += 1 }
            last = e
        }
        #expect(fixes == 5)
        #expect(last == .ended(SourceEnd(reason: "replay finished")))
    }
}
