import CairnTestSupport
@testable import CairnCLI
import Foundation
import Testing
import TrailCore
import TrailMap
import TrailStore

/// A cached ground survey knows which map data it came from (``MapStore/dataStamp()``): after
/// `cairn map remove` / `map import` it is measured again (DECISIONS.md 283); and the kept
/// line from `cairn match --keep` is what `show`, `list` and `export` give.
@Suite struct GroundRefreshTests {
    let s = GroundSharesTests()

    @Test func aSurveyIsMeasuredAgainWhenTheMapDataChanges() throws {
        let dir = TestSupport.tempDirectory()
        #expect(s.run(["import", TestSupport.fixture("ground-serrat-tristaina.gpx"), "--store", "h.sqlite"], dir: dir).code == 0)
        #expect(s.run(["map", "import", TestSupport.sampleExtract, "--map", "m.sqlite"], dir: dir).code == 0)
        let store = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
        let id = try #require(try store.summaries(sortedBy: .name, reversed: false).first?.id)
        let show = ["show", id.rawValue, "--json", "--store", "h.sqlite", "--map", "m.sqlite"]
        #expect(s.run(show, dir: dir).out.contains("\"ground\""))
        let first = try #require(try store.groundSurvey(of: id))
        let map = try MapStore(path: dir.appendingPathComponent("m.sqlite").path, readOnly: true)
        #expect(first.mapStamp == (try map.dataStamp()))
        #expect(first.mapStamp?.isEmpty == false)
        // The extract removed: the store has no data now, the stale survey goes.
        let name = (TestSupport.sampleExtract as NSString).lastPathComponent
        let removed = s.run(["map", "remove", name, "--map", "m.sqlite"], dir: dir)
        #expect(removed.code == 0, "\(removed.err)")
        #expect(try map.dataStamp() == "")
        #expect(!s.run(show, dir: dir).out.contains("\"ground\""))
        #expect(try store.groundSurvey(of: id) == nil)
        // Imported again: measured again, with the stamp of the store now.
        #expect(s.run(["map", "import", TestSupport.sampleExtract, "--map", "m.sqlite"], dir: dir).code == 0)
        #expect(s.run(show, dir: dir).out.contains("\"ground\""))
        let again = try #require(try store.groundSurvey(of: id))
        #expect(again.mapStamp == (try map.dataStamp()))
        // A survey from before the stamp (NULL) counts as stale too: measured again.
        try store.connection.run("UPDATE ground_surveys SET map_stamp = NULL, tags = ?", [.blob(Array(repeating: 0, count: again.tags.count))])
        #expect(s.run(show, dir: dir).code == 0)
        #expect(try store.groundSurvey(of: id)?.tags == again.tags)
    }

    @Test func matchKeepStoresTheMatchedLineAndRawUndoesIt() throws {
        let dir = TestSupport.tempDirectory()
        let gpx = TestSupport.repoRoot.appendingPathComponent("Samples/graphhopper-andorra_for_map_matching.gpx").path
        #expect(s.run(["import", gpx, "--store", "h.sqlite"], dir: dir).code == 0)
        let store = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
        let id = try #require(try store.summaries(sortedBy: .name, reversed: false).first?.id)
        let raw = try store.tracks(of: id)
        let args = ["--store", "h.sqlite", "--map", RoutingFixtures.samplePath]
        let json = s.run(["match", id.rawValue, "--json"] + args, dir: dir)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let matchedLength = try #require(root["matchedLength"] as? Double)
        let kept = s.run(["match", id.rawValue, "--keep", "matched"] + args, dir: dir)
        #expect(kept.code == 0, "\(kept.err)")
        #expect(kept.out.contains("kept as version 1"))
        #expect(try store.keptLineVersion(of: id) == 1)
        // The hike now measures the matched line (the sample matches whole: no raw pieces).
        #expect(abs(try store.summary(id).statistics.distance - matchedLength) < 0.5)
        #expect(try store.tracks(of: id, line: .raw) == raw)
        let exported = s.run(["export", id.rawValue, "--store", "h.sqlite"], dir: dir).out
        let exportedRaw = s.run(["export", id.rawValue, "--line", "raw", "--store", "h.sqlite"], dir: dir).out
        #expect(exportedRaw.components(separatedBy: "<trkpt").count - 1 == 21)
        #expect(exported.components(separatedBy: "<trkpt").count - 1 == (try store.tracks(of: id)).flatMap(\.segments).flatMap(\.points).count)
        #expect(exported != exportedRaw)
        #expect(s.run(["export", id.rawValue, "--line", "wobbly", "--store", "h.sqlite"], dir: dir).code == 2)
        let undo = s.run(["match", id.rawValue, "--keep", "raw", "--store", "h.sqlite"], dir: dir)
        #expect(undo.code == 0)
        #expect(try store.keptLineVersion(of: id) == 0)
        #expect(try store.tracks(of: id) == raw)
        #expect(s.run(["match", id.rawValue, "--keep", "both"] + args, dir: dir).code == 2)
    }
}
