import Foundation
import Testing
import TrailCore
import TrailFormats
import TrailSQLite
@testable import TrailStore

/// The statistics' time line on real files (through the GPX reader) and the `v3-total-time`
/// columns (the rows of `cairn stats` and `cairn show` are tested in CairnCLITests).
@Suite struct TimeLineStatisticsTests {
    /// The new values of Tools/reference/stats_reference.py (xml.etree + GeographicLib, the
    /// rules re-implemented from their wording), per track or route with points.
    struct Reference: Decodable {
        struct Stats: Decodable {
            let points: Int
            let elapsed: Double?, totalTime: Double?, timedDistance: Double?, averageSpeed: Double?
            let movingTime: Double?, movingAmbiguity: Double?, movingAverageSpeed: Double?, maxSpeed: Double?
        }
        struct Part: Decodable { let total: Stats }
        struct File: Decodable { let parts: [Part] }
        let files: [String: File]
    }

    static func reference() throws -> Reference {
        let url = URL(fileURLWithPath: repoRoot + "/Tests/TrailCoreTests/Fixtures/reference-stats.json")
        return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }

    /// Statistics of each track, then each route with points, as `cairn import` makes hikes.
    static func calculated(_ path: String) throws -> [TrackStatistics] {
        let doc = try GPXReader.read(url: URL(fileURLWithPath: path)).document
        let calc = StatisticsCalculator()
        return (doc.tracks + doc.routes.map(\.asTrack)).filter { $0.pointCount > 0 }.map { calc.statistics(for: $0) }
    }

