import CairnTestSupport
import CairnCLI
import Foundation
import Testing
@testable import TrailTerrain

/// `cairn dem import/info/at` and the terrain in `cairn stats`, run in-process.
@Suite struct DemCommandTests {
    func run(_ args: [String]) -> (Int32, String, String) {
        let out = StringSink(), err = StringSink()
        let ctx = CommandContext(stdout: out, stderr: err, environment: ["HOME": "/nonexistent"],
                                 currentDirectory: TerrainFixtures.repository.path)
        let code = CairnCLI.run(args, context: ctx)
        return (code, out.text, err.text)
    }

    @Test func importInfoAndAt() throws {
        let dir = TerrainFixtures.temporaryDirectory()
        let (c1, o1, _) = run(["dem", "import", "Samples/N42E001.hgt.zip", "--dem", dir])
        #expect(c1 == 0 && o1.contains("N42E001  SRTM3 1201×1201"))
        let (c2, o2, _) = run(["dem", "info", "--json", "--dem", dir])
        #expect(c2 == 0)
        let info = try JSONSerialization.jsonObject(with: Data(o2.utf8)) as! [String: Any]
        let tiles = info["tiles"] as! [[String: Any]]
        #expect(tiles.count == 1 && tiles[0]["name"] as? String == "N42E001")
        #expect(tiles[0]["voidSamples"] as? Int == 7652 && tiles[0]["minMetres"] as? Int == 349 && tiles[0]["maxMetres"] as? Int == 3100)
        // Ordino: SOURCES.md gives 1296 m at the nearest sample.
        let (c3, o3, _) = run(["dem", "at", "42.556,1.533", "--json", "--dem", dir])
        #expect(c3 == 0)
        let at = try JSONSerialization.jsonObject(with: Data(o3.utf8)) as! [String: Any]
        let m = try #require(at["metres"] as? Double)
        #expect(abs(m - 1296) < 5)
        // On the tile's north-east corner the height is N42E001's edge sample, and says so.
        let (c5, o5, _) = run(["dem", "at", "43.0,2.0", "--dem", dir])
        #expect(c5 == 0 && o5.contains("(SRTM N42E001, bilinear)"))
        let (c4, o4, _) = run(["dem", "at", "43.5,1.5", "--dem", dir])
        #expect(c4 == 1 && o4.contains("no data: no terrain tile N43E001"))
    }

