import Foundation
import TrailCore
import Localization

/// A ``PositionSource`` reading gpsd's JSON protocol over TCP.
///
/// On its own thread it connects, sends `?WATCH={"enable":true,"json":true};`, and turns the
/// reports into events through a ``GPSDSession``. When the connection fails or gpsd goes away
/// it sends `.connection(.disconnected(reason:retryIn:))`, waits with ``ReconnectBackoff``
/// (1, 2, 4, 5, 5 … s: at most 5 s, DECISIONS.md) and tries again, for as long as it runs; the backoff restarts after gpsd
/// has answered with its VERSION banner. Staleness is checked every ``Configuration/pollInterval``
/// seconds, also while disconnected, so a lost gpsd shows as a stale position too.
///
/// All waiting and time stamps go through the injected ``LiveClock``; the socket's own poll
/// timeout is real time and only bounds how often the clock is consulted.
public final class GPSDClient: PositionSource, @unchecked Sendable {
    /// Tunables of the client; the defaults suit a hiker's receiver at 1 Hz.
    public struct Configuration: Sendable {
        /// Where gpsd listens.
        public var endpoint: GPSDEndpoint
        /// Seconds without a fix before `.stale`.
        public var staleAfter: Double
        /// Seconds to wait for a TCP connection.
        public var connectTimeout: Double
        /// Longest real-time wait for data before the stale timer is checked and a stop
        /// request is noticed, seconds.
        public var pollInterval: Double
        /// The reconnect delays.
        public var backoff: ReconnectBackoff

        public init(endpoint: GPSDEndpoint = .local, staleAfter: Double = 10, connectTimeout: Double = 5,
                    pollInterval: Double = 0.25, backoff: ReconnectBackoff = ReconnectBackoff()) {
            self.endpoint = endpoint
            self.staleAfter = staleAfter
            self.connectTimeout = connectTimeout
            self.pollInterval = pollInterval
            self.backoff = backoff
        }
    }

    /// The command that asks gpsd to stream JSON reports.
    public static let watchCommand = "?WATCH={\"enable\":true,\"json\":true};\n"

    public let configuration: Configuration
    private let clock: any LiveClock
    private let stopFlag = StopFlag()

    public init(configuration: Configuration = Configuration(), clock: any LiveClock = SystemClock()) {
        self.configuration = configuration
        self.clock = clock
    }

    public func start(_ handler: @escaping @Sendable (PositionEvent) -> Void) {
        stopFlag.startOnce(threadName: "cairn.gpsd") { [self] in run(handler) }
    }

    public func stop() { stopFlag.stop() }

    private func run(_ emit: @Sendable (PositionEvent) -> Void) {
        let c = configuration
        var session = GPSDSession(staleAfter: c.staleAfter, startedAt: clock.now())
        var backoff = c.backoff
        var attempt = 0
        while !stopFlag.isStopped {
            attempt += 1
            emit(.connection(.connecting(attempt: attempt)))
            let reason: String
            do {
                let link = try TCPConnection(host: c.endpoint.host, port: c.endpoint.port, timeout: c.connectTimeout)
                session.connected(at: clock.now())
                try link.write(Self.watchCommand)
                reason = try pump(link, &session, emit) { backoff.reset(); attempt = 0 }
            } catch {
                reason = error.description
            }
            if stopFlag.isStopped { break }
            let delay = backoff.next()
            emit(.connection(.disconnected(reason: reason, retryIn: delay)))
            var left = delay
            while left > 0 && !stopFlag.isStopped {
                let step = min(left, c.pollInterval)
                clock.sleep(seconds: step)
                left -= step
                for e in session.tick(at: clock.now()) { emit(e) }
            }
        }
        emit(.ended(SourceEnd(reason: L("stopped"))))
    }

    /// Reads until the link closes or a stop is requested; returns why it ended.
    private func pump(_ link: TCPConnection, _ session: inout GPSDSession, _ emit: @Sendable (PositionEvent) -> Void,
                      onGreeting: () -> Void) throws(SystemCallError) -> String {
        while !stopFlag.isStopped {
            switch try link.read(timeout: configuration.pollInterval) {
            case .data(let bytes):
                let garbage = session.garbageLines
                for e in session.receive(bytes, at: clock.now()) {
                    if case .connection(.connected) = e { onGreeting() }
                    emit(e)
                }
                if session.garbageLines != garbage {
                    emit(.skippedInput(badSentences: nil, garbageLines: session.garbageLines))
                }
            case .timeout:
                break
            case .closed:
                return L("gpsd closed the connection")
            }
            for e in session.tick(at: clock.now()) { emit(e) }
        }
        return L("stopped")
    }
}
