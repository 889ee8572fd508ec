import Foundation
import Synchronization
import Testing
import TrailLive
@testable import CairnCLI

/// `cairn record …` and `cairn follow …` are kind-aware (DECISIONS.md 972): against a walk
/// being followed, `cairn record resume` does nothing and names `cairn follow resume`; the
/// running process's refusals carry the command's own prefix. A server stands in for the
/// running process and keeps the requests it got.
@Suite struct LiveControlKindTests {
    final class Log: Sendable {
        let lines = Mutex<[String]>([])
    }

    final class FakeRunning: Sendable {
        let log = Log()
        let server: LiveControlServer
        init(path: String, activity: String, refuse: String? = nil) throws {
            let log = self.log
            server = try LiveControlServer(path: path) { line in
                log.lines.withLock { $0.append(line) }
                let status = LiveStatus(activity: activity, state: activity)
                if line == "status" { return LiveControlReply(ok: true, message: activity, status: status).line }
                return LiveControlReply(ok: refuse == nil, message: refuse ?? "done", status: status).line
            }
        }
    }

    static func environment() throws -> [String: String] {
        let runtime = "/tmp/cairn-kind-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return ["XDG_RUNTIME_DIR": runtime]
    }

    @Test func recordActionsAgainstAFollowAreRefusedAndNameTheFollowCommand() throws {
        let env = try Self.environment()
        let running = try FakeRunning(path: LiveControlSocket.path(environment: env), activity: "following")
        defer { running.server.stop() }
        let r = cairn(["record", "resume"], environment: env)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("cairn record: a followed walk is running, not a recording: `cairn follow resume` goes to it"), "\(r.stderr)")
        // Only the status was asked: nothing was done to the walk.
        #expect(running.log.lines.withLock { $0 } == ["status"])
        let f = cairn(["follow", "pause"], environment: env)
        #expect(f.status == 0 && f.stdout == "done\n", "\(f)")
        #expect(running.log.lines.withLock { $0 } == ["status", "status", "pause"])
    }

    @Test func followActionsAgainstARecordingAreRefusedAndARefusalCarriesThePrefix() throws {
        let env = try Self.environment()
        let running = try FakeRunning(path: LiveControlSocket.path(environment: env), activity: "recording", refuse: "cannot pause: disk full")
        defer { running.server.stop() }
        let f = cairn(["follow", "place", "Spring"], environment: env)
        #expect(f.status == 1)
        #expect(f.stderr.hasPrefix("cairn follow: a recording is running, not a followed walk: `cairn record place Spring` adds the place to it"),
                "\(f.stderr)")
        let r = cairn(["record", "pause"], environment: env)
        #expect(r.status == 1 && r.stderr == "cairn record: cannot pause: disk full\n", "\(r)")
    }
}
