import Foundation
import Testing
import TrailCore
@testable import TrailLive
#if canImport(Glibc)
import Glibc
#endif

/// The control socket of a running recording: path rules, owner-only permissions, a request
/// answered, nothing running refused, a stale socket replaced, a live one not taken.
@Suite struct LiveControlSocketTests {
    static func tempDir() -> String {
        let d = "/tmp/cairn-lc-\(UUID().uuidString.prefix(8))"
        mkdir(d, 0o700)
        return d
    }

    @Test func pathFollowsXDGRuntimeDirWithAFallback() {
        #expect(LiveControlSocket.path(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/cairn/live.sock")
        #expect(LiveControlSocket.path(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"]) == "/run/user/1000/cairn/live.sock")
        #expect(LiveControlSocket.path(environment: [:]) == "/tmp/cairn-\(getuid())/live.sock")
        // A relative value is ignored (the XDG Base Directory spec: such paths are invalid).
        #expect(LiveControlSocket.path(environment: ["XDG_RUNTIME_DIR": "run"]) == "/tmp/cairn-\(getuid())/live.sock")
    }

    @Test func requestsRoundTrip() {
        let all: [LiveControlRequest] = [.status, .pause, .resume, .finish(name: nil), .finish(name: "Col de Balme"),
                                         .place(name: "Spring by the bridge"), .photo]
        for r in all { #expect(LiveControlRequest(line: r.line) == r) }
        #expect(LiveControlRequest(line: "place") == nil)
        #expect(LiveControlRequest(line: "photo here") == nil)
        #expect(LiveControlRequest(line: "pause now") == nil)
        #expect(LiveControlRequest(line: "explode") == nil)
        #expect(LiveControlRequest.place(name: "a\nb").line == "place a b")
    }

    @Test func serverAnswersOwnerOnlyAndCleansUp() throws {
        let dir = Self.tempDir() + "/cairn"
        let path = dir + "/live.sock"
        let server = try LiveControlServer(path: path) { "echo " + $0 }
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        #expect(lstat(dir, &st) == 0 && st.st_mode & 0o777 == 0o700)
        #expect(try LiveControlClient.send("status", to: path) == "echo status")
        // A second server on the same path is refused while the first serves.
        #expect(throws: LiveControlError.busy(path)) { _ = try LiveControlServer(path: path) { $0 } }
        server.stop()
        #expect(stat(path, &st) != 0)
        #expect(throws: LiveControlError.notRunning(path, stale: false)) { _ = try LiveControlClient.send("status", to: path) }
    }

    @Test func staleSocketIsSaidAndReplaced() throws {
        let dir = Self.tempDir()
        let path = dir + "/live.sock"
        // A socket file nobody accepts on: what a killed process leaves.
        var addr = try LiveControlSocket.address(path)
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(s)
        #expect(throws: LiveControlError.notRunning(path, stale: true)) { _ = try LiveControlClient.send("status", to: path) }
        #expect(LiveControlError.notRunning(path, stale: true).description.contains("left by a process that ended"))
        let server = try LiveControlServer(path: path) { _ in "ok" }
        defer { server.stop() }
        #expect(try LiveControlClient.send("pause", to: path) == "ok")
    }

    @Test func folderOpenToOthersIsRefused() throws {
        let dir = Self.tempDir()
        chmod(dir, 0o755)
        #expect(throws: LiveControlError.self) { try LiveControlSocket.prepare(directory: dir) }
        chmod(dir, 0o700)
        try LiveControlSocket.prepare(directory: dir)
    }

    @Test func mailboxHandsRequestsToTheOwner() throws {
        let mailbox = LiveControlMailbox()
        let handler = mailbox.serverHandler(timeout: 5)
        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer = ""
        Thread.detachNewThread { answer = handler("pause"); answered.signal() }
        let deadline = Date().addingTimeInterval(5)
        while !mailbox.hasRequests && Date() < deadline { usleep(5_000) }
        mailbox.answer { r in LiveControlReply(ok: r == .pause, message: "paused") }
        answered.wait()
        #expect(LiveControlReply(line: answer) == LiveControlReply(ok: true, message: "paused"))
        #expect(LiveControlReply(line: handler("bogus"))?.ok == false)
    }

    /// The one line and its tmux markup, against figures worked out by hand: 3725 s is 1:02:05,
    /// 3210 m is 3.21 km, 1.25 m/s is 1000/1.25 = 800 s/km = 13:20 min/km.
    @Test func statusLineAndTmuxMarkup() {
        let units = UnitFormatter(system: .metric)
        var s = LiveStatus(activity: "recording", state: "recording", elapsed: 3725, distance: 3210, speed: 1.25, fixAge: 1.4)
        #expect(s.text(units) == "recording · 1:02:05 · 3.21 km · 13:20 min/km · fix 1 s ago")
        #expect(s.tmux(units) == "#[fg=red,bold]● REC#[default] 1:02:05 3.21 km 13:20 min/km fix 1 s ago")
        s.state = "paused"
        s.offRoute = 42
        s.fixAge = 45
        #expect(s.text(units) == "paused · 1:02:05 · 3.21 km · 13:20 min/km · off route 42 m · fix 45 s ago (stale)")
        #expect(s.tmux(units) == "#[fg=yellow,bold]❚❚ PAUSED#[default] 1:02:05 3.21 km 13:20 min/km "
                + "#[fg=red,bold]off 42 m#[default] #[fg=yellow]fix 45 s ago (stale)#[default]")
    }
}
