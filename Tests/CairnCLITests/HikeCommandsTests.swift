import CairnCLI
import Foundation
import Testing
import TrailCore
import TrailFormats
@testable import TrailStore

@Suite struct HikeCommandsTests {
    /// Python reference statistics (Tools/reference/stats_reference.py: xml.etree +
    /// GeographicLib), committed by the statistics work in TrailCoreTests.
    struct Reference: Decodable {
        struct Stats: Decodable {
            let points: Int, segments: Int, distance: Double, walkingTime: Double
            let elapsed: Double?, start: Double?, minEle: Double?, maxEle: Double?, gain: Double?, loss: Double?
        }
        struct Part: Decodable { let part: String; let total: Stats }
        struct File: Decodable { let parts: [Part] }
        let files: [String: File]
    }

    static func reference() throws -> Reference {
        let url = URL(fileURLWithPath: repoRoot + "/Tests/TrailCoreTests/Fixtures/reference-stats.json")
        return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }

    /// The file's tracks then routes with points, as our reader and StatisticsCalculator see them.
    func calculated(_ path: String) throws -> [TrackStatistics] {
        let doc = try GPXReader.read(url: URL(fileURLWithPath: path)).document
        let calc = StatisticsCalculator()
        return (doc.tracks + doc.routes.map(\.asTrack)).filter { $0.pointCount > 0 }.map { calc.statistics(for: $0) }
    }

