import CairnCLI
import Foundation
import Testing
import TrailMap

/// `cairn map fetch` against a stand-in Overpass server on 127.0.0.1
/// (Fixtures/overpass_server.py, Python's http.server) answering with the Andorra sample
/// extract without its `<bounds>` (as Overpass writes it), a 429, silence, a cut-off answer and
/// a runtime-error remark. No test needs the internet.
@Suite(.serialized) struct MapFetchCommandTests {
    /// The server, stopped by ``stop()``.
    final class Server {
        let process = Process()
        let port: Int
        let log: String

        init?(script: String, dir: String) throws {
            let answer = dir + "/answer.osm"
            let sample = try String(contentsOfFile: repoRoot + "/Samples/andorra-ordino.osm", encoding: .utf8)
            try sample.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("<bounds") }
                .joined(separator: "\n").write(toFile: answer, atomically: true, encoding: .utf8)
            log = dir + "/requests.log"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", repoRoot + "/Tests/CairnCLITests/Fixtures/overpass_server.py", "--file", answer,
                                 "--script", script, "--log", log]
            let pipe = Pipe()
            process.standardOutput = pipe
            guard (try? process.run()) != nil else { print("skipped: python3 not found"); return nil }
            var line = Data()
            while let byte = try pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
                line += byte
            }
            guard let p = Int(String(decoding: line, as: UTF8.self)) else { process.terminate(); return nil }
            port = p
        }

        var endpoint: String { "http://127.0.0.1:\(port)/api/interpreter" }

        struct Request: Decodable { let time: Double, userAgent: String, query: String }
        var requests: [Request] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
        }

        /// SIGKILL: the test process's blocked signals are inherited, so SIGTERM may never arrive.
        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    static let bbox = "42.57,1.48,42.66,1.59"

    static func fetch(_ server: Server, _ dir: String, _ extra: [String] = []) -> CLIRun {
        cairn(["map", "fetch", "--bbox", bbox, "--endpoint", server.endpoint, "--map", dir + "/map.sqlite"] + extra,
              environment: ["XDG_CACHE_HOME": dir + "/cache"])
    }

    static func extracts(_ dir: String) throws -> [MapImportRecord] {
        guard FileManager.default.fileExists(atPath: dir + "/map.sqlite") else { return [] }
        return try MapStore(path: dir + "/map.sqlite", readOnly: true).imports()
    }

    /// A 429 is waited out as Retry-After says, the User-Agent names Cairn, the answer is one
    /// extract covering the box asked for, and the same area again comes from the cache.
    @Test func aBusyServerIsWaitedOutAndTheAnswerCached() throws {
        let dir = makeTempDirectory("fetch")
        guard let server = try Server(script: "429,ok", dir: dir) else { return }
        defer { server.stop() }
        let run = Self.fetch(server, dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the server is busy (HTTP 429); waiting 1 s as it asks"))
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.userAgent.hasPrefix("Cairn/\(CairnCLI.version) ") })
        if requests.count == 2 { #expect(requests[1].time - requests[0].time >= 0.95) }
        #expect(requests.first?.query.hasPrefix("[out:xml][timeout:180][maxsize:100000000][bbox:42.570000,1.480000,42.660000,1.590000];") == true)
        let extracts = try Self.extracts(dir)
        #expect(extracts.count == 1)
        let e = try #require(extracts.first)
        #expect(e.featuresHeld > 500)
        #expect(e.coverage.count == 1 && abs(e.coverage[0].minLatitude - 42.57) < 1e-9 && abs(e.coverage[0].maxLongitude - 1.59) < 1e-9)
        let again = Self.fetch(server, dir)
        #expect(again.status == 0 && again.stdout.contains("the map already holds this area"))
        #expect(server.requests.count == 2, "the cached area was fetched again")
    }

    /// Silence past the client's time, a cut-off answer and a runtime-error remark each fail
    /// in words and import nothing; nothing partial is cached.
    @Test(arguments: [("hang", "no complete answer within 6 s"), ("truncate", "the answer was cut off"),
                      ("remark", "the server gave up: runtime error: Query timed out")])
    func aFailedAnswerImportsNothing(_ script: String, _ message: String) throws {
        let dir = makeTempDirectory("fetch-\(script)")
        guard let server = try Server(script: script, dir: dir) else { return }
        defer { server.stop() }
        let run = Self.fetch(server, dir, ["--timeout", "1"])
        #expect(run.status == 1)
        #expect(run.stderr.contains(message) && run.stderr.contains("nothing was imported"), "\(run.stderr)")
        #expect(try Self.extracts(dir).isEmpty)
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/cache/cairn/overpass")) ?? []
        #expect(cached.filter { $0.hasSuffix(".osm") || $0.hasSuffix(".part") }.isEmpty, "\(cached)")
    }

    @Test func areaAndOptionsAreChecked() throws {
        let dir = makeTempDirectory("fetch-usage")
        let big = cairn(["map", "fetch", "--bbox", "42,1,43,2", "--map", dir + "/map.sqlite"],
                        environment: ["XDG_CACHE_HOME": dir + "/cache"])
        #expect(big.status == 1 && big.stderr.contains("more than the 1000 km²"))
        #expect(cairn(["map", "fetch", "--map", dir + "/m.sqlite"]).status == 2)
        #expect(cairn(["map", "fetch", "--bbox", "43,1,42,2", "--map", dir + "/m.sqlite"]).status == 2)
        #expect(cairn(["map", "fetch", "--bbox", Self.bbox, "--endpoint", "ftp://x", "--map", dir + "/m.sqlite"]).status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir + "/m.sqlite"))
    }
}
