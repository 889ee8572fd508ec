import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real gpsd fed by `gpsfake` from an NMEA log on a free local port, for integration tests:
/// started with ``SpawnedProcess`` (clean signal mask), `-1` (play once), `-n` (start at once),
/// `-W 1` (exit a second after the log ends instead of 60 s), `-c` seconds between sentences.
/// ``finish()`` waits for it and removes the `/tmp/gpsfake-PID.sock` it leaves behind.
public final class GPSFakeProcess {
    public let port: UInt16
    public let process: SpawnedProcess

    /// Starts gpsfake on `log` and waits (up to 5 s) until gpsd answers on the port.
    /// - Throws: ``SpawnedProcess/SpawnError``, or ``NotListening`` (the process is stopped).
    public init(gpsfake: String, log: String, cycle: Double, port: UInt16 = LocalPorts.freePort()) throws {
        self.port = port
        process = try SpawnedProcess(gpsfake, ["-q", "-n", "-1", "-W", "1", "-c", String(cycle), "-P", String(port), log])
        guard LocalPorts.waitUntilListening(port, timeout: 5) else {
            finish(timeout: 0)
            throw NotListening(port: port)
        }
    }

    /// gpsd never opened its port.
    public struct NotListening: Error, CustomStringConvertible {
        public var port: UInt16
        public var description: String { "gpsd did not open port \(port)" }
    }

    /// Waits up to `timeout` seconds for the replay to end, stops it otherwise, and cleans up.
    public func finish(timeout: Double = 5) {
        if !process.wait(timeout: timeout) { process.stop() }
        try? FileManager.default.removeItem(atPath: "/tmp/gpsfake-\(process.pid).sock")
    }
}
