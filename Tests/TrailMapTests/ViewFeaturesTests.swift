import Foundation
import Testing
import TermUI
import TrailApp
import TrailCore
@testable import TrailMap

/// The flat view result (``ViewFeatures``, DECISIONS 1010) holds what the per-feature decoding
/// of the same store gives: the reference is a map-4 twin of the store (the view records
/// removed, ``ViewRecordTests/makeMap4(_:)``), whose query decodes each row's class, kind, box,
/// tags and geometry columns into a ``MapFeature`` on its own code path; and the map drawn
/// from the flat result is the map drawn from those features, cell for cell.
@Suite struct ViewFeaturesTests {
    func twins(_ file: String) throws -> (flat: MapStore, perFeature: MapStore, whole: BoundingBox) {
        let fresh = try TestSupport.freshStore()
        let report = try fresh.importOSM(path: file, importedAt: TestSupport.importTime)
        let old = try TestSupport.freshStore()
        try old.importOSM(path: file, importedAt: TestSupport.importTime)
        try ViewRecordTests().makeMap4(old)
        let map4 = try MapStore(path: old.path, readOnly: true)
        #expect(fresh.hasViewRecords && !map4.hasViewRecords)
        return (fresh, map4, try #require(report.coverage.first))
    }

    func frame(_ basemap: MapBasemap, _ viewport: MapViewport) -> Buffer {
        let env = WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric))
        var buffer = Buffer(width: viewport.width, height: viewport.height)
        _ = MapWidget(viewport: viewport, basemap: basemap, environment: env)
            .render(area: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height), into: &buffer)
        return buffer
    }

    func compare(_ file: String, zooms: [Int]) throws {
        let (flat, perFeature, whole) = try twins(file)
        var compared = 0, vertices = 0
        for zoom in zooms {
            for box in [whole, WebMercator.viewBounds(center: whole.center, zoom: Double(zoom), widthPixels: 400, heightPixels: 240)] {
                let view = try flat.viewFeatures(in: box, zoom: zoom)
                let reference = Dictionary(uniqueKeysWithValues: try perFeature.features(in: box, zoom: zoom).map { ($0.id, $0) })
                #expect(view.count == reference.count && Set(view.ids) == Set(reference.keys), "z\(zoom): the same features")
                #expect(view.geometryEnds.count == view.count + 1 && view.geometryEnds.last == view.geometry.count)
                for i in 0..<view.count {
                    let f = try #require(reference[view.ids[i]])
                    #expect(view.classes[i] == f.featureClass && view.kinds[i] == f.kind && view.minZooms[i] == f.minZoom
                            && view.completes[i] == f.isComplete && view.bounds[i] == f.bounds, "\(f.id)")
                    #expect(view.tags(i) == f.tags && view.tags(i)["name"] == f.name, "\(f.id): tags")
                    let parts = try #require(view.coordinates(i))
                    #expect(parts == f.parts.arrays, "\(f.id): parts")
                    // Decoded and projected in one pass: each point is the projection of the decoded coordinate.
                    #expect(view.unitParts(i) == parts.map { $0.map(WebMercator.unitPoint) }, "\(f.id): projected")
                    #expect(view.feature(i) == f)
                    vertices += parts.reduce(0) { $0 + $1.count }
                }
                compared += view.count
            }
            let viewport = MapViewport(center: whole.center, zoom: Double(zoom), width: 120, height: 40)
            let (box, z) = MapBasemap.queryArea(for: viewport)
            let a = MapBasemap(view: try flat.viewFeatures(in: box, zoom: z), coverageAreas: [whole], bounds: box, zoom: z)
            let b = MapBasemap(features: try perFeature.features(in: box, zoom: z), coverageAreas: [whole], bounds: box, zoom: z)
            #expect(a.items.count == b.items.count && a.labels.map(\.text) == b.labels.map(\.text))
            #expect(frame(a, viewport) == frame(b, viewport), "z\(zoom): the same frame")
            #expect(zip(a.items, b.items).allSatisfy { $0.id == $1.id && $0.anchor == $1.anchor && $0.parts == $1.parts })
        }
        print("\((file as NSString).lastPathComponent): \(compared) features, \(vertices) vertices compared")
        #expect(compared > 500 && vertices > compared)
    }

    @Test func flatResultEqualsPerFeatureDecodingOnTheFixture() throws {
        try compare(TestSupport.fixture("andorra-ordino.osm.pbf"), zooms: [10, 12, 14, 15, 16, 17])
    }

    @Test func flatResultEqualsPerFeatureDecodingOnAndorra() throws {
        guard let file = TestSupport.sharedData("osm/WorldKG-andorra-latest-2021-06-22.osm.pbf") else { return }
        try compare(file, zooms: [12, 16])
    }

    /// Node ids stay aligned with the parts; an empty class set asks nothing; a feature made
    /// elsewhere survives the flat layout unchanged.
    @Test func nodeIDsClassesAndFeaturesLaidOutFlat() throws {
        let (flat, perFeature, whole) = try twins(TestSupport.fixture("andorra-ordino.osm.pbf"))
        let view = try flat.viewFeatures(in: whole, zoom: 14, includeNodeIDs: true)
        let reference = Dictionary(uniqueKeysWithValues: try perFeature.features(in: whole, zoom: 14, includeNodeIDs: true).map { ($0.id, $0) })
        #expect(view.nodeIDs.count == view.count && view.nodeIDs.contains { $0 != nil })
        for i in 0..<view.count { #expect(view.nodeIDs[i] == reference[view.ids[i]]?.nodeIDs) }
        #expect(try flat.viewFeatures(in: whole, zoom: 14, classes: []).count == 0)
        let paths = try flat.viewFeatures(in: whole, zoom: 14, classes: [.path])
        #expect(paths.count > 0 && paths.classes.allSatisfy { $0 == .path })
        let made = MapFeature(id: MapFeatureID(type: .way, osmID: 7), featureClass: .path, kind: .line,
                              parts: [[Coordinate(latitude: 42.5, longitude: 1.5), Coordinate(latitude: 42.6, longitude: 1.6)], []],
                              tags: ["name": "Camí \"de\" la Font"], minZoom: 13,
                              bounds: BoundingBox(minLatitude: 42.5, minLongitude: 1.5, maxLatitude: 42.6, maxLongitude: 1.6),
                              isComplete: false)
        let laid = ViewFeatures([made, made])
        #expect(laid.count == 2 && laid.features == [made, made] && laid.coordinates(1) == made.parts.arrays && laid.nodeIDs.isEmpty)
        #expect(laid.unitParts(0)?[0][1] == WebMercator.unitPoint(Coordinate(latitude: 42.6, longitude: 1.6)))

        // A damaged geometry blob is left out by every reader, the other features kept.
        var damaged = view
        let cut = damaged.geometryEnds[1] - 1
        damaged.geometry[damaged.geometryEnds[0] ..< cut] = [0x05][...] + Array(repeating: 0xff, count: cut - damaged.geometryEnds[0] - 1)[...]
        #expect(damaged.coordinates(0) == nil && damaged.unitParts(0) == nil && damaged.feature(0) == nil)
        #expect(damaged.features.count == view.count - 1 && damaged.features.map(\.id) == Array(view.ids.dropFirst()))
        let basemap = MapBasemap(view: damaged, coverageAreas: [whole], bounds: whole, zoom: 14)
        #expect(!basemap.items.contains { $0.id == view.ids[0] } && !basemap.items.isEmpty)
    }
}
