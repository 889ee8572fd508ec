import Foundation
import Testing
import TrailCore
@testable import TrailStore

@Suite struct HikeStoreTests {
    func openStore(_ dir: String = makeTempDirectory(), now: Date = Date(timeIntervalSince1970: 1_700_000_000)) throws -> HikeStore {
        try HikeStore(path: dir + "/hikes.sqlite", now: { now })
    }

    @Test func storesAndLoadsAHikeUnchanged() throws {
        let store = try openStore()
        var track = sampleTrack(count: 20_000, segments: 2)  // crosses a block boundary
        track.segments[0].points[3].elevation = nil
        track.segments[0].points[4].time = nil
        track.segments[1].points[9_000].extras = TrackpointExtras(hdop: 1.5, satellites: 9, fix: "3d", heartRate: 141,
                                                                  cadence: 88, airTemperature: -3.5)
        let wpts = [Waypoint(latitude: 46.01, longitude: 7.51, elevation: 2100, time: Date(timeIntervalSince1970: 1_600_000_500),
                             name: "Hütte", comment: "water", description: "open in summer", source: "me",
                             links: [Link(href: "https://hut.example", text: "site")], symbol: "Lodge", type: "hut"),
                    Waypoint(latitude: -33.5, longitude: -70.25)]
        let new = sampleHike(track, waypoints: wpts)
        guard case .inserted(let id) = try store.insert(new) else { Issue.record("not inserted"); return }
        let hike = try store.hike(id)
        #expect(hike.tracks == [track])
        #expect(hike.waypoints == wpts)
        #expect(hike.metadata == new.metadata)
        #expect(hike.summary.name == "Test track")
        #expect(hike.summary.description == "a description")
        #expect(hike.summary.kind == .imported)
        #expect(hike.summary.sourceFileName == "test.gpx")
        #expect(hike.summary.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(hike.summary.startedAt == new.statistics.startTime)
        #expect(hike.summary.waypointCount == 2)
        #expect(hike.summary.statistics == new.statistics)
        // 2 segments of 20,000 points in blocks of 8,192: 3 blocks each.
        #expect(try store.connection.scalar("SELECT count(*) FROM point_blocks") == .integer(6))
    }

    @Test func idsAreSixCharactersUniqueAndParseLeniently() {
        var seen = Set<String>()
        for row in Int64(1)...200_000 {
            let id = HikeID(rowID: row)
            #expect(id.rawValue.count == 6)
            seen.insert(id.rawValue)
        }
        #expect(seen.count == 200_000)
        let id = HikeID(rowID: 1)
        #expect(HikeID(id.rawValue.uppercased()) == id)
        #expect(HikeID("0o1il0") == HikeID("001110"))
        #expect(HikeID("abcde") == nil)
        #expect(HikeID("abcdeu") == nil)
    }

    @Test func idsStayWhenOtherHikesAreDeleted() throws {
        let store = try openStore()
        var ids: [HikeID] = []
        for i in 0..<3 {
            if case .inserted(let id) = try store.insert(sampleHike(sampleTrack(name: "t\(i)", offset: Double(i)))) { ids.append(id) }
        }
        try store.delete([ids[0]])
        if case .inserted(let id) = try store.insert(sampleHike(sampleTrack(name: "t9", offset: 9))) { ids.append(id) }
        #expect(Set(ids).count == 4)  // AUTOINCREMENT: the deleted id is not reused
        #expect(try Set(store.summaries().map(\.id)) == [ids[1], ids[2], ids[3]])
        #expect(try store.resolve(ids[2].rawValue.uppercased()) == ids[2])
        #expect(throws: HikeStoreError.noSuchHike(ids[0].rawValue)) { try store.resolve(ids[0].rawValue) }
    }

