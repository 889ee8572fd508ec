import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// TCP ports on 127.0.0.1 for test daemons.
public enum LocalPorts {
    /// True when a TCP socket can bind 127.0.0.1:`port` right now.
    public static func canBind(_ port: UInt16) -> Bool {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var addr = address(port)
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// True when something accepts connections on 127.0.0.1:`port`.
    public static func isListening(_ port: UInt16) -> Bool {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var addr = address(port)
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// A random free port from 2948 up (2947 may belong to a system gpsd).
    public static func freePort() -> UInt16 {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let port = UInt16.random(in: 2948...3947, using: &rng)
            if !isListening(port), canBind(port) { return port }
        }
        return 2948
    }

    /// Polls until `port` accepts connections, at most `timeout` seconds.
    public static func waitUntilListening(_ port: UInt16, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if isListening(port) { return true }
            usleep(50_000)
        }
        return false
    }

    private static func address(_ port: UInt16) -> sockaddr_in {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = port.bigEndian
        return addr
    }
}
