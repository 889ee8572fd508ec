import Foundation
import Testing
import HikeServices
import TrailStore

/// ``HikeFileImport``: what `cairn import` and the viewer's checklist both store.
@Suite struct HikeFileImportTests {
    /// Two tracks: one of two points 0.01° apart on the meridian 1° E (from 42° N north), one
    /// with a single point; and one waypoint (which goes with every hike of the file).
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="42.005" lon="1.001"><name>Spring</name></wpt>
          <trk><name>North</name><trkseg>
            <trkpt lat="42" lon="1"><time>2024-05-01T08:00:00Z</time></trkpt>
            <trkpt lat="42.01" lon="1"><time>2024-05-01T08:15:00Z</time></trkpt>
          </trkseg></trk>
          <trk><name>Lone</name><trkseg><trkpt lat="43" lon="2"/></trkseg></trk>
        </gpx>
        """

    /// The WGS84 meridian arc from 42° to 42.01° N: ∫ a(1−e²)/(1−e² sin²φ)^{3/2} dφ,
    /// integrated numerically (a = 6378137 m, f = 1/298.257223563), 1110.7338 m.
    static let meridianArc = 1110.7338068

    private func fixture() throws -> (dir: String, read: HikeFileRead, store: HikeStore) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-hfi-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/two.gpx"
        try Self.gpx.write(toFile: file, atomically: true, encoding: .utf8)
        let read = try HikeFileRead.read(path: file)
        let store = try HikeStore(path: dir + "/hikes.sqlite", now: { Date(timeIntervalSince1970: 1_700_000_000) })
        return (dir, read, store)
    }

    @Test func candidateDistanceIsTheGeodesicLength() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(atPath: f.dir) }
        let plan = f.read.plan
        let north = try #require(plan.candidates.first { $0.name == "North" })
        let distance = try #require(HikeFileImport.distance(of: north, in: plan))
        #expect(abs(distance - Self.meridianArc) < 0.01)
        #expect(plan.candidates.allSatisfy { $0.source != .places })
    }

    @Test func storesTheChosenHikesOnceAndReportsDuplicates() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(atPath: f.dir) }
        var stages: [HikeFileImport.Stage] = []
        let stored = try HikeFileImport.store(f.read.plan, selecting: nil, into: f.store, allowDuplicates: false) { stages.append($0) }
        // The default selection: both tracks (neither is empty), each with the waypoint.
        #expect(stored.count == f.read.plan.defaultSelection.count)
        #expect(stored.allSatisfy { if case .inserted = $0.outcome { return true } else { return false } })
        let points = stored.reduce(0) { $0 + $1.hike.statistics.pointCount }
        #expect(points == 3)
        #expect(stages.first == .statistics && stages.dropFirst().first == .storing(written: 0, total: 3))
        #expect(stages.last == .storing(written: 3, total: 3))
        let north = try #require(stored.first { $0.hike.name == "North" })
        #expect(abs(north.hike.statistics.distance - Self.meridianArc) < 0.01)
        #expect(north.hike.statistics.elapsedTime == 900)
        // The same file again: every hike is a duplicate of the one stored.
        let again = try HikeFileImport.store(f.read.plan, selecting: nil, into: f.store, allowDuplicates: false)
        for (first, second) in zip(stored, again) {
            guard case .inserted(let id) = first.outcome else { Issue.record("not inserted"); continue }
            #expect(second.outcome == .duplicate(of: id))
        }
        #expect(try f.store.summaries(sortedBy: .date).count == stored.count)
    }

    @Test func anInterruptionWhileStoringLeavesTheStoreUnchanged() throws {
        struct Stop: Error {}
        let f = try fixture()
        defer { try? FileManager.default.removeItem(atPath: f.dir) }
        #expect(throws: Stop.self) {
            try HikeFileImport.store(f.read.plan, selecting: nil, into: f.store, allowDuplicates: false) { stage in
                if case .storing(let written, _) = stage, written > 0 { throw Stop() }
            }
        }
        #expect(try f.store.summaries(sortedBy: .date).isEmpty)
    }

    @Test func anEmptyCandidateAskedForIsRefused() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(atPath: f.dir) }
        #expect(throws: HikeImportPlan.PlanError.self) {
            try HikeFileImport.store(f.read.plan, selecting: [99], into: f.store, allowDuplicates: false)
        }
        #expect(try f.store.summaries(sortedBy: .date).isEmpty)
    }
}

/// ``TrackFileFigures``: what `cairn stats` prints for a file it does not store.
@Suite struct TrackFileFiguresTests {
    private func write(_ text: String) throws -> (dir: String, file: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-tff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try text.write(toFile: dir + "/f.gpx", atomically: true, encoding: .utf8)
        return (dir, dir + "/f.gpx")
    }

    @Test func tracksThenRoutesWithTheirGeodesicLengths() throws {
        let route = """
            <rte><name>Planned</name><rtept lat="42" lon="1"/><rtept lat="42.01" lon="1"/></rte>
            """
        let f = try write(HikeFileImportTests.gpx.replacingOccurrences(of: "</gpx>", with: route + "\n</gpx>"))
        defer { try? FileManager.default.removeItem(atPath: f.dir) }
        let figures = try TrackFileFigures(path: f.file, fileName: "f.gpx")
        #expect(figures.refusal(file: "f.gpx") == nil)
        let tracks = figures.tracks(terrain: nil)
        #expect(tracks.map(\.kind) == ["track", "track", "route"])
        #expect(tracks.map(\.name) == ["North", "Lone", "Planned"])
        for k in [0, 2] { #expect(abs(tracks[k].statistics.distance - HikeFileImportTests.meridianArc) < 0.01) }
        // Without terrain the file's own figures stand.
        #expect(tracks.allSatisfy { $0.elevation == nil && $0.elevationFromTerrain == nil && $0.fileHeights == nil })
    }

    @Test func aFileOfWaypointsOnlyIsRefusedSayingSo() throws {
        let f = try write("""
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="1" lon="2"/><wpt lat="1.1" lon="2"/></gpx>
            """)
        defer { try? FileManager.default.removeItem(atPath: f.dir) }
        let figures = try TrackFileFigures(path: f.file, fileName: "f.gpx")
        #expect(figures.refusal(file: "f.gpx") == "f.gpx: no tracks or routes with points, only 2 waypoints; no statistics")
    }
}

extension HikeFileImportTests {
    /// A file of waypoints only is one candidate, its places, with no length.
    @Test func aFileOfPlacesHasNoLength() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-hfp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="42" lon="1"><name>Spring</name></wpt></gpx>
            """.write(toFile: dir + "/p.gpx", atomically: true, encoding: .utf8)
        let plan = try HikeFileRead.read(path: dir + "/p.gpx").plan
        let places = try #require(plan.candidates.first)
        #expect(plan.candidates.count == 1 && places.source == .places)
        #expect(HikeFileImport.distance(of: places, in: plan) == nil)
    }
}
