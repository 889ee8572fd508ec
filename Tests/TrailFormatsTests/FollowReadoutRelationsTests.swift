import Foundation
import Testing
import TrailCore
import TrailFormats

/// The follow readouts agree by definition (issue 19; DECISIONS.md 360): after every fix of a
/// real replay, Covered ≤ Walked, Covered ≤ the route length, and Along moves by no more than
/// the hiker could have gone. The walk is each sample file's own track replayed against it as
/// the route, 10 s a fix, and the same track 15 m to the east (within the 25 m corridor).
@Suite struct FollowReadoutRelationsTests {
    static let files = ["GPSTools-Oybin.gpx", "gpxpy-Mojstrovka.gpx", "cairn-route-serrat-sorteny.gpx"]

    func replay(_ name: String, eastShift: Double) throws -> (checked: Int, covered: Double, walked: Double, length: Double) {
        let result = try GPXReader.read(url: TestPaths.samples.appendingPathComponent(name))
        let track = try #require(result.document.tracks.first { $0.pointCount >= 50 })
        let route = FollowRoute(track: track)
        var session = FollowSession(route: route)
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        var previous: (progress: Double, coordinate: Coordinate)?
        var checked = 0
        for (k, p) in track.segments.flatMap(\.points).enumerated() {
            // 15 m east: Δλ = 15 / (R cos φ) radians on the sphere of the mean radius.
            let c = Coordinate(latitude: p.coordinate.latitude,
                               longitude: p.coordinate.longitude + eastShift / (6_371_008.8 * cos(p.coordinate.latitude * .pi / 180)) * 180 / .pi)
            let fix = PositionFix(time: t0.addingTimeInterval(Double(k) * 10), coordinate: c, altitude: p.elevation,
                                  horizontalAccuracy: 5, speed: nil, course: nil, mode: .threeD, satellitesUsed: 9, source: .replay)
            let update = session.receive(fix)
            guard update.decision == .accepted else { continue }
            checked += 1
            #expect(session.coverage.coveredLength <= session.distanceWalked + 1e-6,
                    "\(name) fix \(k): covered \(session.coverage.coveredLength) > walked \(session.distanceWalked)")
            #expect(session.coverage.coveredLength <= route.length + 1e-6)
            if let m = update.match {
                if let previous {
                    // Along never jumps: it moves by at most the step plus twice the corridor.
                    let step = Geodesy.distance(from: previous.coordinate, to: c)
                    #expect(abs(m.progress - previous.progress) <= step + 50,
                            "\(name) fix \(k): along moved \(m.progress - previous.progress) m for a \(step) m step")
                }
                previous = (m.progress, c)
            }
        }
        return (checked, session.coverage.coveredLength, session.distanceWalked, route.length)
    }

    @Test(arguments: files) func coveredNeverExceedsWalkedOnARealReplay(_ name: String) throws {
        let on = try replay(name, eastShift: 0)
        #expect(on.checked >= 40)
        // Walking the whole route covers nearly all of it (the last sample may wait for length).
        #expect(on.covered >= 0.9 * on.length, "\(name): covered \(on.covered) of \(on.length)")
        let beside = try replay(name, eastShift: 15)
        #expect(beside.checked >= 40)
        #expect(beside.covered <= beside.walked + 1e-6)
    }
}
