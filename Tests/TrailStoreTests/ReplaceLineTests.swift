import Foundation
import Testing
import TrailCore
import TrailSQLite
@testable import TrailStore

/// ``HikeStore/replaceLine(of:with:)``: saving an edited drawing updates the drawn hike it was
/// opened from (issue 34) instead of storing a second one.
@Suite struct ReplaceLineTests {
    static func drawn(_ track: Track, name: String, stops: [String]) -> NewHike {
        var h = sampleHike(track, name: name)
        h.kind = .drawn
        let points = track.segments.flatMap(\.points)
        h.waypoints = stops.enumerated().map { i, n in
            let p = i == 0 ? points[0] : points[points.count - 1]
            return Waypoint(latitude: p.latitude, longitude: p.longitude, name: n, type: "stop")
        }
        return h
    }

    @Test func theDrawnHikeKeepsItsIDDatesAndWalksAndGetsTheNewLine() throws {
        var clock = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite", now: { clock })
        let old = Self.drawn(sampleTrack(count: 30), name: "Sorteny", stops: ["Start", "Estany"])
        guard case .inserted(let id) = try store.insert(old) else { Issue.record("not inserted"); return }
        _ = try store.addPlace(Place(kind: .spring, name: "Font", coordinate: Coordinate(latitude: 46.001, longitude: 7.5)), to: id)
        _ = try store.beginWalk(of: id, startedAt: clock, offRouteThreshold: 50)
        let before = try store.summary(id)
        clock += 3600
        let newTrack = sampleTrack(count: 80, offset: 0.01)
        let new = Self.drawn(newTrack, name: "Sorteny by the lake", stops: ["Start", "Lake", "Hut"].prefix(2).map { $0 })
        try store.replaceLine(of: id, with: new)

        let after = try store.summary(id)
        #expect(after.name == "Sorteny by the lake")
        #expect(after.createdAt == before.createdAt && after.startedAt == before.startedAt)
        #expect(after.statistics.distance == new.statistics.distance && after.statistics.pointCount == 80)
        #expect(try store.hikeCount() == 1)
        #expect(try store.walks(of: id).count == 1)
        let points = try store.tracks(of: id).flatMap(\.segments).flatMap(\.points)
        #expect(points.map(\.coordinate) == newTrack.segments.flatMap(\.points).map(\.coordinate))
        // The stops are the new ones; places come back only when the caller adds them.
        #expect(try store.waypoints(of: id).map(\.name) == ["Start", "Lake"])
        #expect(try store.places(of: id, exceptType: "stop").isEmpty)
        // Another insert of the old line is a new hike again (the old content hash is gone).
        guard case .inserted = try store.insert(old) else { Issue.record("old line still matched"); return }
    }

    @Test func onlyDrawnHikesAreReplacedAndAFailureChangesNothing() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        guard case .inserted(let id) = try store.insert(sampleHike(sampleTrack(), name: "Imported")) else { return }
        let before = try store.summary(id)
        let new = Self.drawn(sampleTrack(count: 10, offset: 0.02), name: "Other", stops: ["A", "B"])
        #expect(throws: ReplaceLineError.notDrawn(id, .imported)) { try store.replaceLine(of: id, with: new) }
        #expect(try store.summary(id) == before)
        #expect(throws: HikeStoreError.noSuchHike(HikeID(rowID: 999).rawValue)) {
            try store.replaceLine(of: HikeID(rowID: 999), with: new)
        }
    }
}

/// Issue 34: a FIT or TCX track's laps are stored with the hike and read back as they were.
@Suite struct StoredLapsTests {
    @Test func lapsComeBackFromTheStore() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        var track = sampleTrack(count: 20)
        let laps = [TrackLap(startTime: Date(timeIntervalSince1970: 1_600_000_000), elapsedTime: 120.5, timerTime: 118, distance: 1000),
                    TrackLap(startTime: nil, elapsedTime: nil, timerTime: 61.25, distance: nil)]
        track.laps = laps
        guard case .inserted(let id) = try store.insert(sampleHike(track)) else { Issue.record("not inserted"); return }
        #expect(try store.tracks(of: id).first?.laps == laps)
        #expect(try store.tracks(of: id, line: .raw).first?.laps == laps)
        // A track without laps stores NULL, not "[]".
        guard case .inserted(let other) = try store.insert(sampleHike(sampleTrack(count: 5, offset: 1))) else { return }
        #expect(try store.tracks(of: other).first?.laps == [])
        #expect(try store.connection.scalar("SELECT count(*) FROM tracks WHERE laps_json IS NULL")?.integer == 1)
    }
}
