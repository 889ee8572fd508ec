import Foundation
import Localization

/// Where gpsd listens: a host name or address and a TCP port.
public struct GPSDEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// gpsd's registered port (IANA 2947).
    public static let defaultPort: UInt16 = 2947
    /// The default endpoint, 127.0.0.1:2947.
    public static let local = GPSDEndpoint(host: "127.0.0.1", port: defaultPort)

    /// Host name, IPv4 address or IPv6 address (without brackets).
    public var host: String
    /// TCP port.
    public var port: UInt16

    public init(host: String, port: UInt16 = GPSDEndpoint.defaultPort) {
        self.host = host
        self.port = port
    }

    /// Why an endpoint text was refused.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var text: String
        public var reason: String
        public var description: String { L("invalid gpsd address '%s': %s", text, reason) }
    }

    /// Parses `gpsd://HOST:PORT`, `gpsd://HOST`, `gpsd://` (the default), `gpsd://[::1]:2947`
    /// and the same forms without the `gpsd://` prefix.
    /// - Throws: ``ParseError`` for an empty host after a colon, a bad port or trailing text.
    public init(parsing text: String) throws(ParseError) {
        var rest = Substring(text)
        if rest.hasPrefix("gpsd://") { rest = rest.dropFirst(7) }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.isEmpty { self = .local; return }
        var host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                throw ParseError(text: text, reason: L("missing ']' after IPv6 address"))
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw ParseError(text: text, reason: L("unexpected text after ']'")) }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
            if portText?.contains(":") == true {
                throw ParseError(text: text, reason: L("IPv6 addresses need brackets: gpsd://[::1]:2947"))
            }
        } else {
            host = rest
        }
        if host.isEmpty { host = "127.0.0.1" }
        guard !host.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw ParseError(text: text, reason: L("bad host name"))
        }
        var port = Self.defaultPort
        if let portText {
            guard let p = UInt16(portText), p > 0 else {
                throw ParseError(text: text, reason: L("port must be a number from 1 to 65535"))
            }
            port = p
        }
        self.init(host: String(host), port: port)
    }

    /// `gpsd://host:port` (IPv6 hosts in brackets).
    public var description: String {
        host.contains(":") ? "gpsd://[\(host)]:\(port)" : "gpsd://\(host):\(port)"
    }
}
