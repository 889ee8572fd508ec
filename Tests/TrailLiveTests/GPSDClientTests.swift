import Foundation
import Testing
import TrailCore
@testable import TrailLive

/// The client against a local TCP server on 127.0.0.1 playing gpsd.
@Suite struct GPSDClientTests {
    func config(_ port: UInt16, staleAfter: Double = 10) -> GPSDClient.Configuration {
        GPSDClient.Configuration(endpoint: GPSDEndpoint(host: "127.0.0.1", port: port), staleAfter: staleAfter,
                                 connectTimeout: 2, pollInterval: 0.02)
    }

    @Test func sendsWatchReadsSplitLinesAndReconnectsAfterGpsdGoesAway() throws {
        let server = try LocalTCPServer { fd, n in
            LocalTCPServer.send(fd, GPSDLines.version + "\n")
            let watch = LocalTCPServer.receive(fd)
            guard watch == GPSDClient.watchCommand else { return }
            // A TPV cut in the middle, sent in two writes.
            let line = GPSDLines.full.replacingOccurrences(of: "10:00:01", with: "10:00:0\(n + 1)") + "\n"
            let cut = line.index(line.startIndex, offsetBy: 40)
            LocalTCPServer.send(fd, String(line[..<cut]))
            usleep(30_000)
            LocalTCPServer.send(fd, String(line[cut...]) + "garbage\n")
            usleep(30_000)
        }  // returning closes the connection: gpsd went away
        defer { server.stop() }
        let clock = ManualClock()
        let client = GPSDClient(configuration: config(server.port), clock: clock)
        let rec = EventRecorder()
        client.start(rec.handler)
        #expect(rec.wait { $0.filter { if case .fix = $0 { true } else { false } }.count >= 2 })
        client.stop()
        #expect(rec.wait { $0.contains(where: isEnded) })
        let fixes = rec.fixes
        #expect(fixes[0].time == Date(timeIntervalSince1970: 1_714_557_601))
        #expect(fixes[1].time == Date(timeIntervalSince1970: 1_714_557_602))
        let states = rec.events.compactMap { if case .connection(let s) = $0 { s } else { nil } }
        #expect(Array(states.prefix(4)) == [
            .connecting(attempt: 1), .connected(detail: "gpsd 3.22 (protocol 3.14)"),
            .disconnected(reason: "gpsd closed the connection", retryIn: 1), .connecting(attempt: 1),
        ])
        #expect(rec.events.last.map(isEnded) == true)
    }

    @Test func backsOffExponentiallyWhileNothingListens() {
        let port = unusedLocalPort()
        let clock = ManualClock()
        let client = GPSDClient(configuration: config(port, staleAfter: 10), clock: clock)
        let rec = EventRecorder()
        client.start(rec.handler)
        let gotSeven = rec.wait {
            $0.filter { if case .connection(.disconnected) = $0 { true } else { false } }.count >= 7
        }
        client.stop()
        #expect(gotSeven)
        rec.wait { $0.contains(where: isEnded) }
        let delays = rec.events.compactMap { e -> Double? in
            if case .connection(.disconnected(_, let d)) = e { d } else { nil }
        }
        // Capped at 5 s (DECISIONS.md): gpsd back is found within 5 s.
        #expect(Array(delays.prefix(7)) == [1, 2, 4, 5, 5, 5, 5])
        let attempts = rec.events.compactMap { e -> Int? in
            if case .connection(.connecting(let a)) = e { a } else { nil }
        }
        #expect(Array(attempts.prefix(3)) == [1, 2, 3])
        // Stale after 10 s of clock time without a fix, reported once, during the backoff waits.
        let stale = rec.events.filter { if case .stale = $0 { true } else { false } }
        #expect(stale == [.stale(lastFix: nil)])
        let reason = rec.events.compactMap { e -> String? in
            if case .connection(.disconnected(let r, _)) = e { r } else { nil }
        }.first ?? ""
        #expect(reason.contains("Connection refused"))
    }

    @Test func reportsStaleWhenGpsdStaysSilentAfterAFix() throws {
        let server = try LocalTCPServer { fd, _ in
            LocalTCPServer.send(fd, GPSDLines.version + "\n" + GPSDLines.full + "\n")
            _ = LocalTCPServer.receive(fd, timeout: 3)  // keep the link open, silent
            usleep(2_000_000)
        }
        defer { server.stop() }
        let clock = ManualClock()
        let client = GPSDClient(configuration: config(server.port, staleAfter: 5), clock: clock)
        let rec = EventRecorder()
        client.start(rec.handler)
        #expect(rec.wait { !$0.compactMap { if case .fix(let f) = $0 { f } else { nil } }.isEmpty })
        let arrival = clock.now()
        usleep(100_000)
        #expect(!rec.events.contains { if case .stale = $0 { true } else { false } })
        clock.advance(5.5)
        #expect(rec.wait(timeout: 2) { $0.contains { if case .stale = $0 { true } else { false } } })
        client.stop()
        rec.wait { $0.contains(where: isEnded) }
        let stale = rec.events.compactMap { e -> Date? in if case .stale(let d) = e { d } else { nil } }
        #expect(stale == [arrival])
    }
}
