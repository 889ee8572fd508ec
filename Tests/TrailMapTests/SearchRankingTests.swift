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
        #expect(names.count == 5)
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
