import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TrailCore
@testable import TrailLive

/// A clock tests control: `sleep` advances time at once and records the request.
final class ManualClock: LiveClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var sleeps: [Double] = []

    init(_ start: Date = Date(timeIntervalSince1970: 1_714_557_600)) { current = start }

    func now() -> Date { lock.withLock { current } }
    func sleep(seconds: Double) {
        lock.withLock { current = current.addingTimeInterval(seconds); sleeps.append(seconds) }
        // Yield a little real time so busy loops in the source do not starve the test thread.
        usleep(200)
    }
    func advance(_ seconds: Double) { lock.withLock { current = current.addingTimeInterval(seconds) } }
    var totalSlept: Double { lock.withLock { sleeps.reduce(0, +) } }
}

/// Collects events from a source's thread and lets the test wait for a condition.
final class EventRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var storage: [PositionEvent] = []

    var handler: @Sendable (PositionEvent) -> Void {
        { [self] e in condition.lock(); storage.append(e); condition.broadcast(); condition.unlock() }
    }
    var events: [PositionEvent] { condition.lock(); defer { condition.unlock() }; return storage }

    /// Waits (real time, up to `timeout` s) until `predicate` holds for the events so far.
    @discardableResult
    func wait(timeout: Double = 5, until predicate: ([PositionEvent]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock(); defer { condition.unlock() }
        while !predicate(storage) {
            if !condition.wait(until: deadline) { return predicate(storage) }
        }
        return true
    }

    var fixes: [PositionFix] { events.compactMap { if case .fix(let f) = $0 { f } else { nil } } }
}

func isEnded(_ e: PositionEvent) -> Bool { if case .ended = e { true } else { false } }

/// A one-connection-at-a-time TCP server on 127.0.0.1 (ephemeral port) whose behaviour per
/// accepted connection is a closure run on a background thread.
final class LocalTCPServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let stopFlag = StopFlag()

    /// - Parameter session: called for each accepted client with its descriptor and the
    ///   connection number (0, 1, …); the server closes the descriptor when it returns.
    init(session: @escaping @Sendable (Int32, Int) -> Void) throws {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(s, 4) == 0 else { close(s); throw SystemCallError.errno("bind") }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) }
        }
        port = UInt16(bigEndian: addr.sin_port)
        listener = s
        let flag = stopFlag
        Thread {
            var n = 0
            while !flag.isStopped {
                var p = pollfd(fd: s, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, 50) > 0 else { continue }
                let c = accept(s, nil, nil)
                if c < 0 { continue }
                session(c, n)
                n += 1
                close(c)
            }
        }.start()
    }

    func stop() { stopFlag.stop(); usleep(100_000); close(listener) }

    /// Writes `text` to a client descriptor.
    static func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads whatever the client sent within `timeout` seconds.
    static func receive(_ fd: Int32, timeout: Double = 2) -> String {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(timeout * 1000)) > 0 else { return "" }
        var buf = [UInt8](repeating: 0, count: 4096)
        let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? String(decoding: buf[0..<n], as: UTF8.self) : ""
    }
}

/// A TCP port on 127.0.0.1 with nothing listening (bound once, then released).
func unusedLocalPort() -> UInt16 {
    let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(s) }
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var len = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) }
    }
    return UInt16(bigEndian: addr.sin_port)
}

/// The directory of this test file, for fixtures.
let testDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
