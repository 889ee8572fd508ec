import Foundation
import Testing
import TermUI
import TrailApp
import TrailCore
@testable import TrailMap

/// Readable at every zoom: what a wide view loads, how simplified it is, and labels that never
/// overlap (DECISIONS 105).
@Suite struct LevelOfDetailTests {
    func store(_ file: String) throws -> (MapStore, BoundingBox) {
        let s = try TestSupport.freshStore()
        let r = try s.importOSM(path: file, importedAt: TestSupport.importTime)
        return (s, try #require(r.coverage.first))
    }

    func checkWideAndClose(_ file: String) throws {
        let (s, whole) = try store(file)
        let z10 = try s.features(in: whole, zoom: 10)
        let classes10 = Set(z10.map(\.featureClass))
        #expect(!z10.isEmpty && classes10.isDisjoint(with: [.path, .footway, .steps, .track, .spring]), "\(classes10)")
        // Peaks at country zoom: only the highest (ele from 2900 m).
        for p in z10 where p.featureClass == .peak {
            #expect((Double(p.tags["ele"] ?? "") ?? 0) >= 2900, "\(p.id)")
        }
        // Close up, the footpaths are there.
        let centre = Coordinate(latitude: (whole.minLatitude + whole.maxLatitude) / 2,
                                longitude: (whole.minLongitude + whole.maxLongitude) / 2)
        let street = WebMercator.viewBounds(center: centre, zoom: 14, widthPixels: 1600, heightPixels: 960)
        let z16 = Set(try s.features(in: street, zoom: 16).map(\.featureClass))
        #expect(z16.contains(.path) && z16.contains(.footway))
        // Simplified for the zoom: the same features, far fewer vertices, ends kept.
        let z12 = try s.features(in: whole, zoom: 12)
        let full = Dictionary(uniqueKeysWithValues: try s.features(in: whole, zoom: 12, includeNodeIDs: true).map { ($0.id, $0) })
        var simplified = 0, original = 0
        for f in z12 where f.kind != .point {
            let g = try #require(full[f.id])
            #expect(f.parts.count == g.parts.count && f.parts.first?.first == g.parts.first?.first && f.parts.last?.last == g.parts.last?.last)
            simplified += f.parts.reduce(0) { $0 + $1.count }
            original += g.parts.reduce(0) { $0 + $1.count }
        }
        print("\((file as NSString).lastPathComponent): z12 vertices \(simplified) of \(original)")
        #expect(simplified * 2 < original)
    }

    @Test func wideViewsLeaveOutFootpathsAndSimplify() throws {
        try checkWideAndClose(TestSupport.fixture("andorra-ordino.osm.pbf"))
    }

    @Test func wholeAndorraAtZ10AndZ16() throws {
        guard let pbf = TestSupport.sharedData("osm/WorldKG-andorra-latest-2021-06-22.osm.pbf") else { return }
        try checkWideAndClose(pbf)
    }

    @Test func labelBoxesNeverOverlapEachOtherOrTheRoute() {
        var placer = MapLabelPlacer(width: 120, height: 40)
        // A route line across the middle row is blocked.
        placer.block(Rect(x: 0, y: 20, width: 120, height: 1))
        var state: UInt64 = 42
        for i in 0..<400 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let x = Int(state >> 33) % 120, y = Int(state >> 13) % 40
            let kinds: [MapLabelPlacer.AnchorKind] = [.symbol, .line, .place]
            placer.place("Label number \(i)", anchorX: x, anchorY: y, kind: kinds[i % 3])
        }
        let rects = placer.placed.map(\.rect)
        #expect(rects.count > 20)
        for (i, a) in rects.enumerated() {
            #expect(a.intersection(Rect(x: 0, y: 20, width: 120, height: 1)).isEmpty)
            for b in rects[(i + 1)...] { #expect(a.intersection(b).isEmpty, "\(a) \(b)") }
        }
    }
}
