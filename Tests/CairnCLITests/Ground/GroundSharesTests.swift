import CairnTestSupport
@testable import CairnCLI
import Foundation
import Testing
import TrailCore
import TrailFormats
import TrailStore
@testable import TrailMap

/// The ground under a line (issue 16): SAC grade and surface shares against the independent
/// Python computation (Tools/reference/ground_reference.py) on the same lines and OSM data,
/// the surface vocabulary, and `cairn show --json` with its cache.
@Suite struct GroundSharesTests {
    /// One case of Tests/TrailMapTests/Fixtures/ground-reference.json.
    struct Reference {
        var osm: String
        var gpx: String
        var length: Double
        var sac: [String: Double]
        var surface: [String: Double]
    }

    static func references() throws -> [Reference] {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("ground-reference.json")))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(root["cases"] as? [[String: Any]])
        return cases.map {
            Reference(osm: $0["osm"] as! String, gpx: $0["gpx"] as! String, length: $0["length_m"] as! Double,
                      sac: $0["sac_percent"] as! [String: Double], surface: $0["surface_percent"] as! [String: Double])
        }
    }

    /// The map file of the east clip, imported once, or nil (notice printed) without ../shared/data.
    static let eastMap: String? = {
        let clip = TestSupport.repoRoot.deletingLastPathComponent().appendingPathComponent("shared/data/osm/WorldKG-andorra-2021-east-clip.osm").path
        guard FileManager.default.fileExists(atPath: clip) else {
            print("skipped: ../shared/data not found")
            return nil
        }
        let path = TestSupport.tempDirectory().appendingPathComponent("east.sqlite").path
        _ = try? MapStore(path: path).importOSM(path: clip, importedAt: TestSupport.importTime)
        return path
    }()

    static func segments(_ gpx: String) throws -> [[Coordinate]] {
        let doc = try GPXReader.read(url: URL(fileURLWithPath: gpx)).document
        let tracks = doc.tracks.flatMap(\.segments).map { $0.points.map(\.coordinate) }
        return tracks.isEmpty ? doc.routes.map { $0.points.map(\.coordinate) } : tracks
    }

    static func names(_ s: GroundShares) -> (sac: [String: Double], surface: [String: Double]) {
        var sac = ["ungraded": s.percent(grade: nil), "no path": s.offMapPercent]
        for g in SACScale.allCases { sac["\(g)"] = s.percent(grade: g) }
        var surface = ["no path": s.offMapPercent]
        for c in SurfaceClass.allCases { surface["\(c)"] = s.percent(surface: c) }
        return (sac, surface)
    }

    @Test func sharesMatchTheIndependentComputation() throws {
        var checked = 0
        for ref in try Self.references() {
            let gpx = TestSupport.repoRoot.appendingPathComponent(ref.gpx).path
            let mapPath = ref.osm == "sample" ? RoutingFixtures.samplePath : Self.eastMap
            guard let mapPath, FileManager.default.fileExists(atPath: gpx) else {
                print("skipped: \(ref.gpx) not found")
                continue
            }
            let segments = try Self.segments(gpx)
            let box = try #require(BoundingBox(covering: segments.flatMap { $0 }))
            let map = try GroundMap.load(store: try MapStore(path: mapPath, readOnly: true), around: box)
            let shares = GroundShares(line: map.survey(segments: segments), segments: segments)
            #expect(abs(shares.length - ref.length) < ref.length * 1e-4, "\(ref.gpx)")
            let got = Self.names(shares)
            // Within 0.5 percentage points: the plane and radii differ a little at the 15 m edge.
            for (k, v) in ref.sac { #expect(abs((got.sac[k] ?? -1) - v) < 0.5, "\(ref.gpx) \(k): \(got.sac[k] ?? -1) vs \(v)") }
            for (k, v) in ref.surface {
                #expect(abs((got.surface[k] ?? -1) - v) < 0.5, "\(ref.gpx) \(k): \(got.surface[k] ?? -1) vs \(v)")
            }
            #expect(abs(got.sac.values.reduce(0, +) - 100) < 1e-9 || shares.length == 0)
            #expect(abs(got.surface.values.reduce(0, +) - 100) < 1e-9 || shares.length == 0)
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func surfaceVocabularyFollowsSurfaceThenTracktypeThenClass() {
        #expect(SurfaceClass(featureClass: .path, tags: ["surface": "asphalt"]) == .paved)
        #expect(SurfaceClass(featureClass: .track, tags: ["surface": "fine_gravel", "tracktype": "grade5"]) == .gravel)
        #expect(SurfaceClass(featureClass: .track, tags: ["tracktype": "grade4"]) == .dirt)
        #expect(SurfaceClass(featureClass: .path, tags: ["surface": "grass;ground"]) == .grass)
        #expect(SurfaceClass(featureClass: .path, tags: ["surface": "scree"]) == .rock)
        #expect(SurfaceClass(featureClass: .path, tags: ["surface": "lava?"]) == .unknown)
        #expect(SurfaceClass(featureClass: .minorRoad, tags: [:]) == .paved)
        #expect(SurfaceClass(featureClass: .footway, tags: [:]) == .unknown)
        #expect(SurfaceClass(featureClass: .secondaryRoad, tags: ["surface": "gravel"]) == .gravel)
    }

    @Test func encodedLineRoundTripsAndRejectsGarbage() {
        let line = GroundLine(tags: [GroundTag(grade: .t3, surface: .rock), nil, GroundTag(grade: nil, surface: .paved), nil])
        #expect(GroundLine(encoded: line.encoded) == line)
        #expect(GroundLine(encoded: Data([1])) == nil)
        #expect(GroundLine(encoded: Data([9, 0])) == nil)
        #expect(GroundLine(encoded: Data([1, 17])) == nil)
    }

    func run(_ args: [String], dir: URL) -> (code: Int32, out: String, err: String) {
        let out = StringSink(), err = StringSink()
        let env = ["HOME": dir.path, "XDG_DATA_HOME": dir.appendingPathComponent("data").path, "LANG": "C.UTF-8"]
        let context = CommandContext(stdout: out, stderr: err, environment: env, currentDirectory: dir.path,
                                     now: { TestSupport.importTime })
        return (CairnCLI.run(args, context: context), out.text, err.text)
    }

    @Test func showJSONHasTheSharesAndCachesTheSurvey() throws {
        let dir = TestSupport.tempDirectory()
        let gpx = TestSupport.fixture("ground-serrat-tristaina.gpx")
        #expect(run(["import", gpx, "--store", "h.sqlite"], dir: dir).code == 0)
        let store = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
        let id = try #require(try store.summaries(sortedBy: .name, reversed: false).first?.id)
        #expect(try store.groundSurvey(of: id) == nil)
        // Without a map: no ground at all.
        let bare = run(["show", id.rawValue, "--json", "--store", "h.sqlite", "--map", "none.sqlite"], dir: dir)
        #expect(bare.code == 0)
        #expect(!bare.out.contains("\"ground\""))
        let r = run(["show", id.rawValue, "--json", "--store", "h.sqlite", "--map", RoutingFixtures.samplePath], dir: dir)
        #expect(r.code == 0, "\(r.err)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let ground = try #require(root["ground"] as? [String: Any])
        let sac = try #require(ground["sac"] as? [[String: Any]])
        #expect(sac.map { $0["name"] as! String } == ["T1", "T2", "T3", "T4", "T5", "T6", "ungraded", "no path"])
        let ref = try #require(try Self.references().first { $0.gpx.hasSuffix("ground-serrat-tristaina.gpx") })
        for s in sac { #expect(abs((s["percent"] as! Double) - ref.sac[s["name"] as! String]!) < 0.5) }
        let surface = try #require(ground["surface"] as? [[String: Any]])
        #expect(abs(surface.map { $0["percent"] as! Double }.reduce(0, +) - 100) < 1e-9)
        // Cached: the next show reads it even without the map.
        let cached = try #require(try store.groundSurvey(of: id))
        #expect(cached.pointCount == (try store.tracks(of: id)).flatMap(\.segments).map(\.points.count).reduce(0, +))
        let again = run(["show", id.rawValue, "--json", "--store", "h.sqlite", "--map", "none.sqlite"], dir: dir)
        #expect(again.out.contains("\"ground\""))
        let text = run(["show", id.rawValue, "--store", "h.sqlite"], dir: dir)
        #expect(text.out.contains("Ground (SAC):"))
        #expect(text.out.contains("T4 11.6 %"))
    }

    @Test func aLineFarFromTheMapHasNoGround() throws {
        let dir = TestSupport.tempDirectory()
        #expect(run(["import", TestSupport.repoRoot.appendingPathComponent("Samples/togeojson-trek.gpx").path,
                     "--store", "h.sqlite"], dir: dir).code == 0)
        let store = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
        let id = try #require(try store.summaries(sortedBy: .name, reversed: false).first?.id)
        let r = run(["show", id.rawValue, "--json", "--store", "h.sqlite", "--map", RoutingFixtures.samplePath], dir: dir)
        #expect(r.code == 0)
        #expect(!r.out.contains("\"ground\""))
        #expect(try store.groundSurvey(of: id) == nil)  // nothing kept: a later map can still say something
    }
}
