import Foundation
import TrailCore
import Localization

/// What `--gps` names: a gpsd daemon, an NMEA device or log, or a GPX track to replay.
///
/// Accepted forms:
/// - `gpsd`, `gpsd://`, `gpsd://HOST`, `gpsd://HOST:PORT`, `gpsd://[IPv6]:PORT`;
/// - `nmea:PATH`, `nmea:PATH@BAUD` (e.g. `nmea:/dev/ttyUSB0@9600`), or a plain `PATH`
///   (a serial device or an NMEA log file; `PATH@BAUD` too);
/// - `replay:FILE.gpx`.
///
/// Any other `SCHEME:` prefix (RFC 3986 scheme syntax: a letter, then letters, digits, `+`,
/// `-`, `.`) is refused naming the scheme and the known ones, rather than being taken for a
/// device path; a path that really contains a colon is written `nmea:PATH` or `./PATH`.
public enum PositionSourceSpec: Hashable, Sendable, CustomStringConvertible {
    case gpsd(GPSDEndpoint)
    case nmea(path: String, baudRate: Int?)
    case replay(path: String)

    /// Why a `--gps` value was refused.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var text: String
        public var reason: String
        public var description: String { L("invalid --gps '%s': %s", text, reason) }
    }

    /// Parses a `--gps` value.
    /// The schemes `--gps` knows, as listed in errors.
    public static let knownForms = ["gpsd://HOST:PORT", "nmea:DEVICE[@BAUD]", "replay:FILE.gpx"]

    /// - Throws: ``ParseError`` for an empty value, an empty path, a bad gpsd address or an
    ///   unknown scheme.
    public init(parsing text: String) throws(ParseError) {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t == "gpsd" || t.hasPrefix("gpsd://") {
            do { self = .gpsd(try GPSDEndpoint(parsing: t == "gpsd" ? "" : t)) } catch {
                throw ParseError(text: text, reason: error.reason)
            }
            return
        }
        if t.hasPrefix("replay:") {
            let path = String(t.dropFirst(7))
            guard !path.isEmpty else { throw ParseError(text: text, reason: L("replay needs a GPX file: replay:FILE.gpx")) }
            self = .replay(path: path)
            return
        }
        if Self.scheme(of: t) == "gpsd" {
            throw ParseError(text: text, reason: L("a gpsd address is written gpsd://HOST[:PORT]"))
        }
        if let scheme = Self.scheme(of: t), scheme != "nmea" {
            throw ParseError(text: text, reason: L("unknown scheme '%s:'; known: %s, or a device path",
                                                   scheme, Self.knownForms.joined(separator: ", ")))
        }
        var path = t.hasPrefix("nmea:") ? String(t.dropFirst(5)) : t
        var baud: Int?
        if let at = path.lastIndex(of: "@"), let b = Int(path[path.index(after: at)...]),
           NMEAInput.supportedBaudRates[b] != nil {
            baud = b
            path = String(path[..<at])
        }
        guard !path.isEmpty else { throw ParseError(text: text, reason: L("no device or file path")) }
        self = .nmea(path: path, baudRate: baud)
    }

    /// The `SCHEME` of `SCHEME:…` (lowercased), or nil when the text does not start with one.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon]
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                  || $0 == "+" || $0 == "-" || $0 == ".") }) else { return nil }
        return name.lowercased()
    }

    public var description: String {
        switch self {
        case .gpsd(let e): e.description
        case .nmea(let path, let baud): "nmea:\(path)" + (baud.map { "@\($0)" } ?? "")
        case .replay(let path): "replay:\(path)"
        }
    }

    /// Builds the source.
    /// - Parameters:
    ///   - speedFactor: replay and NMEA-file pacing (`--speed`); nil plays without waiting
    ///     (NMEA files) — for replay nil also means no waiting.
    ///   - replayTiming: what a replay's fix times are (``ReplayTiming``; following's by default);
    ///     for an NMEA file, `.recording(after:)` also skips the fixes at or before `after`.
    ///   - clock: the clock the source uses.
    ///   - loadTrack: reads a GPX file into trackpoints (all tracks' segments joined), for
    ///     `replay:`; injected so TrailLive does not depend on the GPX reader's API.
    /// - Throws: whatever `loadTrack` throws.
    public func makeSource(speedFactor: Double?, replayTiming: ReplayTiming = .fromNow, clock: any LiveClock = SystemClock(),
                           loadTrack: (String) throws -> [Trackpoint]) throws -> any PositionSource {
        switch self {
        case .gpsd(let endpoint):
            return GPSDClient(configuration: .init(endpoint: endpoint), clock: clock)
        case .nmea(let path, let baud):
            // A resumed recording's log file continues after its last point (as a replay does).
            var after: Date?
            if case .recording(let a, _) = replayTiming { after = a }
            return NMEASource(configuration: .init(path: path, baudRate: baud, speedFactor: speedFactor, playAfter: after),
                              clock: clock)
        case .replay(let path):
            let points = try loadTrack(path)
            return ReplaySource(configuration: .init(points: points, speedFactor: speedFactor, timing: replayTiming),
                                clock: clock)
        }
    }
}
