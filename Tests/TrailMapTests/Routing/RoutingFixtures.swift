import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// Map stores for the routing tests, imported once per test run and opened per test (a
/// ``MapStore`` is one connection, not shared between threads).
enum RoutingFixtures {
    /// The map file made from `Samples/andorra-ordino.osm`.
    static let samplePath: String = imported(TestSupport.sampleExtract)!

    /// The map file made from the east clip of ../shared/data, or nil (notice printed) when absent.
    static let eastPath: String? = TestSupport.sharedData("osm/WorldKG-andorra-2021-east-clip.osm").flatMap(imported)

    private static func imported(_ osm: String) -> String? {
        let path = TestSupport.tempDirectory().appendingPathComponent("map.sqlite").path
        do {
            let store = try MapStore(path: path)
            try store.importOSM(path: osm, importedAt: TestSupport.importTime)
            return path
        } catch {
            print("cannot import \(osm): \(error)")
            return nil
        }
    }

    /// A fresh connection to the sample map.
    static func sampleStore() throws -> MapStore { try MapStore(path: samplePath, readOnly: true) }

    /// Options that let every edge through (for "lies on a way" checks).
    static let everything = RouteOptions(maxSAC: .t6, allowViaFerrata: true)

    /// Metres from `c` to the nearest segment of any edge of `graph`.
    static func distanceToGraph(_ c: Coordinate, _ graph: WalkingGraph) -> Double {
        graph.snap(c, maxDistance: 50, options: everything)?.distance ?? .infinity
    }

    /// Every vertex of every edge of `graph`.
    static func vertexSet(_ graph: WalkingGraph) -> Set<Coordinate> {
        Set(graph.edges.indices.flatMap { graph.geometry(of: $0) })
    }
}

/// One case of Tests/TrailMapTests/Fixtures/route-reference.json (Tools/reference/route_reference.py).
struct ReferenceRoute {
    let name: String
    let file: String
    let from: Coordinate
    let to: Coordinate
    let maxSAC: SACScale
    let viaFerrata: Bool
    let routed: Bool
    let reason: String?
    let length: Double
    let ways: [Int64]
    let hardestGrade: Int

    static func load() throws -> [ReferenceRoute] {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("route-reference.json")))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(root["cases"] as? [[String: Any]])
        return try cases.map { c in
            let from = try #require(c["from"] as? [Double]), to = try #require(c["to"] as? [Double])
            let cap = try #require(c["max_sac"] as? Int)
            return ReferenceRoute(name: try #require(c["name"] as? String), file: try #require(c["file"] as? String),
                                  from: Coordinate(latitude: from[0], longitude: from[1]),
                                  to: Coordinate(latitude: to[0], longitude: to[1]),
                                  maxSAC: try #require(SACScale(rawValue: cap)),
                                  viaFerrata: try #require(c["via_ferrata"] as? Bool), routed: try #require(c["routed"] as? Bool),
                                  reason: c["reason"] as? String, length: try #require(c["length_m"] as? Double),
                                  ways: (c["ways"] as? [NSNumber])?.map(\.int64Value) ?? [],
                                  hardestGrade: (c["hardest_grade"] as? Int) ?? 0)
        }
    }
}
