import Foundation
import Testing
import TrailCore
import TrailSQLite
@testable import TrailStore

/// The migration "v8-walk-totals" fills the walks' total columns from their summaries, and
/// every summary written keeps them.
@Suite struct WalkTotalsMigrationTests {
    static func tempStore() -> String {
        let dir = NSTemporaryDirectory() + "cairn-walk-totals-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir + "/hikes.sqlite"
    }

    /// A timed hike recorded the day before the walks (a walk at the hike's own time would be
    /// that hike followed while recorded, counted once: DECISIONS.md 254).
    static func hike(_ store: HikeStore) throws -> HikeID {
        let t = Date(timeIntervalSince1970: 1_750_000_000 - 86_400)
        let track = Track(segments: [TrackSegment(points: [
            Trackpoint(latitude: 46, longitude: 7, elevation: 1000, time: t),
            Trackpoint(latitude: 46.01, longitude: 7, elevation: 1100, time: t.addingTimeInterval(900))])])
        guard case .inserted(let id) = try store.insert(NewHike(name: "a", kind: .imported, tracks: [track],
                                                               statistics: StatisticsCalculator().statistics(for: track)))
        else { throw HikeStoreError.noSuchHike("a") }
        return id
    }

    struct Columns: Equatable { let fixes: Int?, first: Double?, distance: Double?, gain: Double?, moving: Double?, movingDistance: Double? }

    static func columns(_ store: HikeStore) throws -> [Columns] {
        try store.connection.query("""
            SELECT accepted_fixes, first_fix_at, distance_walked, elevation_gain, moving_time, moving_distance FROM walks ORDER BY id
            """) { st in
            Columns(fixes: st.optionalInt64(0).map { Int($0) }, first: st.optionalDouble(1), distance: st.optionalDouble(2),
                    gain: st.optionalDouble(3), moving: st.optionalDouble(4), movingDistance: st.optionalDouble(5))
        }
    }

    @Test func summariesFillTheColumnsAndTheMigrationFillsOldWalks() throws {
        let path = Self.tempStore()
        let t = Date(timeIntervalSince1970: 1_750_000_000)
        do {
            let store = try HikeStore(path: path)
            let id = try Self.hike(store)
            let a = try store.beginWalk(of: id, startedAt: t, offRouteThreshold: 30)
            var s = FollowSummary(startTime: t.addingTimeInterval(5), activeTime: 600, distanceWalked: 800, elevationGain: 40,
                                  acceptedFixes: 60)
            s.movingTime = 540
            s.movingDistance = 790
            try store.appendWalkPoints(a, [], summary: s)
            let b = try store.beginWalk(of: id, startedAt: t, offRouteThreshold: 30)
            // A summary of before moving time was kept: the active time and distance walked count.
            try store.finishWalk(b, endedAt: t.addingTimeInterval(700),
                                 summary: FollowSummary(activeTime: 650, distanceWalked: 900, elevationGain: 12, acceptedFixes: 70))
            _ = try store.beginWalk(of: id, startedAt: t, offRouteThreshold: 30)
            let expected = [Columns(fixes: 60, first: t.addingTimeInterval(5).timeIntervalSinceReferenceDate, distance: 800, gain: 40,
                                    moving: 540, movingDistance: 790),
                            Columns(fixes: 70, first: nil, distance: 900, gain: 12, moving: 650, movingDistance: 900),
                            Columns(fixes: nil, first: nil, distance: nil, gain: nil, moving: nil, movingDistance: nil)]
            #expect(try Self.columns(store) == expected)
            // A point without a summary keeps the columns.
            try store.appendWalkPoints(a, [WalkPoint(stretch: 0, point: Trackpoint(latitude: 46, longitude: 7))])
            #expect(try Self.columns(store) == expected)
            // As a store of before the migration: the columns gone, the migration not recorded.
            try store.connection.execute("""
                ALTER TABLE walks DROP COLUMN accepted_fixes; ALTER TABLE walks DROP COLUMN first_fix_at;
                ALTER TABLE walks DROP COLUMN distance_walked; ALTER TABLE walks DROP COLUMN elevation_gain;
                ALTER TABLE walks DROP COLUMN moving_time; ALTER TABLE walks DROP COLUMN moving_distance;
                DELETE FROM cairn_migrations WHERE name = 'v8-walk-totals';
                """)
        }
        let reopened = try HikeStore(path: path)
        let filled = try Self.columns(reopened)
        #expect(filled[0] == Columns(fixes: 60, first: t.addingTimeInterval(5).timeIntervalSinceReferenceDate, distance: 800,
                                     gain: 40, moving: 540, movingDistance: 790))
        #expect(filled[1] == Columns(fixes: 70, first: nil, distance: 900, gain: 12, moving: 650, movingDistance: 900))
        #expect(try reopened.outings().outings.filter { $0.walkID != nil }.count == 2)
    }
}