    @Test func duplicateTrackIsDetectedByItsPointsAlone() throws {
        let store = try openStore()
        let a = sampleHike(sampleTrack(name: "first"))
        var b = sampleHike(sampleTrack(name: "other name"), name: "renamed")
        b.metadata.creator = "another program"
        let first = try store.insert(a)
        guard case .inserted(let id) = first else { Issue.record("not inserted"); return }
        #expect(try store.insert(b) == .duplicate(of: id))
        // A point moved by 1e-7 degrees is another track.
        var moved = sampleTrack()
        moved.segments[0].points[10].latitude += 1e-7
        guard case .inserted = try store.insert(sampleHike(moved)) else { Issue.record("moved track was a duplicate"); return }
        // --again
        guard case .inserted = try store.insert(b, allowDuplicate: true) else { Issue.record("not inserted again"); return }
        #expect(try store.hikeCount() == 3)
        // Within one call, the second copy is a duplicate of the first.
        let store2 = try openStore()
        let outcomes = try store2.insert([a, b])
        guard case .inserted(let id2) = outcomes[0] else { Issue.record("not inserted"); return }
        #expect(outcomes[1] == .duplicate(of: id2))
    }

    /// A waymarked route opened before terrain tiles were imported is stored without heights;
    /// opened again with them (another hash) it must find that copy, not store a second one.
    @Test func anotherFormOfTheSameLineFindsTheStoredCopy() throws {
        let store = try openStore()
        var flat = sampleTrack(name: "route")
        for i in flat.segments[0].points.indices { flat.segments[0].points[i].elevation = nil }
        let plain = sampleHike(flat)
        guard case .inserted(let id) = try store.insert(plain) else { Issue.record("not inserted"); return }
        let elevated = sampleHike(sampleTrack(name: "route"))
        #expect(elevated.contentHash != plain.contentHash)
        #expect(try store.insert(elevated, sameAs: [plain.contentHash]) == .duplicate(of: id))
        #expect(try store.hikeCount() == 1)
        // Without the other form's hash it is another line; with an unknown hash it is stored once.
        guard case .inserted(let id2) = try store.insert(elevated, sameAs: [[UInt8](repeating: 7, count: 32)]) else {
            Issue.record("not inserted"); return
        }
        #expect(try store.insert(elevated, sameAs: []) == .duplicate(of: id2))
        #expect(try store.hikeCount() == 2)
    }

    @Test func contentHashIsSHA256OfTheDocumentedMessage() {
        let track = sampleTrack(count: 3)
        var message = Array("cairn-trk1".utf8)
        withUnsafeBytes(of: UInt64(3).littleEndian) { message += $0 }
        for p in track.segments[0].points {
            for v in [p.latitude, p.longitude, p.elevation!, p.time!.timeIntervalSinceReferenceDate] {
                withUnsafeBytes(of: v.bitPattern.littleEndian) { message += $0 }
            }
        }
        #expect(ContentHash.of(tracks: [track], waypoints: []) == SHA256.hash(message))
    }

