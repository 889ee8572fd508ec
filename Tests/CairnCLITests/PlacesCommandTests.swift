import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// `cairn places`, `places add`, `places remove` on the demo hike over the sample map.
@Suite struct PlacesCommandTests {
    func demo() throws -> (store: String, id: String) {
        let store = makeTempDirectory("places") + "/hikes.sqlite"
        let r = cairn(["import", "--store", store, "Samples/cairn-route-serrat-sorteny.gpx"])
        #expect(r.status == 0, "\(r.stderr)")
        return (store, try idsInInsertOrder(store)[0].rawValue)
    }

    @Test func listsInWalkingOrderFiltersAndWidens() throws {
        let (store, id) = try demo()
        let map = RoutingFixtures.samplePath
        let huts = cairn(["places", id, "--store", store, "--map", map, "--kind", "hut"])
        #expect(huts.status == 0, "\(huts.stderr)")
        let names = ["Cabana de Besalí", "Refugi de Rialb", "Refugi Borda de Sorteny"]
        let at = names.compactMap { huts.stdout.range(of: $0)?.lowerBound }
        #expect(at.count == 3 && at == at.sorted(), "walking order:\n\(huts.stdout)")
        #expect(!huts.stdout.contains("Pic de Besalí"))
        // Peaks: none within the default 1 km, Pic de Besalí within 2 km (1.04 km off).
        #expect(cairn(["places", id, "--store", store, "--map", map, "--kind", "peak"]).stdout.contains("No places within"))
        let wide = cairn(["places", id, "--store", store, "--map", map, "--kind", "peak", "--within", "2km", "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(wide.stdout.utf8)) as? [[String: Any]] ?? []
        let besali = try #require(items.first { $0["osmId"] as? String == "node/3947873430" })
        #expect(abs((besali["off"] as? Double ?? 0) - 1038.6) < 1 && besali["kind"] as? String == "peak")
        // The config file's places.within is the default radius.
        let config = makeTempDirectory("places-config")
        try FileManager.default.createDirectory(atPath: config + "/cairn", withIntermediateDirectories: true)
        try "places.within = 2km\n".write(toFile: config + "/cairn/config", atomically: true, encoding: .utf8)
        let configured = cairn(["places", id, "--store", store, "--map", map, "--kind", "peak"], environment: ["XDG_CONFIG_HOME": config])
        #expect(configured.stdout.contains("Pic de Besalí"))
        #expect(cairn(["places", id, "--store", store, "--map", map, "--kind", "castle"]).status == 2)
        #expect(cairn(["places", id, "--store", store, "--map", map, "--within", "far"]).status == 2)
    }

    @Test func addRemoveAndExport() throws {
        let (store, id) = try demo()
        let map = RoutingFixtures.samplePath
        let add = cairn(["places", "add", id, "node/3947873430", "--store", store, "--map", map])
        #expect(add.status == 0 && add.stdout.contains("peak Pic de Besalí"), "\(add.stderr)")
        #expect(cairn(["places", "add", id, "node/3947873430", "--store", store, "--map", map]).status == 1)
        #expect(cairn(["places", "add", id, "way/1", "--store", store, "--map", map]).status == 1)
        let own = cairn(["places", "add", id, "--at", "42.63,1.55", "--name", "Lunch", "--kind", "viewpoint", "--note", "flat", "--store", store])
        #expect(own.status == 0)
        let listed = cairn(["places", id, "--added", "--store", store])
        #expect(listed.stdout.contains("*#") && listed.stdout.contains("Lunch") && listed.stdout.contains("2 added"))
        let gpx = cairn(["export", id, "--store", store]).stdout
        #expect(gpx.contains("<name>Pic de Besalí</name>") && gpx.contains("<desc>flat</desc>") && gpx.contains("<type>viewpoint</type>"))
        #expect(cairn(["places", "remove", id, "node/3947873430", "#999999", "--store", store]).status == 1)
        #expect(cairn(["places", "remove", id, "node/3947873430", "--store", store]).status == 0)
        #expect(!cairn(["export", id, "--store", store]).stdout.contains("Pic de Besalí"))
    }

    /// Heights for places without an `ele` tag from the imported SRTM tile, marked as the
    /// terrain's. Expected values: bilinear interpolation of the four SRTM3 samples around the
    /// place, computed in Python straight from Samples/N42E001.hgt.zip (big-endian int16, 1201
    /// rows from 43° N down; row = (43 − lat)·1200, column = (lon − 1)·1200): el Serrat
    /// (node/64954451, 42.6195784 N 1.5388976 E) 1593.332 m, Cabana de Besalí (way/391568717,
    /// box centre 42.62908135 N 1.5375383 E) 2085.993 m; stored to 0.1 m.
    @Test func heightsFromTheTerrainWhereNoneIsTagged() throws {
        let (store, id) = try demo()
        let map = RoutingFixtures.samplePath
        let dem = makeTempDirectory("places-dem")
        #expect(cairn(["dem", "import", "--dem", dem, "Samples/N42E001.hgt.zip"]).status == 0)
        let r = cairn(["places", id, "--store", store, "--map", map, "--dem", dem, "--kind", "hut,village", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let items = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        func item(_ osm: String) throws -> [String: Any] { try #require(items.first { $0["osmId"] as? String == osm }) }
        #expect(try item("node/64954451")["elevation"] as? Double == 1593.3)
        #expect(try item("node/64954451")["elevationSource"] as? String == "terrain")
        #expect(try item("way/391568717")["elevation"] as? Double == 2086.0)
        // Tagged heights stay as tagged (Refugi de Rialb: ele=2020).
        #expect(try item("way/407683520")["elevation"] as? Double == 2020)
        #expect(try item("way/407683520")["elevationSource"] as? String == "tagged")
        let text = cairn(["places", id, "--store", store, "--map", map, "--dem", dem, "--kind", "hut"]).stdout
        #expect(text.contains("~2086 m") && text.contains(" 2020 m") && text.contains("~ height from the terrain"))
        // Added with the terrain's height, and the mark kept in the store.
        #expect(cairn(["places", "add", id, "way/391568717", "--store", store, "--map", map, "--dem", dem]).status == 0)
        let added = cairn(["places", id, "--added", "--json", "--store", store]).stdout
        #expect(added.contains("\"elevation\" : 2086") && added.contains("\"elevationSource\" : \"terrain\""), "\(added)")
    }
}
