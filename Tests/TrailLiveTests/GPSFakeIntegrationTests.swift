import Foundation
import GPSFakeSupport
import Testing
import TrailCore
@testable import TrailLive

/// End to end through a real gpsd: `Tools/gpx2nmea.py` turns the sample hike
/// `Samples/GPSTools-Oybin.gpx` (a 15.5 km loop, 442 timed points) into an NMEA log, `gpsfake`
/// replays it through gpsd on a free port, ``GPSDClient`` reads the fixes and a
/// ``FollowSession`` follows the same track. `Fixtures/follow_reference.py` computes the
/// expected coverage, progress and off-route alerts from the same log with GeographicLib and
/// its own projection (see its header for the method). Skipped with a notice when gpsfake,
/// python3 or GeographicLib is missing.
@Suite struct GPSFakeIntegrationTests {
    static let repo = testDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let gpx = repo.appendingPathComponent("Samples/GPSTools-Oybin.gpx")

    @Test func followsTheSampleHikeThroughGpsd() throws {
        guard let run = try Self.run(detour: nil) else { return }
        let ref = run.reference
        #expect(run.fixCount == ref.accepted.count + 2)  // the two --hold epochs are duplicates
        #expect(run.session.filter.counters.accepted == ref.accepted.count)
        // Coverage: the same 10 m samples; the two plane methods differ by millimetres, so at
        // most a sample or two on the 25 m boundary may differ (10 m each).
        #expect(abs(run.session.coverage.coveredLength - ref.coveredLength) <= 20,
                "covered \(run.session.coverage.coveredLength) m vs reference \(ref.coveredLength) m")
        #expect(abs(run.session.coverageFraction - ref.coverage) < 0.002)
        // Progress fix by fix: each fix sits on its route vertex (NMEA rounding: 2 cm).
        #expect(run.progress.count == ref.accepted.count)
        let worst = zip(run.progress, ref.accepted).map { abs($0 - $1.progress) }.max() ?? .infinity
        #expect(worst < 0.5, "largest progress error \(worst) m")
        print("gpsfake follow: \(run.fixCount) fixes, coverage \(run.session.coverage.coveredLength) m "
              + "(reference \(ref.coveredLength) m) of \(ref.routeLength) m, largest progress error \(worst) m")
        #expect(abs(run.session.progress - ref.finalProgress) < 0.5)
        #expect(abs(run.session.furthestProgress - ref.routeLength) < 0.5)
        #expect(abs(run.session.distanceWalked - ref.distanceWalked) < 0.5)
        #expect(run.alerts.isEmpty)
    }

    @Test func detourRaisesTheOffRouteAlert() throws {
        guard let run = try Self.run(detour: "3000:3600:60") else { return }
        let ref = run.reference
        #expect(!ref.alerts.isEmpty)
        let expected = ref.alerts.map { ($0.time, $0.kind) }
        let got = run.alerts.map { a -> (Double, String) in
            let kind = switch a.1 { case .leftRoute: "left"; case .stillOffRoute: "still"; case .backOnRoute: "back" }
            return (a.0.timeIntervalSince1970, kind)
        }
        #expect(got.map(\.1) == expected.map(\.1))
        #expect(zip(got, expected).allSatisfy { abs($0.0 - $1.0) < 0.01 }, "alerts \(got) vs \(expected)")
        #expect(!run.session.isOffRoute)
        print("gpsfake detour: alerts \(got.map(\.1)) at \(got.map(\.0)); reference \(expected.map(\.0))")
        #expect(abs(run.session.coverage.coveredLength - ref.coveredLength) <= 20)
        #expect(abs(run.session.progress - ref.finalProgress) < 0.5)
    }

    // MARK: running one replay

    typealias Reference = FollowReference

    struct Run {
        var reference: Reference
        var session: FollowSession
        var fixCount: Int
        var progress: [Double]
        var alerts: [(Date, OffRouteAlert)]
    }

    /// Thread-safe holder for the follow state fed from the client's thread.
    final class Follower: @unchecked Sendable {
        let lock = NSLock()
        var session: FollowSession
        var fixCount = 0
        var progress: [Double] = []
        var alerts: [(Date, OffRouteAlert)] = []
        var sawFix = false
        var disconnectedAfterFixes = false
        init(_ s: FollowSession) { session = s }

        func handle(_ e: PositionEvent) {
            lock.withLock {
                switch e {
                case .fix(let f):
                    fixCount += 1
                    sawFix = true
                    let u = session.receive(f)
                    if let m = u.match { progress.append(m.progress) }
                    if let a = u.alert { alerts.append((f.time, a)) }
                case .connection(.disconnected) where sawFix:
                    disconnectedAfterFixes = true
                default:
                    break
                }
            }
        }
    }

    static func run(detour: String?) throws -> Run? {
        guard let gpsfake = which("gpsfake"), let python = which("python3") else {
            print("skipped: gpsfake or python3 not found (Debian: gpsd-clients, python3)")
            return nil
        }
        guard shell(python, ["-c", "import geographiclib"]) == 0 else {
            print("skipped: python3 GeographicLib not installed (pip install geographiclib)")
            return nil
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-gpsfake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let nmea = dir.appendingPathComponent("walk.nmea"), refPath = dir.appendingPathComponent("ref.json")
        var toolArgs = [repo.appendingPathComponent("Tools/gpx2nmea.py").path, gpx.path, "-o", nmea.path]
        if let detour { toolArgs += ["--detour", detour] }
        try #require(shell(python, toolArgs) == 0)
        try #require(shell(python, [testDirectory.appendingPathComponent("Fixtures/follow_reference.py").path,
                                    gpx.path, nmea.path], stdout: refPath) == 0)
        let reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: refPath))
        let vertices = reference.route ?? []
        let route = FollowRoute(coordinates: vertices.map { Coordinate(latitude: $0[0]!, longitude: $0[1]!) },
                                elevations: vertices.map { $0[2] })

        // 0.01 s between sentences (888 sentences: about 10 s); see GPSFakeProcess for the rest.
        let fake = try GPSFakeProcess(gpsfake: gpsfake, log: nmea.path, cycle: 0.01)
        defer { fake.finish() }
        let port = fake.port

        let follower = Follower(FollowSession(route: route))
        let client = GPSDClient(configuration: .init(endpoint: GPSDEndpoint(host: "127.0.0.1", port: port),
                                                     pollInterval: 0.05))
        client.start { follower.handle($0) }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && !follower.lock.withLock({ follower.disconnectedAfterFixes }) { usleep(50_000) }
        client.stop()
        return follower.lock.withLock {
            Run(reference: reference, session: follower.session, fixCount: follower.fixCount,
                progress: follower.progress, alerts: follower.alerts)
        }
    }

    @discardableResult
    static func shell(_ exe: String, _ args: [String], stdout: URL? = nil) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        if let stdout {
            _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
            p.standardOutput = try? FileHandle(forWritingTo: stdout)
        } else {
            p.standardOutput = FileHandle.nullDevice
        }
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return -1 }
        p.waitUntilExit()
        return p.terminationStatus
    }
}