    static func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
        switch (a, b) {
        case let (x?, y?): return abs(x - y) <= tolerance * max(1, abs(y))
        case (nil, nil): return true
        default: return false
        }
    }

    /// Every licensed shared file: total time, timed distance, average speed to round-off;
    /// moving time within the reference's ambiguous chunks; moving average and max speed
    /// within 0.1 % where no chunk is ambiguous (chord vs geodesic displacements).
    @Test func sharedFilesMatchTheReference() throws {
        guard let dir = sharedData("gpx") else { return }
        let reference = try Self.reference()
        for path in gpxFiles(in: dir) {
            let name = (path as NSString).lastPathComponent
            let parts = try #require(reference.files["shared/gpx/" + name]).parts.filter { $0.total.points > 0 }
            let ours = try Self.calculated(path)
            #expect(ours.count == parts.count, "\(name)")
            for (s, part) in zip(ours, parts) {
                let r = part.total
                #expect(Self.close(s.elapsedTime, r.elapsed, 1e-9), "\(name) elapsed")
                #expect(Self.close(s.totalTime, r.totalTime, 1e-9), "\(name) total \(String(describing: s.totalTime))")
                #expect(Self.close(s.timedDistance, r.timedDistance, 1e-4), "\(name) timed distance")
                #expect(Self.close(s.averageSpeed, r.averageSpeed, 1e-4), "\(name) average")
                let ambiguity = r.movingAmbiguity ?? 0
                if let m = r.movingTime { #expect(abs((s.movingTime ?? .nan) - m) <= ambiguity + 1e-6, "\(name) moving") }
                if ambiguity == 0 {
                    #expect(Self.close(s.movingAverageSpeed, r.movingAverageSpeed, 1e-3), "\(name) moving average")
                    #expect(Self.close(s.maxSpeed, r.maxSpeed, 1e-3), "\(name) max \(String(describing: s.maxSpeed))")
                }
            }
        }
    }

    /// Fastest path speed between two consecutive timestamped points 0 < Δt ≤ 24 h apart, m/s.
    static func fastestPair(_ track: Track) -> Double {
        var fastest = 0.0
        for seg in track.segments {
            var path = 0.0, last: (time: Double, path: Double)?
            for (i, p) in seg.points.enumerated() {
                if i > 0 { path += Geodesy.distance(from: seg.points[i - 1].coordinate, to: p.coordinate) }
                guard let t = p.time?.timeIntervalSince1970 else { continue }
                if let l = last, t - l.time > 0, t - l.time <= 86_400 { fastest = max(fastest, (path - l.path) / (t - l.time)) }
                last = (t, path)
            }
        }
        return fastest
    }

    /// Every shared file, licensed or not: no average above the max speed, moving ≤ elapsed ≤
    /// total time ≤ 2 days (no file here is a longer outing), and max speed never above the
    /// fastest real pair (within the 0.1 % of the flat chord).
    @Test func sharedFilesKeepTheInvariants() throws {
        let dirs = ["gpx", "gpx-unlicensed"].compactMap { sharedData($0) }
        guard !dirs.isEmpty else { return }
        let calc = StatisticsCalculator()
        for path in dirs.flatMap(gpxFiles(in:)) {
            let name = (path as NSString).lastPathComponent
            guard let doc = try? GPXReader.read(url: URL(fileURLWithPath: path)).document else { continue }
            for track in doc.tracks + doc.routes.map(\.asTrack) where track.pointCount > 0 {
                let s = calc.statistics(for: track)
                if let a = s.averageSpeed { #expect(a <= s.maxSpeed ?? -1, "\(name) average above max") }
                if let a = s.movingAverageSpeed { #expect(a <= s.maxSpeed ?? -1, "\(name) moving average above max") }
                #expect((s.movingTime ?? 0) <= (s.elapsedTime ?? 0) && (s.elapsedTime ?? 0) <= (s.totalTime ?? 0), "\(name)")
                #expect((s.totalTime ?? 0) <= 2 * 86_400, "\(name) total \(String(describing: s.totalTime))")
                if let m = s.maxSpeed { #expect(m <= Self.fastestPair(track) * 1.001, "\(name) max \(m)") }
            }
        }
    }

    /// adrutas-180430_b is spliced from three recordings in one segment (read from the file:
    /// 2016-09-04 09:29:07–10:31:09, then back to 2010-08-04 20:22:38–21:29:13, then on to
    /// 2018-04-18 17:17:55–17:33:15). Elapsed = 3 722 + 3 995 + 920 = 8 637 s (was 14 192 h);
    /// its fastest consecutive timed pair is 13.94 km/h (was: max 89.2 km/h).
    @Test func splicedAdrutasTrackCountsEachRecording() throws {
        guard let dir = sharedData("gpx-unlicensed") else { return }
        let s = try #require(try Self.calculated(dir + "/adrutas-180430_b.gpx").first)
        #expect(s.elapsedTime == 8637 && s.totalTime == 8637)
        #expect(s.startTime == ISO8601Timestamp.parse("2016-09-04T09:29:07Z"))
        #expect(s.endTime == ISO8601Timestamp.parse("2018-04-18T17:33:15Z"))
        #expect((s.maxSpeed ?? .infinity) <= 13.94 / 3.6 && (s.averageSpeed ?? .infinity) <= s.maxSpeed ?? 0)
    }

    /// A store that predates `v3-total-time` (hikes v1 + drafts v2) gets both columns; its
    /// hikes read back with nil total time and timed distance and their other numbers intact;
    /// a hike stored afterwards keeps both.
    @Test func olderStoreGetsTheColumnsWithNil() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        do {
            let db = try Connection(path: path)
            var old = Migrator()
            for m in HikeSchema.migrator.migrations where m.name != HikeSchema.totalTimeMigrationName {
                old.register(m.name, m.apply)
            }
            try old.migrate(db)
            try db.run("""
                INSERT INTO hikes (public_id, name, kind, created_at, content_hash, distance, point_count,
                    segment_count, elapsed_time, average_speed, max_speed)
                VALUES ('aaaaaa', 'Old hike', 'imported', 0, x'00', 555, 50, 1, 100, 5.55, 6)
                """)
        }
        let store = try HikeStore(path: path)
        #expect(try HikeSchema.migrator.appliedMigrations(store.connection).last == HikeSchema.totalTimeMigrationName)
        let old = try store.summaries()[0].statistics
        #expect(old.totalTime == nil && old.timedDistance == nil)
        #expect(old.elapsedTime == 100 && old.averageSpeed == 5.55 && old.maxSpeed == 6 && old.distance == 555)
        var hike = sampleHike(sampleTrack())
        hike.statistics = StatisticsCalculator().statistics(for: hike.tracks[0])
        guard case .inserted(let id) = try store.insert(hike) else { Issue.record("not inserted"); return }
        #expect(try store.summary(id).statistics == hike.statistics)
        #expect(hike.statistics.totalTime == 490 && hike.statistics.timedDistance != nil)
    }
}