    @Test func aFailedTransactionLeavesNothing() throws {
        let store = try openStore()
        try store.insert(sampleHike(sampleTrack(name: "kept")))
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try store.connection.transaction {
                try store.insert([sampleHike(sampleTrack(name: "lost", offset: 1))])
                throw Boom()
            }
        }
        #expect(try store.summaries().map(\.name) == ["kept"])
        #expect(try store.connection.scalar("SELECT count(*) FROM tracks") == .integer(1))
        #expect(try store.connection.scalar("SELECT count(*) FROM segments") == .integer(1))
        #expect(try store.connection.scalar("SELECT count(*) FROM point_blocks") == .integer(1))
    }

    @Test func sortsByEachKey() throws {
        let store = try openStore()
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        // name, points, start offset (days)
        let specs: [(String, Int, Double)] = [("b walk", 30, 2), ("A walk", 10, 0), ("c walk", 20, 1)]
        for (i, s) in specs.enumerated() {
            try store.insert(sampleHike(sampleTrack(name: s.0, count: s.1, offset: Double(i),
                                                    start: start.addingTimeInterval(s.2 * 86_400))))
        }
        #expect(try store.summaries(sortedBy: .date).map(\.name) == ["b walk", "c walk", "A walk"])  // newest first
        #expect(try store.summaries(sortedBy: .date, reversed: true).map(\.name) == ["A walk", "c walk", "b walk"])
        #expect(try store.summaries(sortedBy: .name).map(\.name) == ["A walk", "b walk", "c walk"])
        #expect(try store.summaries(sortedBy: .distance).map(\.name) == ["b walk", "c walk", "A walk"])
        #expect(try store.summaries(sortedBy: .gain).map(\.name) == ["b walk", "c walk", "A walk"])
        #expect(try store.summaries(sortedBy: .duration).map(\.name) == ["b walk", "c walk", "A walk"])
    }

    @Test func renameAndDeleteWithEverythingUnderneath() throws {
        let store = try openStore()
        guard case .inserted(let a) = try store.insert(sampleHike(sampleTrack(name: "a"), waypoints: [Waypoint(latitude: 1, longitude: 2)])),
              case .inserted(let b) = try store.insert(sampleHike(sampleTrack(name: "b", offset: 1)))
        else { Issue.record("not inserted"); return }
        try store.rename(a, to: "Über den Grat")
        #expect(try store.summary(a).name == "Über den Grat")
        #expect(throws: HikeStoreError.self) { try store.rename(HikeID("zzzzzz")!, to: "x") }
        #expect(throws: HikeStoreError.noSuchHike("zzzzzz")) { try store.delete([b, HikeID("zzzzzz")!]) }
        #expect(try store.hikeCount() == 2)  // all or nothing
        try store.delete([a, b])
        for table in ["hikes", "tracks", "segments", "point_blocks", "waypoints"] {
            #expect(try store.connection.scalar("SELECT count(*) FROM \(table)") == .integer(0), "\(table)")
        }
    }

    @Test func placesOnlyHikeHashesItsWaypoints() throws {
        let store = try openStore()
        let w = [Waypoint(latitude: 45.1, longitude: 14.2, name: "Šmarna gora"), Waypoint(latitude: 45.2, longitude: 14.3, name: "Vrh")]
        let hike = NewHike(name: "places", kind: .imported, tracks: [], waypoints: w, statistics: TrackStatistics())
        guard case .inserted(let id) = try store.insert(hike) else { Issue.record("not inserted"); return }
        #expect(try store.insert(hike) == .duplicate(of: id))
        var other = hike
        other.waypoints[1].name = "Vrh 2"
        guard case .inserted = try store.insert(other) else { Issue.record("renamed place was a duplicate"); return }
        #expect(try store.hike(id).tracks.isEmpty)
        #expect(try store.waypoints(of: id) == w)
    }
}

@Suite struct StatisticsColumnsTests {
    /// The store keeps TrackStatistics as columns (fast list). If TrackStatistics gains a
    /// property, this fails until a column (a new migration) is added for it.
    @Test func everyStatisticsPropertyHasAColumn() {
        let labels = Mirror(reflecting: TrackStatistics()).children.compactMap(\.label)
        #expect(labels == ["distance", "pointCount", "segmentCount", "startTime", "endTime", "elapsedTime",
                           "totalTime", "movingTime", "averageSpeed", "timedDistance", "movingDistance",
                           "movingAverageSpeed", "maxSpeed",
                           "elevationGain", "elevationLoss", "minElevation", "maxElevation", "steepestGrade",
                           "boundingBox", "estimatedWalkingTime"])
    }

    @Test func everyStatisticRoundTrips() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/h.sqlite")
        var hike = sampleHike(sampleTrack())
        hike.statistics = TrackStatistics(
            distance: 1.5, pointCount: 50, segmentCount: 1, startTime: Date(timeIntervalSince1970: 1_600_000_000.25),
            endTime: Date(timeIntervalSince1970: 1_600_000_490.5), elapsedTime: 490.25, totalTime: 512.75,
            movingTime: 400, averageSpeed: 1.1, timedDistance: 1.45, movingDistance: 1.4, movingAverageSpeed: 1.2, maxSpeed: 2.5, elevationGain: 49, elevationLoss: 3,
            minElevation: 1000, maxElevation: 1049, steepestGrade: -0.31,
            boundingBox: BoundingBox(minLatitude: 46, minLongitude: 7.5, maxLatitude: 46.0049, maxLongitude: 7.5),
            estimatedWalkingTime: 1234)
        guard case .inserted(let id) = try store.insert(hike) else { Issue.record("not inserted"); return }
        #expect(try store.summary(id).statistics == hike.statistics)
    }
}
