import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// A place search ranks what a walker means by a name (issue 34: "Soldeu" listed the ski lift
/// "TSD6 Pla de les Pedres Soldeu" above the village).
@Suite struct SearchRankingTests {
    func store() throws -> MapStore {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.fixture("search-ranking.osm"), importedAt: TestSupport.importTime)
        return store
    }

    @Test func exactNameAndSettlementsFirstLiftsAndRoadsLast() throws {
        let names = try store().search(name: "Soldeu").map(\.name)
        #expect(names.first == "Soldeu", "\(names)")
        // Without a reference point nothing is far: the two villages, the peak, hut, road, lift,
        // and the path twice (its three near pieces once, the piece 1,100 km away again).
        #expect(names.count == 8, "\(names)")
        let lift = try #require(names.firstIndex(of: "TSD6 Pla de les Pedres Soldeu"))
        let road = try #require(names.firstIndex(of: "Carretera de Soldeu"))
        let peak = try #require(names.firstIndex(of: "Tossal de Soldeu"))
        let hut = try #require(names.firstIndex(of: "Refugi de Soldeu"))
        #expect(peak < road && hut < road && road < lift, "\(names)")
    }

    @Test func nearAPointTheVillageStillComesFirst() throws {
        // The lift's bottom station (42.5700, 1.6650) is nearer than the village's node.
        let near = Coordinate(latitude: 42.5700, longitude: 1.6650)
        let found = try store().search(name: "soldeu", near: near)
        #expect(found.first?.name == "Soldeu", "\(found.map(\.name))")
        // Within a class, nearer first: the distance is the great-circle distance to the label.
        #expect(found.allSatisfy { $0.distance != nil })
    }

    /// Issue 34: near the drawing, the hamlet of the same name 1,100 km north comes after
    /// every near result (a prefix match, a lift), and the path mapped as three ways comes once.
    @Test func farPlacesComeLastAndPiecesOfOnePathOnce() throws {
        let near = Coordinate(latitude: 42.5700, longitude: 1.6650)
        let found = try store().search(name: "soldeu", near: near)
        let names = found.map(\.name)
        #expect(names.first == "Soldeu" && (found.first?.distance ?? .infinity) < 1_000, "\(names)")
        // 52.51 N is 9.94° of latitude north: about 1,105 km (R = 6,371 km: 6371 × 9.94 × π/180).
        // The far block is ranked as usual within itself: the hamlet (exact name), then the path.
        let far = Array(found.suffix(2))
        #expect(far.map(\.name) == ["Soldeu", "Cami de Soldeu"], "\(names)")
        #expect(abs((far[0].distance ?? 0) - 1_105_000) < 5_000, "\(far)")
        #expect(found.dropLast(2).allSatisfy { ($0.distance ?? .infinity) < MapStore.searchNearRadius })
        // The path: one near entry (of three ways) and the far piece.
        #expect(names.filter { $0 == "Cami de Soldeu" }.count == 2, "\(names)")
        #expect(found.filter { $0.name == "Cami de Soldeu" }.map { ($0.distance ?? 0) < 10_000 } == [true, false])
    }

    @Test func matchAndTier() {
        #expect(SearchRank.match(["soldeu"], "Soldeu") == 0)
        #expect(SearchRank.match(["pla", "de"], "Pla de les Pedres") == 1)
        #expect(SearchRank.match(["sold"], "Soldeu") == 1)
        #expect(SearchRank.match(["soldeu"], "TSD6 Pla de les Pedres Soldeu") == 2)
        #expect(SearchRank.match(["encamp"], "Éncamp") == 0)  // accents ignored
        #expect(SearchRank.tier(.place) < SearchRank.tier(.peak))
        #expect(SearchRank.tier(.hut) < SearchRank.tier(.path))
        #expect(SearchRank.tier(.path) < SearchRank.tier(.secondaryRoad))
        #expect(SearchRank.tier(.secondaryRoad) < SearchRank.tier(.aerialway))
    }
}
