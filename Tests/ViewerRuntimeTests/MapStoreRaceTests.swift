import CairnTestSupport
import Foundation
import Testing
import TrailCore
import TrailMap
@testable import ViewerRuntime
@testable import TrailApp

/// Opening a hike while the maps on screen load their basemaps: the hike screen's ground survey
/// reads the map store (its data stamp, the ways under the line) while the basemap reads the
/// same map store for the view. Both must go through the map store's one serial accessor. Run
/// under ThreadSanitizer (`make test-tsan SANITIZER_FILTER=MapStoreRaceTests`): a map
/// connection whose prepared-statement cache is filled from two queues is reported as a race
/// (SQLite itself is not instrumented, so the cache is what TSan can see; a fresh viewer each
/// round fills it again).
@Suite struct MapStoreRaceTests {
    @Test func openingHikesWhileBasemapsLoadSharesNoMapConnectionAcrossQueues() throws {
        // The Samples map (Andorra) and a hike elsewhere (Mojstrovka): the survey finds no mapped
        // stretch, so it is not cached and every opening reads the map's ways.
        let f = try EffectPerformerTests.Fixture()
        defer { f.remove() }
        let mapPath = f.dir.appendingPathComponent("map.sqlite").path
        do {
            let store = try MapStore(path: mapPath)
            try store.importOSM(path: TestSupport.samples.appendingPathComponent("andorra-ordino.osm").path,
                                importedAt: Date(timeIntervalSince1970: 1_700_000_000))
        }
        guard case .importPlanLoaded(let path, let plan, _) = f.run(.readImportFile(path: EffectPerformerTests.sample)).first else {
            Issue.record("no plan"); return
        }
        f.run(.importFile(path: path, candidates: plan.defaultSelection))
        guard case .hikesLoaded(let list) = f.run(.loadHikes(.date)).first, let hike = list.first else {
            Issue.record("no list"); return
        }
        let v = MapViewport(center: Coordinate(latitude: 42.6225, longitude: 1.5365), zoom: 15, width: 60, height: 20)
        for round in 1...30 {
            // A viewer of its own each round (its map connection opened afresh). Both effects
            // queued, then both answers awaited: nothing orders the two queues' work. The
            // basemap is queued a little later in some rounds, so it runs while the hike's
            // ground survey reads the map too, not only before.
            let performer = EffectPerformer(storePath: f.dir.appendingPathComponent("hikes.sqlite").path, mapPath: mapPath,
                                            now: { Date(timeIntervalSince1970: 1_700_000_000) },
                                            speech: SpeechOutput(environment: [:]), terminal: .init(bell: {}, suspend: {}))
            let m = AnswerRecorder<AppMessage>()
            performer.perform(.library(.loadHike(hike.id, forPreview: false))) { m.append($0) }
            usleep(UInt32([0, 1_000, 3_000, 6_000, 10_000][round % 5]))
            performer.perform(.loadBasemap(request: round, v)) { m.append($0) }
            let answers = m.wait { $0.count >= 2 }
            performer.drain()
            var opened = false, drawn = false
            for answer in answers {
                if case .hikeLoaded(hike.id, let prepared, forPreview: false) = answer {
                    opened = prepared.pointCount == hike.statistics.pointCount
                }
                if case .basemapLoaded(round, let basemap) = answer { drawn = !basemap.items.isEmpty }
            }
            #expect(opened && drawn, "round \(round): \(answers)")
        }
    }
}
