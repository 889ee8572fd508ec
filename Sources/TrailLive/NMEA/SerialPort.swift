import Foundation
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// Opens a serial device or a plain file for reading NMEA and reads it with a timeout.
///
/// A terminal device (`isatty`) is put in raw mode (`cfmakeraw`: no echo, no line editing, no
/// CR/LF translation, 8 data bits), with the receiver-side settings `CLOCAL | CREAD`, and, when
/// a baud rate is given, at that speed for both directions. NMEA 0183 receivers talk at
/// 4800 baud by the standard; many modern ones at 9600 or faster.
final class NMEAInput {
    /// Baud rates accepted for serial devices.
    static let supportedBaudRates: [Int: speed_t] = [
        4800: speed_t(B4800), 9600: speed_t(B9600), 19200: speed_t(B19200), 38400: speed_t(B38400),
        57600: speed_t(B57600), 115200: speed_t(B115200),
    ]

    let path: String
    let isTerminal: Bool
    private let fd: Int32

    /// - Throws: ``SystemCallError`` when the path cannot be opened or configured, or the baud
    ///   rate is not one of ``supportedBaudRates``.
    init(path: String, baudRate: Int?) throws(SystemCallError) {
        self.path = path
        let d = retryingEINTR { open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }
        guard d >= 0 else { throw .errno(L("open %s", path)) }
        fd = d
        isTerminal = isatty(d) == 1
        if isTerminal {
            var t = termios()
            guard tcgetattr(d, &t) == 0 else { let e = SystemCallError.errno("tcgetattr \(path)"); close(d); throw e }
            cfmakeraw(&t)
            t.c_cflag |= tcflag_t(CLOCAL | CREAD)
            if let baudRate {
                guard let speed = Self.supportedBaudRates[baudRate] else {
                    close(d)
                    throw SystemCallError(operation: L("configure %s", path), code: EINVAL,
                                          message: L("unsupported baud rate %d", baudRate))
                }
                cfsetispeed(&t, speed)
                cfsetospeed(&t, speed)
            }
            guard tcsetattr(d, TCSANOW, &t) == 0 else {
                let e = SystemCallError.errno("tcsetattr \(path)"); close(d); throw e
            }
        }
    }

    deinit { close(fd) }

    enum ReadResult: Equatable { case data([UInt8]), timeout, endOfFile }

    /// Reads what is available, waiting up to `timeout` seconds on a terminal. A regular file
    /// never waits; its end is ``ReadResult/endOfFile``. A terminal has no end: a vanished USB
    /// device (EIO, POLLHUP or a zero-length read) is thrown as an error.
    func read(timeout: Double) throws(SystemCallError) -> ReadResult {
        if isTerminal {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let r = retryingEINTR { poll(&p, 1, Int32(max(0, timeout * 1000))) }
            if r < 0 { throw .errno(L("wait for %s", path)) }
            if r == 0 { return .timeout }
            if p.revents & Int16(POLLIN) == 0 && p.revents & Int16(POLLHUP | POLLERR) != 0 {
                throw SystemCallError(operation: L("read %s", path), code: EIO)
            }
        }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let n = buffer.withUnsafeMutableBytes { b in retryingEINTR { Glibc.read(fd, b.baseAddress, b.count) } }
        if n > 0 { return .data(Array(buffer[0..<n])) }
        if n == 0 {
            // Raw mode has VMIN = 1 and the descriptor is non-blocking: "no data" is EAGAIN, so
            // 0 from a terminal that poll called readable is a hang-up (receiver unplugged).
            if isTerminal { throw SystemCallError(operation: L("read %s", path), code: EIO, message: L("device hung up")) }
            return .endOfFile
        }
        if errno == EAGAIN || errno == EWOULDBLOCK { return .timeout }
        throw .errno(L("read %s", path))
    }
}
