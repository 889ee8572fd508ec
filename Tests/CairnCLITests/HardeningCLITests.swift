import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// Issue 19 on the command line: import and stats agree on files without tracks, bytes that
/// are in no format Cairn reads are named so, implausible numbers are warned once with line and count, and
/// hikes without any timestamp are undated everywhere (never the import day).
@Suite struct HardeningCLITests {
    let fixtures = repoRoot + "/Tests/TrailFormatsTests/Fixtures/"

    func write(_ text: String, _ name: String) -> String {
        let path = makeTempDirectory("hardening") + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    static let header = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">"#

    @Test func statsRefusesAFileWithoutTracksLikeImport() {
        let empty = write(Self.header + "<trk><name>x</name><trkseg></trkseg></trk></gpx>", "empty.gpx")
        let store = makeTempDirectory("hardening") + "/hikes.sqlite"
        let imported = cairn(["import", empty, "--store", store])
        let stats = cairn(["stats", empty])
        #expect(imported.status != 0 && stats.status != 0)
        #expect(imported.stderr.contains("empty.gpx: no tracks, routes or waypoints to import"), "\(imported.stderr)")
        #expect(stats.stderr.contains("empty.gpx: no tracks, routes or waypoints to import"), "\(stats.stderr)")
        #expect(!stats.stdout.contains("Trackpoints"))

        let places = write(Self.header + #"<wpt lat="42.5" lon="1.5"><name>Hut</name></wpt></gpx>"#, "places.gpx")
        let s = cairn(["stats", places, "--json"])
        #expect(s.status == 1)
        #expect(s.stderr.contains("places.gpx: no tracks or routes with points, only 1 waypoint; no statistics"))
    }

    @Test func binaryDataIsNotAGPXOrXMLFileInImportAndStats() {
        let store = makeTempDirectory("hardening") + "/hikes.sqlite"
        for run in [cairn(["import", fixtures + "random-binary.bin", "--store", store]),
                    cairn(["stats", fixtures + "random-binary.bin"])] {
            #expect(run.status != 0)
            // Issue 33: content in no format Cairn reads names the gpsbabel route, in one line.
            #expect(run.stderr.contains("random-binary.bin: not a track file Cairn reads: not GPX, FIT, TCX, KML/KMZ or GeoJSON")
                    && run.stderr.contains("--via-gpsbabel"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(!run.stderr.contains("Document is empty"))
        }
    }

    @Test func strayFixesAreWarnedOnceAndLeftOutOfTheNumbers() throws {
        let file = fixtures + "stray-fixes.gpx"
        let stats = cairn(["stats", file, "--json"])
        #expect(stats.status == 0)
        let warnings = stats.stderr.split(separator: "\n").filter { $0.contains("stray") }
        #expect(warnings.count == 1, "\(stats.stderr)")
        #expect(warnings.first?.contains("stray-fixes.gpx:8: warning: 1 stray position and 1 elevation spike") == true)
        let store = makeTempDirectory("hardening") + "/hikes.sqlite"
        let imported = cairn(["import", file, "--store", store])
        #expect(imported.status == 0 && imported.stderr.components(separatedBy: "warning: 1 stray position").count == 2,
                "\(imported.stderr)")
        // Numbers: 11 steps of 1e-4° along 42.5° N (the 0,0 fix and the 500 m spike left out),
        // computed here from the WGS84 radius of the parallel.
        let a = 6_378_137.0, e2 = 0.00669437999014, phi = 42.5 * Double.pi / 180
        let step = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot() * cos(phi) * 1e-4 * Double.pi / 180
        let s = try #require(try listedStatistics(store).values.first)
        #expect(abs(s.distance - 11 * step) < 0.05)
        #expect(s.maxElevation == 1011 && s.pointCount == 12)
        // The stored hike keeps every point: export writes all 12 back.
        let id = try idsInInsertOrder(store)[0]
        let out = makeTempDirectory("hardening") + "/out.gpx"
        #expect(cairn(["export", id.rawValue, "-o", out, "--store", store]).status == 0)
        let exported = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(exported.components(separatedBy: "<trkpt").count - 1 == 12)
        #expect(exported.contains(#"lat="0""#) || exported.contains(#"lat="0.0""#))
    }

    @Test func implausibleTimesAndSpeedsAreImportedWithAWarning() throws {
        let store = makeTempDirectory("hardening") + "/hikes.sqlite"
        let run = cairn(["import", fixtures + "implausible-times.gpx", "--store", store])
        #expect(run.status == 0)
        #expect(run.stderr.contains("implausible-times.gpx:4: warning: 5 trackpoints dated before the GPS era"), "\(run.stderr)")
        #expect(run.stderr.contains("implausible-times.gpx:11: warning: track 2 \"Drive\" averages"), "\(run.stderr)")
        #expect(try idsInInsertOrder(store).count == 2)
    }

    @Test func hikesWithoutTimestampsAreUndated() throws {
        let untimed = write(Self.header + #"<trk><name>Undated walk</name><trkseg><trkpt lat="42.5" lon="1.5"/>"#
                            + #"<trkpt lat="42.501" lon="1.5"/></trkseg></trk></gpx>"#, "untimed.gpx")
        let timed = write(Self.header + #"<trk><name>Dated walk</name><trkseg><trkpt lat="42.5" lon="1.5"><time>2020-06-01T08:00:00Z</time></trkpt>"#
                          + #"<trkpt lat="42.501" lon="1.5"><time>2020-06-01T08:10:00Z</time></trkpt></trkseg></trk></gpx>"#, "timed.gpx")
        let store = makeTempDirectory("hardening") + "/hikes.sqlite"
        #expect(cairn(["import", untimed, timed, "--store", store]).status == 0)
        let list = cairn(["list", "--store", store]).stdout
        let today = ISO8601DateFormatter().string(from: Date()).prefix(10)
        let untimedRow = try #require(list.split(separator: "\n").first { $0.contains("Undated walk") })
        #expect(untimedRow.contains("undated") && !untimedRow.contains(today), "\(list)")
        // Undated hikes sort after the dated ones, both ways (the rows above the legend, which
        // explains the untimed walk's "~" duration).
        #expect(list.split(separator: "\n").last == "~ duration: DIN 33466 estimate (no times in the file)", "\(list)")
        let rows = list.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("~ ") }
        #expect(rows.first?.contains("Dated walk") == true && rows.last?.contains("Undated walk") == true)
        let reversed = cairn(["list", "--reverse", "--store", store]).stdout.split(separator: "\n").dropFirst()
            .filter { !$0.hasPrefix("~ ") }
        #expect(reversed.last?.contains("Undated walk") == true)

        let id = try idsInInsertOrder(store)[0]
        let show = cairn(["show", id.rawValue, "--store", store]).stdout
        #expect(show.contains("undated (no timestamps in the file)"), "\(show)")
        let json = cairn(["list", "--json", "--store", store]).stdout
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let undated = try #require(objects.first { $0["name"] as? String == "Undated walk" })
        #expect(undated.keys.contains("startedAt") && undated["startedAt"] is NSNull)
        let dated = try #require(objects.first { $0["name"] as? String == "Dated walk" })
        #expect(dated["startedAt"] as? String == "2020-06-01T08:00:00Z")
    }
}
