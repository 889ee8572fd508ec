import CairnTestSupport
import Foundation
import HikeServices
import Testing
import TermUI
import TrailCore
import TrailMap
@testable import TrailApp

/// The hike screen over the shipped OSM sample (Samples/andorra-ordino.osm, imported into a
/// temporary map store) with the Samples track that lies inside it.
@Suite struct SampleMapTests {
    let env = TestSupport.environment()

    func store() throws -> MapStore {
        let dir = NSTemporaryDirectory() + "cairn-samplemap-\(UUID().uuidString)"
        let store = try MapStore(path: dir + "/map.sqlite")
        try store.importOSM(path: TestSupport.samples.appendingPathComponent("andorra-ordino.osm").path,
                            importedAt: Date(timeIntervalSince1970: 1_700_000_000))
        return store
    }

    func screen(_ store: MapStore, size: (Int, Int), zoom: Double?, scrub: Double) throws -> (Buffer, HikeScreenView.Frame, HikeScreenState) {
        let hike = try TestSupport.sampleHike("graphhopper-andorra_for_map_matching.gpx")
        let area = Rect(x: 0, y: 0, width: size.0, height: size.1)
        let layout = HikeScreenLayout(area: area)
        var state = HikeScreenState(hike: hike, mapWidth: layout.map.width, mapHeight: layout.map.height)
        if let zoom { state.viewport.zoom = zoom }
        state.scrub(toFraction: scrub)
        state.basemap = try MapBasemap.load(from: store, viewport: state.viewport.resized(width: layout.map.width, height: layout.map.height))
        var buffer = Buffer(area: area)
        let frame = HikeScreenView.render(state: state, environment: env, into: &buffer)
        return (buffer, frame, state)
    }

    @Test func screenOverTheSampleExtract() throws {
        let s = try store()
        let (buffer, frame, state) = try screen(s, size: (120, 40), zoom: 13.5, scrub: 0.3)
        let text = buffer.textDump()
        #expect(frame.map.basemapDrawn && frame.map.attribution?.text == "© OpenStreetMap contributors")
        #expect(!text.contains("No map data here"))
        #expect(frame.map.labels.contains { $0.text == "el Serrat" }, "the village the track passes")
        for (i, a) in frame.map.labels.enumerated() {
            for b in frame.map.labels[(i + 1)...] { #expect(!a.rect.intersects(b.rect)) }
            for x in a.rect.x..<a.rect.maxX { #expect(!frame.map.routeCells.contains(.init(x: x, y: a.rect.y))) }
        }
        // Scrub marker on the projected point of the track.
        let vp = state.viewport.resized(width: frame.layout.map.width, height: frame.layout.map.height)
        let cell = try #require(vp.cell(state.hike.coordinates[state.scrubIndex]))
        #expect(frame.map.markerCell == .init(x: frame.layout.map.x + cell.x, y: frame.layout.map.y + cell.y))
        Snapshot.check(buffer, named: "screen-ordino-z13.5-120x40")
    }

    @Test func fittedMapSnapshot() throws {
        let s = try store()
        let (buffer, frame, _) = try screen(s, size: (100, 30), zoom: nil, scrub: 0.8)
        #expect(frame.map.startCell != nil && frame.map.finishCell != nil)
        Snapshot.check(buffer, named: "screen-ordino-fit-100x30")
    }

    @Test func widerViewShowsPeaks() throws {
        let s = try store()
        let (buffer, frame, _) = try screen(s, size: (160, 50), zoom: 12.2, scrub: 0)
        #expect(buffer.textDump().contains("▲"))
        // At z12 paths, tracks and streams are not labelled (DECISIONS 183): places and peaks are.
        #expect(frame.map.labels.count >= 5)
        Snapshot.check(buffer, named: "screen-ordino-z12.2-160x50")
    }
}
