import Foundation
import Testing
import TrailCore
import TrailStore

/// `cairn show` while a map import has only just created the map file (newcomer of stop 44:
/// "empty file, not a Cairn map store yet" failed the command): such a file is no map yet,
/// as a missing one, and the hike is shown.
@Suite struct MapBeingCreatedTests {
    @Test func showWorksWhileTheMapFileIsStillEmpty() throws {
        let dir = makeTempDirectory("show-empty-map")
        let store = dir + "/hikes.sqlite", map = dir + "/map.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", store]).status == 0)
        let id = try #require(try HikeStore(path: store).summaries().first?.id)
        #expect(FileManager.default.createFile(atPath: map, contents: Data()))
        let shown = cairn(["show", id.rawValue, "--store", store, "--map", map])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Mojstrovka") || shown.stdout.contains(id.rawValue), "\(shown.stdout)")
    }
}
