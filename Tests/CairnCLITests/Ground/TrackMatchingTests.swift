import CairnTestSupport
@testable import CairnCLI
import Foundation
import HikeServices
import Testing
import TrailCore
import TrailFormats
import TrailStore
@testable import TrailMap

/// Trail matching on real recordings (issue 16): the Andorra tracks of ../shared/data lie on
/// mapped paths (data/SOURCES.md §3: median 2.8-5.2 m, 91-99 % of points within 25 m), the
/// sample track on the sample map; and `cairn match` from the shell.
@Suite struct TrackMatchingTests {
    static let eastTracks = ["adrutas-180429_a2.gpx", "adrutas-180429_b.gpx", "adrutas-180430_a.gpx", "adrutas-180430_b.gpx"]

    func check(_ segments: [[Coordinate]], map: MapStore, minimumShare: Double, name: String) throws {
        let m = try #require(try HikeMatching.match(segments: segments, map: map))
        let raw = HikeMatching.length(segments)
        #expect(m.matchedShare >= minimumShare, "\(name): matched \(m.matchedShare)")
        // The matched line drops the zig-zag of the GPS noise but follows the same walk.
        #expect(m.length > raw * 0.9 && m.length < raw * 1.1, "\(name): \(m.length) m matched vs \(raw) m recorded")
        // Every vertex of a matched piece lies on a walkable way.
        let box = try #require(BoundingBox(covering: segments.flatMap { $0 }))
        let graph = try WalkingGraph.build(store: map, box: BoundingBox(minLatitude: box.minLatitude - 0.001,
            minLongitude: box.minLongitude - 0.0015, maxLatitude: box.maxLatitude + 0.001, maxLongitude: box.maxLongitude + 0.0015))
        let all = RouteOptions(maxSAC: .t6, allowViaFerrata: true)
        let off = m.pieces.filter(\.isMatched).flatMap(\.coordinates).filter {
            (graph.snap($0, maxDistance: 1, options: all)?.distance ?? 99) > 0.05
        }
        #expect(off.isEmpty, "\(name): \(off.count) matched vertices off the ways")
        // Pieces cover every point once; raw pieces keep the recording.
        #expect(m.pieces.reduce(0) { $0 + $1.points.count } == m.pointCount)
        let flat = segments.flatMap { $0 }
        for p in m.pieces where !p.isMatched { #expect(p.coordinates == Array(flat[p.points])) }
        // A section's raw line is the recording between its ends.
        for s in m.sections { #expect(s.raw == Array(flat[s.points])) }
    }

    @Test func andorraRecordingsMatchOntoThePaths() throws {
        guard let mapPath = GroundSharesTests.eastMap else { return }
        let map = try MapStore(path: mapPath, readOnly: true)
        let dir = TestSupport.repoRoot.deletingLastPathComponent().appendingPathComponent("shared/data/gpx-unlicensed")
        for name in Self.eastTracks {
            let path = dir.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path) else {
                print("skipped: \(name) not found")
                continue
            }
            try check(try GroundSharesTests.segments(path), map: map, minimumShare: 0.9, name: name)
        }
    }

    @Test func sampleTrackMatchesWhole() throws {
        let segments = try GroundSharesTests.segments(TestSupport.repoRoot.appendingPathComponent(
            "Samples/graphhopper-andorra_for_map_matching.gpx").path)
        let map = try MapStore(path: RoutingFixtures.samplePath, readOnly: true)
        try check(segments, map: map, minimumShare: 1, name: "graphhopper sample")
    }

    @Test func matchCommandListsSections() throws {
        let dir = TestSupport.tempDirectory()
        let gpx = TestSupport.repoRoot.appendingPathComponent("Samples/graphhopper-andorra_for_map_matching.gpx").path
        let s = GroundSharesTests()
        #expect(s.run(["import", gpx, "--store", "h.sqlite"], dir: dir).code == 0)
        let store = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
        let id = try #require(try store.summaries(sortedBy: .name, reversed: false).first?.id)
        let r = s.run(["match", id.rawValue, "--json", "--store", "h.sqlite", "--map", RoutingFixtures.samplePath], dir: dir)
        #expect(r.code == 0, "\(r.err)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(root["matchedShare"] as? Double == 1)
        #expect(root["pointCount"] as? Int == 21)
        #expect(root["sections"] is [Any])
        let text = s.run(["match", id.rawValue, "--store", "h.sqlite", "--map", RoutingFixtures.samplePath], dir: dir)
        #expect(text.out.contains("matched 100.0 % of 21 points"))
        let noMap = s.run(["match", id.rawValue, "--store", "h.sqlite", "--map", "absent.sqlite"], dir: dir)
        #expect(noMap.code == 1 && noMap.err.contains("no map"))
        // --json with --keep is refused in words (it was ignored: text came out), nothing kept.
        let keepJSON = s.run(["match", id.rawValue, "--keep", "matched", "--json", "--store", "h.sqlite",
                              "--map", RoutingFixtures.samplePath], dir: dir)
        #expect(keepJSON.code == 2 && keepJSON.err.contains("--json prints the match (without --keep)"), "\(keepJSON.err)")
        #expect(try HikeStore(path: dir.appendingPathComponent("h.sqlite").path).lineVersions(of: id).isEmpty)
    }
}
