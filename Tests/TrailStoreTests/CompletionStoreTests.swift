import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// Trail completion over the store: which hikes and walks count, and the bounding-box
/// prefilter ("v11-route-completion") that keeps far ones from being read.
@Suite struct CompletionStoreTests {
    /// The line of ``sampleTrack()``: 50 points northwards from 46.0, 7.5.
    static let line = sampleTrack().segments[0].points.map(\.coordinate)

    func store() throws -> HikeStore {
        try HikeStore(path: makeTempDirectory("completion") + "/hikes.sqlite", now: { Date(timeIntervalSince1970: 1_700_000_000) })
    }

    func insert(_ store: HikeStore, _ hike: NewHike) throws -> HikeID {
        guard case .inserted(let id) = try store.insert(hike, allowDuplicate: true) else { throw CocoaError(.fileWriteUnknown) }
        return id
    }

    @Test func recordingsCountPlansDoNotFarHikesAreNotRead() throws {
        let s = try store()
        let walked = try insert(s, sampleHike(sampleTrack()))
        var drawn = sampleHike(sampleTrack(name: "plan"))
        drawn.kind = .drawn
        _ = try insert(s, drawn)
        var untimed = sampleHike(Track(segments: [TrackSegment(points: Self.line.map { Trackpoint($0) })]))
        untimed.statistics.startTime = nil
        _ = try insert(s, untimed)
        _ = try insert(s, sampleHike(sampleTrack(name: "far", offset: 1.0)))
        let (c, lines) = try s.completion(of: [Self.line])
        #expect(lines.hikesRead == 1)
        #expect(lines.walksRead == 0)
        #expect(abs(c.share - 1) < 1e-9)
        // The hike's own track is not a walk of itself.
        let (own, ownLines) = try s.completion(of: [Self.line], excluding: walked)
        #expect(own.walked == 0 && ownLines.hikesRead == 0)
    }

    /// Issue 34: a copy stored by `import --again` (the same content hash) is the hike itself,
    /// not another hike that walked it; a different recording of the same line still is.
    @Test func copiesOfTheHikeAreNotOtherHikes() throws {
        let s = try store()
        let hike = try insert(s, sampleHike(sampleTrack()))
        _ = try insert(s, sampleHike(sampleTrack()))  // the --again copy
        let (own, ownLines) = try s.completion(of: [Self.line], excluding: hike)
        #expect(own.walked == 0 && ownLines.hikesRead == 0)
        _ = try insert(s, sampleHike(sampleTrack(name: "again, walked", offset: 1e-6)))
        let (other, otherLines) = try s.completion(of: [Self.line], excluding: hike)
        #expect(otherLines.hikesRead == 1 && abs(other.share - 1) < 1e-9, "\(other.share)")
    }

    @Test func followingWalksCountThroughTheIndex() throws {
        let s = try store()
        let far = try insert(s, sampleHike(sampleTrack(name: "far", offset: 1.0)))
        // A walk (recorded while following the far hike) along the first half of our line.
        let walk = try s.beginWalk(of: far, startedAt: Date(timeIntervalSince1970: 1_700_000_000), offRouteThreshold: 30)
        try s.appendWalkPoints(walk, Self.line.prefix(25).map { WalkPoint(stretch: 0, point: Trackpoint($0)) })
        let (c, lines) = try s.completion(of: [Self.line], excluding: nil)
        #expect(lines.walksRead == 1 && lines.hikesRead == 0)
        // 24 of the line's 49 equal steps walked; covered = what was walked near the line
        // (DECISIONS 440; the ground reaches 25 m further): 24/49.
        #expect(abs(c.share - 24.0 / 49) < 1e-6, "\(c.share)")
        #expect(c.missingStretches.count == 1)
        // The prefilter is the index of the migration.
        let plan = try s.connection.query("""
            EXPLAIN QUERY PLAN SELECT DISTINCT walk_id FROM walk_points WHERE latitude BETWEEN 1 AND 2 AND longitude BETWEEN 1 AND 2
            """, []) { $0.string(3) }
        #expect(plan.contains { $0.contains("walk_points_position") }, "\(plan)")
    }
}
