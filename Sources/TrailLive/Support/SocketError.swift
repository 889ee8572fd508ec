import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A failed system call on a socket or device, with the call's name and `errno`.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done ("connect to 127.0.0.1:2947", "read /dev/ttyUSB0").
    public var operation: String
    /// The `errno` value, 0 when the failure did not come from errno.
    public var code: Int32
    /// Text for the code (strerror) or a description of the failure.
    public var message: String

    public init(operation: String, code: Int32, message: String? = nil) {
        self.operation = operation
        self.code = code
        self.message = message ?? String(cString: strerror(code))
    }

    /// The error for the current `errno` (read before `operation`, a translated text, is made).
    static func errno(_ operation: @autoclosure () -> String) -> SystemCallError {
        let code = Glibc.errno
        return SystemCallError(operation: operation(), code: code)
    }

    public var description: String { "\(operation): \(message)" }
}

/// Retries `call` while it fails with EINTR (a signal arrived during a blocking call).
@inline(__always)
func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let r = call()
        if r == -1 && errno == EINTR { continue }
        return r
    }
}
