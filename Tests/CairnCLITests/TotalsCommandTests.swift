import Foundation
import Testing
import TrailCore
import TrailFormats
@testable import TrailStore

/// `cairn totals` against Tools/reference/totals_reference.py, which recomputes the totals from
/// `cairn list --json`, `cairn show --json` (the walks) and `cairn export` (duplicates by
/// points) with Python's zoneinfo for the months.
@Suite struct TotalsCommandTests {
    /// A store of five hikes and six walks made for the edge cases: a hike at 23:30 on 31 March
    /// in New York (03:30 UTC on 1 April), one imported twice (`--again`), one of last year, an
    /// untimed route walked twice (once at 23:30 UTC on 31 December: 2026 in Zurich, 2025 in
    /// New York), a walk of the second copy, a walk without fixes and a walk saved before walks
    /// kept their moving time.
    static func makeStore() throws -> String {
        let dir = makeTempDirectory("totals")
        let store = dir + "/hikes.sqlite"
        func iso(_ s: String) -> Date { ISO8601Timestamp.parse(s)! }
        func gpx(_ name: String, _ start: Date?, points: Int, climbPerPoint: Double) throws -> String {
            var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
                + "<trk><name>\(name)</name><trkseg>\n"
            for i in 0..<points {
                let time = start.map { "<time>\(ISO8601Timestamp.format($0.addingTimeInterval(Double(i) * 60)))</time>" } ?? ""
                text += "<trkpt lat=\"\(46.0 + Double(i) * 0.0009)\" lon=\"7.5\"><ele>\(1000 + Double(i) * climbPerPoint)</ele>\(time)</trkpt>\n"
            }
            text += "</trkseg></trk></gpx>\n"
            let path = dir + "/\(name).gpx"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let files = [try gpx("march-edge", iso("2026-04-01T03:30:00Z"), points: 20, climbPerPoint: 10),
                     try gpx("june", iso("2026-06-10T08:00:00Z"), points: 70, climbPerPoint: 4),
                     try gpx("last-year", iso("2025-07-01T09:00:00Z"), points: 80, climbPerPoint: -3),
                     try gpx("drawn", nil, points: 30, climbPerPoint: 5)]
        #expect(cairn(["import"] + files + ["--store", store]).status == 0)
        #expect(cairn(["import", files[1], "--again", "--store", store]).status == 0)
        let s = try HikeStore(path: store)
        let ids = try idsInInsertOrder(store)
        #expect(ids.count == 5)
        func walk(_ hike: HikeID, _ start: String, distance: Double, gain: Double, moving: Double?, fixes: Int = 100) throws {
            let t = iso(start)
            let w = try s.beginWalk(of: hike, startedAt: t.addingTimeInterval(-30), offRouteThreshold: 30)
            var summary = FollowSummary(startTime: t, endTime: t.addingTimeInterval(3600), activeTime: 3600,
                                        distanceWalked: distance, elevationGain: gain, acceptedFixes: fixes)
            summary.movingTime = moving
            summary.movingDistance = moving.map { _ in distance * 0.98 }
            try s.finishWalk(w, endedAt: t.addingTimeInterval(3600), summary: summary)
        }
        try walk(ids[3], "2026-05-03T10:00:00Z", distance: 2500, gain: 140, moving: 2400)
        try walk(ids[3], "2025-12-31T23:30:00Z", distance: 2600, gain: 145, moving: 2500)
        try walk(ids[4], "2026-06-20T07:00:00Z", distance: 6900, gain: 270, moving: 3000)
        try walk(ids[2], "2025-08-15T12:00:00Z", distance: 7000, gain: 10, moving: nil)
        try walk(ids[0], "2026-02-01T12:00:00Z", distance: 0, gain: 0, moving: 0, fixes: 0)
        return store
    }

    struct Output: Decodable {
        struct Counted: Decodable { let hikes: Int, walks: Int, duplicateHikesLeftOut: Int, undatedHikes: Int }
        let totals: TotalsReport
        let counted: Counted
    }

    struct Reference: Decodable {
        struct Year: Decodable { let months: [TotalsFigures], total: TotalsFigures }
        struct Record: Decodable { let value: Double, trailID: String }
        let thisYear: Year, lastYear: Year, allTime: TotalsFigures
        let records: [String: Record]
    }

    static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            let s = try decoder.singleValueContainer().decode(String.self)
            guard let date = ISO8601Timestamp.parse(s) else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: s)) }
            return date
        }
        return d
    }

    static func totals(_ store: String, year: Int, zone: String) throws -> Output {
        let run = cairn(["totals", "--json", "--year", "\(year)", "--store", store], environment: ["TZ": zone])
        #expect(run.status == 0, "\(run.stderr)")
        return try decoder.decode(Output.self, from: Data(run.stdout.utf8))
    }

    /// The reference's figures, or nil (with a notice) when python3 is missing.
    static func reference(_ store: String, year: Int, zone: String) throws -> Reference? {
        let dir = makeTempDirectory("totals-ref")
        try FileManager.default.createDirectory(atPath: dir + "/show", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/gpx", withIntermediateDirectories: true)
        let list = cairn(["list", "--json", "--store", store])
        try list.stdout.write(toFile: dir + "/list.json", atomically: true, encoding: .utf8)
        for id in try idsInInsertOrder(store) {
            try cairn(["show", id.rawValue, "--json", "--store", store]).stdout
                .write(toFile: dir + "/show/\(id.rawValue).json", atomically: true, encoding: .utf8)
            #expect(cairn(["export", id.rawValue, "-o", dir + "/gpx/\(id.rawValue).gpx", "--store", store]).status == 0)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", repoRoot + "/Tools/reference/totals_reference.py", dir, "--year", "\(year)", "--tz", zone]
        let pipe = Pipe()
        p.standardOutput = pipe
        guard (try? p.run()) != nil else { print("skipped: python3 not found"); return nil }
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { Issue.record("totals_reference.py failed"); return nil }
        return try JSONDecoder().decode(Reference.self, from: out)
    }

    static func same(_ a: TotalsFigures, _ b: TotalsFigures, _ what: String) {
        #expect(abs(a.distance - b.distance) < 1e-6 * max(1, b.distance), "\(what) distance \(a.distance) vs \(b.distance)")
        #expect(abs(a.elevationGain - b.elevationGain) < 1e-6 * max(1, b.elevationGain), "\(what) climb")
        #expect(abs(a.movingTime - b.movingTime) < 1e-6 * max(1, b.movingTime), "\(what) moving time")
        #expect(a.walks == b.walks && a.trails == b.trails, "\(what) walks \(a.walks)/\(b.walks) trails \(a.trails)/\(b.trails)")
    }

    @Test(arguments: [("America/New_York", 2026), ("Europe/Zurich", 2026), ("UTC", 2026), ("UTC", 2020)])
    func sumsAgreeWithTheReference(_ zone: String, _ year: Int) throws {
        let store = try Self.makeStore()
        let out = try Self.totals(store, year: year, zone: zone)
        guard let ref = try Self.reference(store, year: year, zone: zone) else { return }
        for m in 0..<12 {
            Self.same(out.totals.thisYear.months[m], ref.thisYear.months[m], "\(zone) \(year)-\(m + 1)")
            Self.same(out.totals.lastYear.months[m], ref.lastYear.months[m], "\(zone) \(year - 1)-\(m + 1)")
        }
        Self.same(out.totals.thisYear.total, ref.thisYear.total, "\(year)")
        Self.same(out.totals.lastYear.total, ref.lastYear.total, "\(year - 1)")
        Self.same(out.totals.allTime, ref.allTime, "all time")
        #expect(out.totals.records.count == ref.records.count)
        for r in out.totals.records {
            let e = try #require(ref.records[r.kind.rawValue])
            #expect(abs(r.value - e.value) < 1e-9 * max(1, abs(e.value)) && r.trailID == e.trailID, "\(r.kind)")
        }
    }

    /// The edge cases by hand: the month of a walk at 23:30 local on 31 March, duplicates,
    /// walks of an untimed route, a year with no walks.
    @Test func edgeCases() throws {
        let store = try Self.makeStore()
        let ids = try idsInInsertOrder(store)
        let ny = try Self.totals(store, year: 2026, zone: "America/New_York")
        #expect(ny.totals.thisYear.months[2].walks == 1 && ny.totals.thisYear.months[3].walks == 0)
        let utc = try Self.totals(store, year: 2026, zone: "UTC")
        #expect(utc.totals.thisYear.months[2].walks == 0 && utc.totals.thisYear.months[3].walks == 1)
        // The June hike once (its copy left out) plus a walk of the copy: two walks, one trail.
        #expect(ny.counted.duplicateHikesLeftOut == 1 && ny.counted.undatedHikes == 1)
        #expect(ny.totals.thisYear.months[5].walks == 2 && ny.totals.thisYear.months[5].trails == 1)
        // 4 dated hikes - 1 copy + 4 walks with fixes (the one without fixes is not a walk).
        #expect(ny.counted.hikes == 3 && ny.counted.walks == 4 && ny.totals.allTime.walks == 7)
        #expect(ny.totals.allTime.trails == 4)
        // 23:30 UTC on 31 December 2025 is 2026 in Zurich, 2025 in New York.
        let zurich = try Self.totals(store, year: 2026, zone: "Europe/Zurich")
        #expect(zurich.totals.thisYear.months[0].walks == 1 && zurich.totals.lastYear.months[11].walks == 0)
        #expect(ny.totals.thisYear.months[0].walks == 0 && ny.totals.lastYear.months[11].walks == 1)
        let empty = try Self.totals(store, year: 2020, zone: "UTC")
        #expect(empty.totals.thisYear.total == TotalsFigures() && empty.totals.lastYear.total == TotalsFigures())
        #expect(empty.totals.allTime.walks == 7)
        // The pace record: the walk of the copy (6900 m in 3000 s moving) opens the first copy.
        let pace = try #require(ny.totals.record(.fastestPace))
        #expect(pace.trailID == ids[1].rawValue && pace.walkID != nil)
        let text = cairn(["totals", "--year", "2020", "--units", "metric", "--store", store]).stdout
        #expect(text.contains("Counted: 7 walks; 1 duplicate import left out; 1 undated trail counted only through its walks"))
        #expect(text.contains("\nYear ") && text.contains("fastest pace"))
        #expect(cairn(["totals", "--year", "twenty", "--store", store]).status == 2)
    }

    /// The follow-ups of issue 18 against the reference: a track with a 1970 clock and one at
    /// 43 km/h count in the sums but hold no record (and the records say so); a walk followed
    /// while the same walk was recorded counts once. TZ=Nonsense is said on stderr.
    @Test func implausibleTracksHoldNoRecordAndAWalkRecordedWhileFollowedCountsOnce() throws {
        let dir = makeTempDirectory("totals-follow-ups")
        let store = dir + "/hikes.sqlite"
        func iso(_ s: String) -> Date { ISO8601Timestamp.parse(s)! }
        /// `points` points 100 m apart (0.0009° of latitude), `seconds` apart, climbing 5 m each.
        func gpx(_ name: String, _ start: Date, points: Int, seconds: Double) throws -> String {
            var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
                + "<trk><name>\(name)</name><trkseg>\n"
            for i in 0..<points {
                text += "<trkpt lat=\"\(46.0 + Double(i) * 0.0009)\" lon=\"7.6\"><ele>\(1000 + Double(i) * 5)</ele>"
                    + "<time>\(ISO8601Timestamp.format(start.addingTimeInterval(Double(i) * seconds)))</time></trkpt>\n"
            }
            let path = dir + "/\(name).gpx"
            try (text + "</trkseg></trk></gpx>\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let files = [try gpx("walk", iso("2026-05-10T08:00:00Z"), points: 80, seconds: 80),      // 7.9 km, 4.5 km/h
                     try gpx("clock-1970", iso("1970-01-01T00:00:00Z"), points: 200, seconds: 75),  // 19.9 km: the longest
                     try gpx("drive", iso("2026-06-01T08:00:00Z"), points: 120, seconds: 8.4)]     // 11.9 km at 43 km/h
        let imported = cairn(["import"] + files + ["--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let ids = try idsInInsertOrder(store)
        // The walk, followed along its own track while it was being recorded (the same hour).
        let s = try HikeStore(path: store)
        let t = iso("2026-05-10T08:00:30Z")
        let w = try s.beginWalk(of: ids[0], startedAt: t, offRouteThreshold: 30)
        var summary = FollowSummary(startTime: t, endTime: t.addingTimeInterval(6000), activeTime: 6000,
                                    distanceWalked: 7800, elevationGain: 390, acceptedFixes: 700)
        summary.movingTime = 6000
        summary.movingDistance = 7800
        try s.finishWalk(w, endedAt: t.addingTimeInterval(6000), summary: summary)

        let out = try Self.totals(store, year: 2026, zone: "UTC")
        // Three hikes, the walk left out: May has one walk, not two.
        #expect(out.counted.hikes == 3 && out.counted.walks == 0)
        #expect(out.totals.thisYear.months[4].walks == 1 && out.totals.allTime.walks == 3)
        let json = cairn(["totals", "--json", "--store", store], environment: ["TZ": "UTC"]).stdout
        #expect(json.contains("\"walksDuringHikesLeftOut\" : 1"))
        // Records: the 1970 track is not the longest, the drive not the fastest pace.
        #expect(out.totals.record(.longest)?.trailID == ids[0].rawValue)  // the drive is flagged too
        #expect(out.totals.record(.fastestPace)?.trailID == ids[0].rawValue)
        #expect(Set(out.totals.leftOutOfRecords.map(\.trailID)) == [ids[1].rawValue, ids[2].rawValue])
        // The same figures from the reference.
        if let ref = try Self.reference(store, year: 2026, zone: "UTC") {
            Self.same(out.totals.allTime, ref.allTime, "all time")
            for m in 0..<12 { Self.same(out.totals.thisYear.months[m], ref.thisYear.months[m], "2026-\(m + 1)") }
            #expect(out.totals.records.count == ref.records.count)
            for r in out.totals.records {
                let e = try #require(ref.records[r.kind.rawValue])
                #expect(abs(r.value - e.value) < 1e-9 * max(1, abs(e.value)) && r.trailID == e.trailID, "\(r.kind)")
            }
        }
        // The text says what was left out, and why.
        let text = cairn(["totals", "--year", "2026", "--units", "metric", "--store", store], environment: ["TZ": "UTC"])
        #expect(text.stdout.contains("1 walk followed while recorded counted once, as the recording"))
        #expect(text.stdout.contains("Left out of the records: “clock-1970”") && text.stdout.contains("before the GPS era"))
        #expect(text.stdout.contains("Left out of the records: “drive”") && text.stdout.contains("averages 4"))
        // Issue 34: the 1970 clock counts in the sums but does not open the all-time span.
        #expect(text.stdout.contains("(2026-05-10 to 2026-06-01)"), "\(text.stdout)")
        #expect(!text.stdout.contains("1970-01-01 to"))
        #expect(text.stderr.isEmpty)
        // A TZ that names no zone is said once on stderr; the output still comes.
        let nonsense = cairn(["totals", "--store", store], environment: ["TZ": "Nonsense"])
        #expect(nonsense.status == 0 && !nonsense.stdout.isEmpty)
        #expect(nonsense.stderr.components(separatedBy: "TZ=Nonsense is not a time zone").count == 2, "\(nonsense.stderr)")
    }

    /// A newcomer's report: a watch's track and a phone's copy of the same walk (points rounded
    /// differently, so not a content duplicate) counted twice. Two hikes sharing more than half
    /// of the shorter one's time and most of the ground are one walk: the first stored counts. A
    /// walk split into two files (sharing the point where it was split), a later walk, and
    /// another walk elsewhere at the same times (newcomer 8: files with rebased times) count.
    @Test func hikesWalkedAtTheSameTimeCountOnce() throws {
        let dir = makeTempDirectory("totals-same-time")
        let store = dir + "/hikes.sqlite"
        func iso(_ s: String) -> Date { ISO8601Timestamp.parse(s)! }
        func gpx(_ name: String, _ start: Date, points: Int, lat0: Double, round: Bool = false) throws -> String {
            var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>\(name)</name><trkseg>\n"
            for i in 0..<points {
                var lat = lat0 + Double(i) * 0.0009
                if round { lat = (lat * 1e4).rounded() / 1e4 + 0.00003 }
                text += "<trkpt lat=\"\(lat)\" lon=\"7.6\"><ele>\(1000 + i * 3)</ele>"
                    + "<time>\(ISO8601Timestamp.format(start.addingTimeInterval(Double(i) * 60)))</time></trkpt>\n"
            }
            let path = dir + "/\(name).gpx"
            try (text + "</trkseg></trk></gpx>\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let watch = try gpx("watch", iso("2026-05-10T08:00:00Z"), points: 90, lat0: 46.0)
        // The phone's copy: the same times, positions rounded (every point differs), and 10 minutes shorter.
        let phone = try gpx("phone", iso("2026-05-10T08:00:00Z"), points: 80, lat0: 46.0, round: true)
        // The walk's second part, split at the watch's last point (89 min after its start).
        let second = try gpx("second-part", iso("2026-05-10T09:29:00Z"), points: 40, lat0: 46.08)
        let later = try gpx("evening", iso("2026-05-10T17:00:00Z"), points: 30, lat0: 46.2)
        // Another walk at the watch's very times, 50 km away (a file with rebased or unset times).
        let elsewhere = try gpx("elsewhere", iso("2026-05-10T08:00:00Z"), points: 90, lat0: 46.5)
        for f in [watch, phone, second, later, elsewhere] {
            let run = cairn(["import", f, "--store", store])
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try idsInInsertOrder(store).count == 5, "the phone's copy is a hike of its own (its points differ)")
        let out = try Self.totals(store, year: 2026, zone: "UTC")
        #expect(out.counted.hikes == 4 && out.totals.thisYear.months[4].walks == 4)
        let json = cairn(["totals", "--json", "--store", store], environment: ["TZ": "UTC"]).stdout
        #expect(json.contains("\"sameTimeHikesLeftOut\" : 1"), "\(json)")
        let text = cairn(["totals", "--year", "2026", "--store", store], environment: ["TZ": "UTC"]).stdout
        #expect(text.contains("1 hike walked at the same time as another counted once"), "\(text)")
        // The reference (its own reading of the rule) agrees on every figure.
        if let ref = try Self.reference(store, year: 2026, zone: "UTC") {
            Self.same(out.totals.allTime, ref.allTime, "all time")
            for m in 0..<12 { Self.same(out.totals.thisYear.months[m], ref.thisYear.months[m], "2026-\(m + 1)") }
        }
    }

    /// A newcomer's report: following a hike with `--gps replay:FILE` (the demo's "f follows a
    /// replayed walk") added a walk to Totals and to "walked again". A walk whose source is a
    /// replay is left out of both, and said; a walk of a live source still counts.
    @Test func replayedWalksAreNotCounted() throws {
        let store = try Self.makeStore()
        let before = try Self.totals(store, year: 2026, zone: "UTC")
        let s = try HikeStore(path: store)
        let ids = try idsInInsertOrder(store)
        func walk(_ start: String, source: String) throws {
            let t = ISO8601Timestamp.parse(start)!
            let w = try s.beginWalk(of: ids[1], startedAt: t, offRouteThreshold: 30)
            try s.setWalkSource(w, source, speed: 60)
            try s.appendWalkPoints(w, [WalkPoint(stretch: 0, point: Trackpoint(latitude: 46.0, longitude: 7.5, time: t))])
            let summary = FollowSummary(startTime: t, endTime: t.addingTimeInterval(600), activeTime: 600,
                                        distanceWalked: 3000, elevationGain: 100, acceptedFixes: 50)
            try s.finishWalk(w, endedAt: t.addingTimeInterval(600), summary: summary)
        }
        try walk("2026-09-01T10:00:00Z", source: "replay:/tmp/walk.gpx")
        let replayed = try Self.totals(store, year: 2026, zone: "UTC")
        #expect(replayed.counted.walks == before.counted.walks && replayed.totals.thisYear.months[8].walks == 0)
        let json = cairn(["totals", "--json", "--store", store], environment: ["TZ": "UTC"]).stdout
        #expect(json.contains("\"replayedWalksLeftOut\" : 1"), "\(json)")
        let text = cairn(["totals", "--year", "2026", "--store", store], environment: ["TZ": "UTC"]).stdout
        #expect(text.contains("1 replayed walk left out"), "\(text)")
        // `cairn show` lists it, marked.
        let shown = cairn(["show", ids[1].rawValue, "--store", store]).stdout
        #expect(shown.contains("replay, not counted"), "\(shown)")
        // Nor is it a walk near the hike for "walked again".
        let box = BoundingBox(minLatitude: 45.99, minLongitude: 7.49, maxLatitude: 46.01, maxLongitude: 7.51)
        let near = try s.walkedLines(in: box)
        // A live source (gpsd) counts, in both.
        try walk("2026-09-02T10:00:00Z", source: "gpsd://127.0.0.1:2947")
        let live = try Self.totals(store, year: 2026, zone: "UTC")
        #expect(live.counted.walks == before.counted.walks + 1 && live.totals.thisYear.months[8].walks == 1)
        #expect(try s.walkedLines(in: box).walksRead == near.walksRead + 1)
    }
}
