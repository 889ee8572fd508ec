import CairnTestSupport
import Foundation
import Testing
import TrailCore
import TrailStore
@testable import CairnCLI
@testable import ViewerRuntime

/// `cairn follow` argument checks, `--off-route` parsing, the Walks section of `cairn show`,
/// and spoken alerts through a stand-in espeak-ng.
@Suite struct FollowCommandTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "cairn-follow-cmd-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    func run(_ args: [String]) -> (code: Int32, out: String, err: String) {
        let out = StringSink(), err = StringSink()
        let context = CommandContext(stdout: out, stderr: err, environment: ["HOME": dir, "TZ": "UTC"],
                                     currentDirectory: TestSupport.repo.path)
        return (CairnCLI.run(args, context: context), out.text, err.text)
    }

    @Test func offRouteTakesMetresOrFeet() throws {
        #expect(try LiveOptions.parseDistance("30m", option: "--off-route") == 30)
        #expect(try LiveOptions.parseDistance("45", option: "--off-route") == 45)
        #expect(try LiveOptions.parseDistance("100ft", option: "--off-route") == 30.48)
        #expect(try LiveOptions.parseDistance("0.1 km", option: "--off-route") == 100)
        for bad in ["", "-5m", "abc", "0", "20000m"] {
            #expect(throws: CLIError.self) { try LiveOptions.parseDistance(bad, option: "--off-route") }
        }
        let parser = ArgumentParser(for: FollowCommand.self)
        let o = try LiveOptions(parser.parse(["--gps", "replay:walk.gpx", "--speed", "200", "--off-route", "40m", "--speak"]))
        #expect(o.source == .replay(path: "walk.gpx"))
        #expect(o.speed == 200 && o.offRoute == 40 && o.speak)
        let bad = try parser.parse(["--speed", "fast"])
        #expect(throws: CLIError.self) { try LiveOptions(bad) }
    }

    /// A distance over the 10 km limit says so; one that is not a distance says what is wanted.
    @Test func aDistanceOverTenKilometresSaysTheLimit() {
        #expect(throws: CLIError.usage("--within is at most 10 km, not '11km'")) {
            try LiveOptions.parseDistance("11km", option: "--within")
        }
        #expect(throws: CLIError.usage("--within needs a distance such as 30m or 100ft, not 'far'")) {
            try LiveOptions.parseDistance("far", option: "--within")
        }
        #expect((try? LiveOptions.parseDistance("10km", option: "--within")) == 10_000)
    }

    @Test func followChecksItsArgumentsBeforeTakingTheScreen() throws {
        let store = dir + "/hikes.sqlite"
        #expect(run(["import", "--store", store, "Samples/gpxpy-Mojstrovka.gpx"]).code == 0)
        let id = try #require(try HikeStore(path: store).summaries().first?.id.rawValue)
        let noGPS = run(["follow", id, "--store", store])
        #expect(noGPS.code == 2 && noGPS.err.contains("follow needs --gps"))
        let badGPS = run(["follow", id, "--gps", "gpsd://host:notaport", "--store", store])
        #expect(badGPS.code == 2 && badGPS.err.contains("invalid --gps"))
        let noHike = run(["follow", "zzzzzz", "--gps", "gpsd", "--store", store])
        #expect(noHike.code != 0 && noHike.err.contains("no hike with id"))
        let noTerminal = run(["follow", id, "--gps", "gpsd", "--store", store])
        #expect(noTerminal.code == 1 && noTerminal.err.contains("needs a terminal"))
    }

    @Test func unreadableSourcesAreRefusedBeforeTheTerminalCheck() throws {
        let store = dir + "/hikes.sqlite"
        #expect(run(["import", "--store", store, "Samples/gpxpy-Mojstrovka.gpx"]).code == 0)
        let id = try #require(try HikeStore(path: store).summaries().first?.id.rawValue)
        let empty = dir + "/empty.gpx"
        try #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"></gpx>"#
            .write(toFile: empty, atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            ("nonsense", "no such file or device"),
            ("replay:/nonexistent.gpx", "no such file"),
            ("replay:README.md", "not a readable GPX file"),
            ("replay:" + empty, "no track points"),
            ("nmea:/dev/null", "neither a serial port nor an NMEA log file"),
            ("nmea:README.md", "holds no NMEA sentences"),
            // A bare GPX path is taken as a device or NMEA log: the error says how to replay it.
            ("Samples/gpxpy-Mojstrovka.gpx", "it is a GPX file: replay it with --gps replay:Samples/gpxpy-Mojstrovka.gpx"),
            ("nmea:" + dir, "neither a serial port"),
        ]
        for (spec, reason) in cases {
            let r = run(["follow", id, "--gps", spec, "--store", store])
            #expect(r.code == 1 && r.err.contains(reason) && !r.err.contains("needs a terminal"), "\(spec): \(r.err)")
            let tui = run(["tui", "--gps", spec, "--store", store])
            #expect(tui.code == 1 && tui.err.contains(reason), "tui \(spec): \(tui.err)")
        }
        // A readable replay and an NMEA log pass the check and reach the terminal check.
        for ok in ["replay:Samples/gpxpy-Mojstrovka.gpx", "gpsd://127.0.0.1:2947"] {
            let r = run(["follow", id, "--gps", ok, "--store", store])
            #expect(r.code == 1 && r.err.contains("needs a terminal"), "\(ok): \(r.err)")
        }
        let nmea = dir + "/log.nmea"
        try "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n".write(toFile: nmea, atomically: true, encoding: .utf8)
        let r = run(["follow", id, "--gps", "nmea:" + nmea, "--store", store])
        #expect(r.code == 1 && r.err.contains("needs a terminal"), "\(r.err)")
    }

    @Test func showListsTheWalks() throws {
        let store = dir + "/hikes.sqlite"
        #expect(run(["import", "--store", store, "Samples/gpxpy-Mojstrovka.gpx"]).code == 0)
        let s = try HikeStore(path: store)
        let id = try #require(try s.summaries().first?.id)
        let walk = try s.beginWalk(of: id, startedAt: Date(timeIntervalSince1970: 1_764_500_000), offRouteThreshold: 30)
        let summary = FollowSummary(routeLength: 2700, coverage: 0.456, coveredLength: 1231, furthestProgress: 1500,
                                    activeTime: 2400, distanceWalked: 1620)
        try s.finishWalk(walk, endedAt: Date(timeIntervalSince1970: 1_764_503_000), summary: summary)
        _ = try s.beginWalk(of: id, startedAt: Date(timeIntervalSince1970: 1_764_600_000), offRouteThreshold: 30,
                            backtrackRoute: [Trackpoint(latitude: 46, longitude: 13), Trackpoint(latitude: 46.001, longitude: 13)])
        let text = run(["show", id.rawValue, "--store", store])
        #expect(text.code == 0)
        #expect(text.out.contains("Walks (2):"))
        #expect(text.out.contains("2025-11-30 10:53     46 %  1.62 km  40 min   1.50 km"))
        #expect(text.out.contains("backtrack, unfinished, no fix"))
        let json = run(["show", id.rawValue, "--store", store, "--json"])
        struct Detail: Decodable {
            struct Walk: Decodable { var finished: Bool; var backtrack: Bool; var summary: FollowSummary?; var pointCount: Int }
            var walks: [Walk]
        }
        let detail = try JSONDecoder().decode(Detail.self, from: Data(json.out.utf8))
        #expect(detail.walks.count == 2)
        #expect(detail.walks[0].finished && !detail.walks[0].backtrack)
        #expect(detail.walks[0].summary?.coverage == 0.456)
        #expect(detail.walks[1].backtrack && detail.walks[1].summary == nil)
    }

    @Test func speechRunsEspeakWhenItIsThere() throws {
        let missing = SpeechOutput(environment: ["PATH": dir + "/nowhere"])
        #expect(!missing.isAvailable)
        #expect(!missing.speak("Off route"))
        // A stand-in espeak-ng that writes what it was asked to say.
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let said = dir + "/said.txt"
        try "#!/bin/sh\nprintf '%s' \"$1\" > \(said).tmp && mv \(said).tmp \(said)\n".write(toFile: bin + "/espeak-ng", atomically: true,
                                                                                          encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/espeak-ng")
        let speech = SpeechOutput(environment: ["PATH": "/nonexistent:" + bin])
        #expect(speech.executable == bin + "/espeak-ng")
        #expect(speech.speak("Off route"))
        let deadline = Date().addingTimeInterval(30)  // a loaded machine can take seconds to start the shell
        while !FileManager.default.fileExists(atPath: said) && Date() < deadline { usleep(20_000) }
        #expect((try? String(contentsOfFile: said, encoding: .utf8)) == "Off route")
    }
}
