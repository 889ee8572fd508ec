import Foundation
import Testing
import TrailCore
import TrailFormats
@testable import TrailStore

/// `cairn backtrack ID`: the way back of a recording still running (read from its stored rows)
/// or of any hike, as GPX and as a drawn hike.
@Suite struct RecordBacktrackCommandTests {
    func fix(_ i: Int) -> PositionFix {
        // 40 fixes 15 m apart on a 90° bend.
        let c = Coordinate(latitude: 46.5, longitude: 7.5).coordinate(at: 200, bearing: Double(i) * 15 / 200 * 180 / .pi)
        return PositionFix(time: Date(timeIntervalSince1970: 1_714_557_600 + Double(i) * 10), coordinate: c,
                           altitude: 1200 + Double(i), horizontalAccuracy: 4, source: .gpsd)
    }

    @Test func wayBackOfARecordingInProgress() throws {
        let dir = makeTempDirectory("backtrack")
        let storePath = dir + "/hikes.sqlite", gpx = dir + "/back.gpx"
        let store = try HikeStore(path: storePath)
        let rec = try Recorder(store: store, name: "Bend", source: nil)
        for i in 0..<40 { try rec.receive(fix(i)) }
        let id = try #require(rec.hike)
        // Still recording: the hike row holds only the first point; the rows hold all 40.
        let run = cairn(["backtrack", id.rawValue, "-o", gpx, "--save", "Back to the car", "--store", storePath])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("from 40, Douglas-Peucker 10 m"))
        let doc = try GPXReader.read(url: URL(fileURLWithPath: gpx)).document
        let points = try #require(doc.routes.first?.points)
        let expected = rec.session.backtrackPoints()
        // Exports write 7 decimals of degrees (DECISIONS 722): each point within 0.5e-7°.
        func near(_ a: Coordinate?, _ b: Coordinate) -> Bool {
            guard let a else { return false }
            return abs(a.latitude - b.latitude) <= 0.5e-7 + 1e-12 && abs(a.longitude - b.longitude) <= 0.5e-7 + 1e-12
        }
        #expect(points.count == expected.count && zip(points, expected).allSatisfy { near($0.coordinate, $1.coordinate) })
        #expect(near(points.first?.coordinate, fix(39).coordinate) && near(points.last?.coordinate, fix(0).coordinate))
        let saved = try HikeStore(path: storePath).summaries().first { $0.name == "Back to the car" }
        #expect(saved?.kind == .drawn && saved?.statistics.pointCount == expected.count)
        #expect(cairn(["backtrack", "zzzzzz", "--store", storePath]).status == 1)
    }
}