    /// Issue 13, tester: a position on a void sample, negative latitudes, `metres: null`,
    /// southern/western tiles in `dem info`.
    @Test func aVoidSampleNegativePositionsAndHemispheres() throws {
        let dir = TerrainFixtures.temporaryDirectory()
        #expect(run(["dem", "import", "Samples/N42E001.hgt.zip", "--dem", dir]).0 == 0)
        // Sample (row 912, column 860) of N42E001 is a void; the cell south-east of it holds
        // 1732 (912, 861), 1939 (913, 860), 1897 (913, 861) (read with Python's struct from the
        // zip). On the sample, 42.24° N = 43 − 912/1200, 1 + 860/1200° E: the plain mean of
        // those, (1732 + 1939 + 1897) / 3 = 1856 (DECISIONS 116, 416), whatever the binary
        // rounding of 42.24 makes of the row.
        for lon in ["1.7166666666666667", "1.716666666666667", "1.71666666666667"] {
            let (code, text, _) = run(["dem", "at", "42.24,\(lon)", "--json", "--dem", dir])
            #expect(code == 0)
            let at = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(abs(try #require(at["metres"] as? Double) - 1856) < 0.01, "\(lon): \(text)")
        }
        // 0.0004 of a spacing east of it (1.716667): on the row line, weight 0.0004 on 1732 and
        // 0 on the row below, renormalised: 1732.
        let (_, near, _) = run(["dem", "at", "42.24,1.716667", "--json", "--dem", dir])
        let n = try #require(try JSONSerialization.jsonObject(with: Data(near.utf8)) as? [String: Any])
        #expect(abs(try #require(n["metres"] as? Double) - 1732) < 0.01)
        // South of the equator: an argument, not an option; "metres": null when there is no data.
        let (c1, o1, e1) = run(["dem", "at", "-33.9,18.4", "--json", "--dem", dir])
        #expect(c1 == 1 && !e1.contains("unknown option"), "\(e1)")
        let south = try #require(try JSONSerialization.jsonObject(with: Data(o1.utf8)) as? [String: Any])
        #expect(south.keys.contains("metres") && south["metres"] is NSNull && south["noData"] as? String == "noTile")
        let (_, _, e2) = run(["dem", "contours", "-33.9,18.4", "--dem", dir])
        #expect(!e2.contains("unknown option"), "\(e2)")
        // A southern-western tile: 1°S–0°, 2°W–1°W. A flat synthetic S01W002 (1201² zeros).
        let named = URL(fileURLWithPath: TerrainFixtures.temporaryDirectory()).appendingPathComponent("S01W002.hgt")
        try Data(count: 1201 * 1201 * 2).write(to: named)
        #expect(run(["dem", "import", named.path, "--dem", dir]).0 == 0)
        let (_, info, _) = run(["dem", "info", "--dem", dir])
        #expect(info.contains("S01W002  SRTM3 1201×1201  1°S–0°, 2°W–1°W"), "\(info)")
        #expect(info.contains("N42E001  SRTM3 1201×1201  42°N–43°N, 1°E–2°E"), "\(info)")
    }

    @Test func aBadImportSaysWhyAndStoresNothing() throws {
        let dir = TerrainFixtures.temporaryDirectory()
        let (code, _, err) = run(["dem", "import", "Samples/N42E001.hgt.zip", "Tests/TrailTerrainTests/Fixtures/N43E001.hgt.zip", "--dem", dir])
        #expect(code == 1)
        #expect(err.contains("N43E001.hgt.zip: the tile inside would inflate to") && err.contains("nothing imported"))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).isEmpty)
        let (c2, _, e2) = run(["dem", "at", "north", "--dem", dir])
        #expect(c2 == 2 && e2.contains("not a position"))
    }

    @Test func statsTakesGainFromTheTerrainForARouteWithoutElevation() throws {
        let dir = TerrainFixtures.temporaryDirectory()
        _ = run(["dem", "import", "Samples", "--dem", dir])
        let gpx = TerrainFixtures.temporaryDirectory() + "/route.gpx"
        try """
        <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <rte><name>Up</name><rtept lat="42.556" lon="1.533"/><rtept lat="42.559" lon="1.548"/>
        <rtept lat="42.565" lon="1.556"/><rtept lat="42.570" lon="1.566"/></rte></gpx>
        """.write(toFile: gpx, atomically: true, encoding: .utf8)
        let (code, out, _) = run(["stats", gpx, "--json", "--dem", dir])
        #expect(code == 0)
        let docs = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [[String: Any]]
        let track = (docs[0]["tracks"] as! [[String: Any]])[0]
        let e = try #require(track["elevation"] as? [String: Any])
        #expect(e["elevationSource"] as? String == "terrain")
        // The same line as the reference's "Ordino to Casamanya".
        let ref = try TerrainFixtures.reference().routes.first { $0.name == "Ordino to Casamanya" }!
        #expect(abs((e["elevationGain"] as! Double) - ref.gain) < 0.01)
        let (_, text, _) = run(["stats", gpx, "--dem", dir])
        #expect(text.contains("Elevation source: from the terrain (SRTM, bilinear)"))
    }

    /// `route --save` with terrain stores the terrain's elevations with the route, so the stored
    /// gain (list, show, the viewer) is the one `route` printed, not "--" (tester finding).
    @Test func aRouteSavedWithTerrainKeepsTheTerrainGain() throws {
        let dir = TerrainFixtures.temporaryDirectory()
        _ = run(["dem", "import", "Samples", "--dem", dir])
        let tmp = TerrainFixtures.temporaryDirectory()
        let stops = ["42.556,1.533", "42.559,1.548", "42.565,1.556", "42.570,1.566"]
        let (code, out, err) = run(["route"] + stops + ["--straight", "--save", "Up", "--json", "--dem", dir,
                                                         "--store", tmp + "/h.sqlite", "--map", tmp + "/none.sqlite"])
        #expect(code == 0, "\(err)")
        let report = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [String: Any]
        let id = try #require(report["savedAs"] as? String)
        let (c2, shown, _) = run(["show", id, "--json", "--store", tmp + "/h.sqlite"])
        #expect(c2 == 0)
        let detail = try JSONSerialization.jsonObject(with: Data(shown.utf8)) as! [String: Any]
        let hike = try #require(detail["hike"] as? [String: Any])
        let stats = try #require(hike["statistics"] as? [String: Any])
        let gain = try #require(stats["elevationGain"] as? Double)
        // The same line as the reference's "Ordino to Casamanya" (terrain on the densified line).
        let ref = try TerrainFixtures.reference().routes.first { $0.name == "Ordino to Casamanya" }!
        #expect(abs(gain - ref.gain) < 0.01)
        #expect(abs(gain - (report["ascentMetres"] as! Double)) < 0.01)
    }
    /// Issue 34: `route -o` with terrain writes the heights a saved route keeps (it wrote no
    /// `<ele>`), and every number to what the data supports: 7 decimals of degrees, 1 of metres.
    @Test func routeOutputCarriesTerrainHeightsAtMeasuredPrecision() throws {
        let dir = TerrainFixtures.temporaryDirectory()
        _ = run(["dem", "import", "Samples", "--dem", dir])
        let tmp = TerrainFixtures.temporaryDirectory()
        let stops = ["42.556,1.533", "42.559,1.548", "42.565,1.556", "42.570,1.566"]
        let (code, _, err) = run(["route"] + stops + ["--straight", "-o", tmp + "/r.gpx", "--dem", dir,
                                                      "--store", tmp + "/h.sqlite", "--map", tmp + "/none.sqlite"])
        #expect(code == 0, "\(err)")
        let text = try String(contentsOfFile: tmp + "/r.gpx", encoding: .utf8)
        let trkpts = text.components(separatedBy: "<trkpt ").count - 1
        let eles = text.components(separatedBy: "<ele>").count - 1
        #expect(trkpts > stops.count && eles == trkpts, "\(trkpts) trkpt, \(eles) ele")
        let longDegrees = try Regex(#"l(at|on)="-?[0-9]+\.[0-9]{8,}""#)
        let longMetres = try Regex(#"<ele>-?[0-9]+\.[0-9]{2,}</ele>"#)
        #expect(text.firstMatch(of: longDegrees) == nil && text.firstMatch(of: longMetres) == nil)
        // The file's own gain is the terrain's along the densified line ("Ordino to Casamanya"),
        // up to the 0.05 m rounding of each height.
        let (_, out, _) = run(["stats", tmp + "/r.gpx", "--json"])
        let docs = try JSONSerialization.jsonObject(with: Data(out.utf8)) as! [[String: Any]]
        let stats = try #require((docs[0]["tracks"] as? [[String: Any]])?.first?["statistics"] as? [String: Any])
        let ref = try TerrainFixtures.reference().routes.first { $0.name == "Ordino to Casamanya" }!
        let gain = try #require(stats["elevationGain"] as? Double)
        #expect(abs(gain - ref.gain) < 0.5, "\(gain) vs \(ref.gain)")
    }
}
