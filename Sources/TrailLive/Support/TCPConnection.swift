import Foundation
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// A client TCP connection over POSIX sockets: connect with a timeout, write all bytes, read
/// with a timeout. The descriptor is non-blocking and closed in `deinit`. Every call retries
/// on EINTR; writes use MSG_NOSIGNAL so a peer that went away gives EPIPE, not SIGPIPE.
final class TCPConnection {
    /// What one ``read(timeout:)`` found.
    enum ReadResult: Equatable {
        case data([UInt8])
        case timeout
        case closed
    }

    private var fd: Int32
    let peer: String

    /// Resolves `host` (IPv4 or IPv6, name or address) and connects to the first address that
    /// answers within `timeout` seconds.
    init(host: String, port: UInt16, timeout: Double) throws(SystemCallError) {
        peer = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw SystemCallError(operation: L("resolve %s", host), code: 0, message: String(cString: gai_strerror(rc)))
        }
        defer { freeaddrinfo(list) }
        var lastError = SystemCallError(operation: L("connect to %s", peer), code: ECONNREFUSED)
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let ai = node {
            node = ai.pointee.ai_next
            let s = socket(ai.pointee.ai_family, ai.pointee.ai_socktype, ai.pointee.ai_protocol)
            if s < 0 { lastError = .errno("socket"); continue }
            _ = fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK)
            _ = fcntl(s, F_SETFD, FD_CLOEXEC)
            if Self.connect(s, ai.pointee.ai_addr, ai.pointee.ai_addrlen, timeout: timeout, error: &lastError, peer: peer) {
                fd = s
                return
            }
            close(s)
        }
        throw lastError
    }

    deinit { if fd >= 0 { close(fd) } }

    private static func connect(_ s: Int32, _ addr: UnsafeMutablePointer<sockaddr>?, _ len: socklen_t,
                                timeout: Double, error: inout SystemCallError, peer: String) -> Bool {
        let op = L("connect to %s", peer)
        if Glibc.connect(s, addr, len) == 0 { return true }
        guard errno == EINPROGRESS || errno == EINTR else { error = .errno(op); return false }
        var p = pollfd(fd: s, events: Int16(POLLOUT), revents: 0)
        let n = retryingEINTR { poll(&p, 1, Int32(max(0, timeout * 1000))) }
        if n == 0 { error = SystemCallError(operation: op, code: ETIMEDOUT); return false }
        if n < 0 { error = .errno(op); return false }
        var soError: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(s, SOL_SOCKET, SO_ERROR, &soError, &size)
        if soError != 0 { error = SystemCallError(operation: op, code: soError); return false }
        return true
    }

    /// Writes all of `text` (UTF-8), waiting up to `timeout` seconds for buffer space.
    func write(_ text: String, timeout: Double = 5) throws(SystemCallError) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { buf in
                retryingEINTR { send(fd, buf.baseAddress, buf.count, Int32(MSG_NOSIGNAL)) }
            }
            if n > 0 { bytes = bytes.dropFirst(n); continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let r = retryingEINTR { poll(&p, 1, Int32(timeout * 1000)) }
                if r == 0 { throw SystemCallError(operation: L("write to %s", peer), code: ETIMEDOUT) }
                if r < 0 { throw .errno(L("write to %s", peer)) }
                continue
            }
            throw .errno(L("write to %s", peer))
        }
    }

    /// Waits up to `timeout` seconds for data and returns what is there (at most 64 KiB).
    func read(timeout: Double) throws(SystemCallError) -> ReadResult {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let r = retryingEINTR { poll(&p, 1, Int32(max(0, timeout * 1000))) }
        if r < 0 { throw .errno(L("wait for %s", peer)) }
        if r == 0 { return .timeout }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = buffer.withUnsafeMutableBytes { buf in
            retryingEINTR { recv(fd, buf.baseAddress, buf.count, 0) }
        }
        if n > 0 { return .data(Array(buffer[0..<n])) }
        if n == 0 { return .closed }
        if errno == EAGAIN || errno == EWOULDBLOCK { return .timeout }
        throw .errno(L("read from %s", peer))
    }
}
