import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TrailCore
@testable import TrailLive

/// The XSI pseudo-terminal calls, which Swift's Glibc module does not import (they need
/// `_XOPEN_SOURCE`), looked up at run time.
private enum PTY {
    typealias OpenPT = @convention(c) (Int32) -> Int32
    typealias FDCall = @convention(c) (Int32) -> Int32
    typealias PTSName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func symbol<T>(_ name: String, as: T.Type) -> T? {
        guard let s = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(s, to: T.self)
    }

    /// Opens a master and returns it with the slave's path.
    static func open() -> (master: Int32, slave: String)? {
        guard let openpt = symbol("posix_openpt", as: OpenPT.self), let grant = symbol("grantpt", as: FDCall.self),
              let unlock = symbol("unlockpt", as: FDCall.self), let name = symbol("ptsname", as: PTSName.self) else {
            return nil
        }
        let m = openpt(O_RDWR | O_NOCTTY)
        guard m >= 0, grant(m) == 0, unlock(m) == 0, let p = name(m) else { return nil }
        return (m, String(cString: p))
    }
}

/// NMEA from a terminal device: a pseudo-terminal stands in for a USB receiver.
@Suite struct SerialNMEATests {
    func sentence(_ body: String) -> String { "$\(body)*\(hex(body))\r\n" }

    @Test func readsATerminalInRawModeAndReopensWhenItVanishes() throws {
        let pty = try #require(PTY.open())
        let master = pty.master, slavePath = pty.slave
        var masterOpen = true
        defer { if masterOpen { close(master) } }
        let clock = ManualClock()
        let source = NMEASource(configuration: .init(path: slavePath, baudRate: 9600, staleAfter: 5, pollInterval: 0.02),
                                clock: clock)
        let rec = EventRecorder()
        source.start(rec.handler)
        #expect(rec.wait { $0.contains(.connection(.connected(detail: "serial \(slavePath)"))) })
        // The device side was switched to raw mode at 9600 baud.
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        var t = termios()
        #expect(tcgetattr(slave, &t) == 0)
        #expect(cfgetispeed(&t) == speed_t(B9600))
        #expect(t.c_lflag & tcflag_t(ICANON | ECHO) == 0)
        close(slave)
        // One epoch split over two writes, with the GGA/RMC pair completing it.
        let text = sentence("GPGGA,120000.00,4630.0000,N,00800.0000,E,1,09,0.8,1200.0,M,48.0,M,,")
            + sentence("GPRMC,120000.00,A,4630.0000,N,00800.0000,E,1.5,10.0,010524,,,A")
        let bytes = Array(text.utf8)
        _ = bytes[0..<30].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        usleep(50_000)
        _ = bytes[30...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        #expect(rec.wait { !$0.compactMap { if case .fix(let f) = $0 { f } else { nil } }.isEmpty })
        #expect(rec.fixes.first?.coordinate == Coordinate(latitude: 46.5, longitude: 8))
        // No more data: stale after 5 s of clock time.
        clock.advance(6)
        #expect(rec.wait { $0.contains { if case .stale = $0 { true } else { false } } })
        // The receiver is unplugged: the source reports it and keeps trying to reopen.
        close(master)
        masterOpen = false
        #expect(rec.wait { $0.contains { if case .connection(.disconnected) = $0 { true } else { false } } })
        source.stop()
        #expect(rec.wait { $0.contains(where: isEnded) })
    }
}