    func check(file path: String, key: String, reference: Reference) throws {
        let store = makeTempDirectory("stats") + "/hikes.sqlite"
        let run = cairn(["import", path, "--store", store])
        #expect(run.status == 0, "\(run.stderr)")
        let ids = try idsInInsertOrder(store)
        let listed = try listedStatistics(store)
        let calculated = try calculated(path)
        if calculated.isEmpty {  // waypoints only: one hike of places, no points
            #expect(ids.count == 1 && listed[ids[0].rawValue]?.pointCount == 0, "\(key)")
            return
        }
        #expect(ids.count == calculated.count, "\(key)")
        // Equal to the calculator's numbers for the same file, exactly.
        for (id, calc) in zip(ids, calculated) { #expect(listed[id.rawValue] == calc, "\(key) \(id)") }
        // And to the independent Python reference (distance within 0.01 %).
        guard let parts = reference.files[key]?.parts.filter({ $0.total.points > 0 }) else { return }
        #expect(parts.count == ids.count, "\(key)")
        for (id, part) in zip(ids, parts) {
            guard let s = listed[id.rawValue] else { continue }
            let r = part.total
            #expect(s.pointCount == r.points && s.segmentCount == r.segments, "\(key) \(part.part)")
            #expect(abs(s.distance - r.distance) <= r.distance * 1e-4 + 1e-9, "\(key) \(part.part) distance")
            #expect(abs(s.estimatedWalkingTime - r.walkingTime) <= 1e-6 * max(1, r.walkingTime), "\(key) \(part.part) walking")
            if let g = r.gain { #expect(abs((s.elevationGain ?? .nan) - g) <= 1e-6, "\(key) \(part.part) gain") }
            if let l = r.loss { #expect(abs((s.elevationLoss ?? .nan) - l) <= 1e-6, "\(key) \(part.part) loss") }
            if let e = r.elapsed { #expect(abs((s.elapsedTime ?? .nan) - e) <= 1e-6, "\(key) \(part.part) elapsed") }
            #expect(s.maxElevation == r.maxEle && s.minElevation == r.minEle, "\(key) \(part.part) min/max")
        }
    }

    @Test func listedStatisticsEqualCalculatorAndReferenceForSamples() throws {
        let reference = try Self.reference()
        for path in gpxFiles(in: repoRoot + "/Samples") {
            try check(file: path, key: "Samples/" + (path as NSString).lastPathComponent, reference: reference)
        }
    }

    @Test func listedStatisticsEqualCalculatorAndReferenceForSharedData() throws {
        guard let dir = sharedData("gpx") else { return }
        let reference = try Self.reference()
        for path in gpxFiles(in: dir) {
            try check(file: path, key: "shared/gpx/" + (path as NSString).lastPathComponent, reference: reference)
        }
    }

    @Test func showAndListPrintTheCalculatorsNumbersThroughTheFormatter() throws {
        let store = makeTempDirectory("show") + "/hikes.sqlite"
        let path = repoRoot + "/Samples/georust-gpx-garmin_with_extensions.gpx"
        #expect(cairn(["import", path, "--store", store]).status == 0)
        let id = try idsInInsertOrder(store)[0]
        let s = try calculated(path)[0]
        for system in UnitSystem.allCases {
            let u = UnitFormatter(system: system, timeZone: TimeZone(identifier: "UTC")!)
            let show = cairn(["show", id.rawValue, "--units", system.rawValue, "--store", store]).stdout
            for (label, value) in [("Distance", u.distance(s.distance)), ("Moving time", u.duration(s.movingTime, style: .clock)),
                                   ("Elapsed time", u.duration(s.elapsedTime, style: .clock)),
                                   ("Average speed", u.speed(s.averageSpeed)), ("Moving average speed", u.speed(s.movingAverageSpeed)),
                                   ("Moving pace", u.pace(speed: s.movingAverageSpeed)), ("Max speed", u.speed(s.maxSpeed)),
                                   ("Elevation gain", u.elevationChange(s.elevationGain)),
                                   ("Highest point", u.elevation(s.maxElevation)), ("Steepest grade", u.grade(s.steepestGrade))] {
                #expect(show.split(separator: "\n").contains { $0.hasPrefix("  \(label) ") && $0.hasSuffix("  \(value)") },
                        "\(system) \(label) \(value)")
            }
            let list = cairn(["list", "--units", system.rawValue, "--store", store]).stdout
            let row = list.split(separator: "\n")[1]
            for v in [id.rawValue, u.distance(s.distance), u.elevation(s.elevationGain), u.duration(s.elapsedTime, style: .clock),
                      u.date(s.startTime)] {
                #expect(row.contains(v), "\(system) list \(v)")
            }
        }
        #expect(cairn(["list", "--units", "furlongs", "--store", store]).status == 2)
    }

    @Test func showListsWaypoints() throws {
        guard let dir = sharedData("gpx") else { return }
        let store = makeTempDirectory("wpt") + "/hikes.sqlite"
        #expect(cairn(["import", dir + "/gpxpy-unicode.gpx", "--store", store]).status == 0)
        let id = try idsInInsertOrder(store)[0]
        let show = cairn(["show", id.rawValue, "--store", store])
        #expect(show.stdout.contains("Waypoints (6)"))
        #expect(show.stdout.contains("š"))  // names kept as UTF-8
        struct Detail: Decodable { struct P: Decodable { let name: String? }; let waypoints: [P] }
        let json = try JSONDecoder().decode(Detail.self, from: Data(cairn(["show", id.rawValue, "--json", "--store", store]).stdout.utf8))
        #expect(json.waypoints.count == 6)
    }

    @Test func exportedGPXReimportsToTheSameHike() throws {
        let dir = makeTempDirectory("export")
        let store = dir + "/hikes.sqlite", again = dir + "/again.sqlite"
        var files = gpxFiles(in: repoRoot + "/Samples")
        if let shared = sharedData("gpx") {
            files += ["gpxpy-korita-zbevnica.gpx", "togeojson-osm.gpx", "graphhopper-test1.gpx", "gpxgo-iso8859-1encoded.gpx",
                      "georust-gpx-ecology-trail-and-lovers-lane-loop.gpx", "gpxplotter-example1.gpx"].map { shared + "/" + $0 }
        }
        #expect(cairn(["import", "--again"] + files + ["--store", store]).status == 0)
        let original = try listedStatistics(store)
        let source = try HikeStore(path: store)
        for id in try idsInInsertOrder(store) {
            let out = dir + "/\(id).gpx"
            let export = cairn(["export", id.rawValue, "-o", out, "--store", store])
            #expect(export.status == 0, "\(export.stderr)")
            if let schema = sharedData("schema/gpx-1.1.xsd"), FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") {
                let v = try runToEnd("/usr/bin/xmllint", ["--noout", "--schema", schema, out], dir: dir)
                #expect(v.status == 0, "\(id): \(v.stderr)")
            }
            let run = cairn(["import", out, "--again", "--store", again])
            #expect(run.status == 0, "\(run.stderr)")
            let newID = try idsInInsertOrder(again).last!
            let back = try HikeStore(path: again)
            // Exports write 7 decimals of degrees and 1 of metres (DECISIONS 722): the same
            // points within that rounding, the length within what moving each point by at most
            // 0.5e-7° in latitude and longitude (≤ 7.9 mm) can change it: 1.6 cm per step.
            let stats = try #require(try listedStatistics(again)[newID.rawValue]), before = try #require(original[id.rawValue])
            #expect(stats.pointCount == before.pointCount && stats.segmentCount == before.segmentCount, "\(id)")
            #expect(abs(stats.distance - before.distance) <= Double(before.pointCount) * 0.016, "\(id)")
            #expect(stats.startTime == before.startTime && stats.elapsedTime == before.elapsedTime, "\(id)")
            let a = try source.hike(id), b = try back.hike(newID)
            func same(_ p: Trackpoint, _ q: Trackpoint) -> Bool {
                abs(p.latitude - q.latitude) <= 0.5e-7 + 1e-12 && abs(p.longitude - q.longitude) <= 0.5e-7 + 1e-12
                    && p.time == q.time && (p.elevation == nil) == (q.elevation == nil)
                    && abs((p.elevation ?? 0) - (q.elevation ?? 0)) <= 0.05 + 1e-9
            }
            let pa = a.tracks.flatMap(\.segments).map(\.points), pb = b.tracks.flatMap(\.segments).map(\.points)
            #expect(pa.map(\.count) == pb.map(\.count) && zip(pa.joined(), pb.joined()).allSatisfy(same), "\(id) points")
            #expect(a.waypoints.count == b.waypoints.count, "\(id) waypoints")
            #expect(a.waypoints.map(\.name) == b.waypoints.map(\.name), "\(id) waypoint names")
            // Imported into its own store, the export is the hike it came from (DECISIONS 684).
            let home = cairn(["import", out, "--store", store])
            #expect(home.status == 0 && home.stderr.contains("already stored as \(id)"), "\(id): \(home.stdout) \(home.stderr)")
            #expect(a.summary.name == b.summary.name, "\(id) name")
            #expect(a.summary.description == b.summary.description, "\(id) description")
            #expect(a.metadata.isRoute == b.metadata.isRoute, "\(id) route")
        }
    }

    @Test func exportsGeoJSONAndGPXToStdout() throws {
        let store = makeTempDirectory("geojson") + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/togeojson-trek.gpx", "--store", store]).status == 0)
        let id = try idsInInsertOrder(store)[0].rawValue
        let geo = cairn(["export", id, "--format", "geojson", "--store", store])
        let object = try JSONSerialization.jsonObject(with: Data(geo.stdout.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "FeatureCollection")
        let gpx = cairn(["export", id, "--store", store])
        #expect(gpx.stdout.hasPrefix("<?xml") && gpx.stdout.contains("<rte>"))
        #expect(cairn(["export", id, "--format", "shp", "--store", store]).status == 2)
        // Issue 33: KML and TCX too. The trek is a planned route without times: KML writes it as a
        // LineString marked as a route; TCX, whose trackpoints all need a time, refuses it.
        let kml = cairn(["export", id, "--format", "kml", "--store", store])
        #expect(kml.status == 0 && kml.stdout.contains("<LineString>") && kml.stdout.contains("<Data name=\"kind\"><value>route</value>"))
        let tcx = cairn(["export", id, "--format", "tcx", "--store", store])
        #expect(tcx.status == 1 && tcx.stderr.contains("cannot write TCX"), "\(tcx.stderr)")
    }

    @Test func renameAndDeleteAskOnATerminalOnly() throws {
        let store = makeTempDirectory("delete") + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/togeojson-multitrackgpx.gpx", "--store", store]).status == 0)
        let ids = try idsInInsertOrder(store).map(\.rawValue)
        #expect(cairn(["rename", ids[0], "Black", "Forest", "day", "1", "--store", store]).status == 0)
        #expect(try HikeStore(path: store).summary(HikeID(ids[0])!).name == "Black Forest day 1")
        // Not a terminal and no --yes: refused.
        let refused = cairn(["delete", ids[0], "--store", store])
        #expect(refused.status == 1 && refused.stderr.contains("--yes"))
        // A terminal: asked; "n" keeps, "y" deletes.
        let kept = cairn(["delete", ids[0], "--store", store], stdinIsTerminal: true, answer: "n")
        #expect(kept.status == 1 && kept.stderr.contains("Black Forest day 1"))
        #expect(try HikeStore(path: store).hikeCount() == 3)
        #expect(cairn(["delete", ids[0], "--store", store], stdinIsTerminal: true, answer: "y").status == 0)
        #expect(cairn(["delete", ids[1], ids[2].uppercased(), "--yes", "--store", store]).status == 0)
        #expect(try HikeStore(path: store).hikeCount() == 0)
        #expect(cairn(["delete", ids[1], "--yes", "--store", store]).status == 1)
    }

    @Test func listSortsAndPrintsJSON() throws {
        let store = makeTempDirectory("sort") + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/togeojson-multitrackgpx.gpx", repoRoot + "/Samples/GPSTools-Oybin.gpx",
                       "--store", store]).status == 0)
        func names(_ extra: [String]) -> [String] {
            cairn(["list", "--store", store] + extra).stdout.split(separator: "\n").dropFirst()
                .map { String($0.dropFirst(8).prefix(27)).trimmingCharacters(in: .whitespaces) }
        }
        #expect(names([]) == ["Oybin - Kloster - Alpingrat", "Tag 3", "Tag 2", "Tag 1"])  // newest first
        #expect(names(["--sort", "distance"]) == ["Tag 1", "Tag 2", "Tag 3", "Oybin - Kloster - Alpingrat"])
        #expect(names(["--sort", "name"]) == ["Oybin - Kloster - Alpingrat", "Tag 1", "Tag 2", "Tag 3"])
        #expect(names(["--sort", "gain", "--reverse"]) == ["Oybin - Kloster - Alpingrat", "Tag 2", "Tag 3", "Tag 1"])
        #expect(cairn(["list", "--sort", "height", "--store", store]).status == 2)
        #expect(try listedStatistics(store).count == 4)
    }
}
