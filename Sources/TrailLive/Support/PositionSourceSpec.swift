import Foundation
import TrailCore

/// What `--gps` names: a gpsd daemon, an NMEA device or log, or a GPX track to replay.
///
/// Accepted forms:
/// - `gpsd`, `gpsd://`, `gpsd://HOST`, `gpsd://HOST:PORT`, `gpsd://[IPv6]:PORT`;
/// - `nmea:PATH`, `nmea:PATH@BAUD` (e.g. `nmea:/dev/ttyUSB0@9600`), or a plain `PATH`
///   (a serial device or an NMEA log file; `PATH@BAUD` too);
/// - `replay:FILE.gpx`.
public enum PositionSourceSpec: Hashable, Sendable, CustomStringConvertible {
    case gpsd(GPSDEndpoint)
    case nmea(path: String, baudRate: Int?)
    case replay(path: String)

    /// Why a `--gps` value was refused.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var text: String
        public var reason: String
        public var description: String { "invalid --gps '\(text)': \(reason)" }
    }

    /// Parses a `--gps` value.
    /// - Throws: ``ParseError`` for an empty value, an empty path or a bad gpsd address.
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
            guard !path.isEmpty else { throw ParseError(text: text, reason: "replay needs a GPX file: replay:FILE.gpx") }
            self = .replay(path: path)
            return
        }
        var path = t.hasPrefix("nmea:") ? String(t.dropFirst(5)) : t
        var baud: Int?
        if let at = path.lastIndex(of: "@"), let b = Int(path[path.index(after: at)...]),
           NMEAInput.supportedBaudRates[b] != nil {
            baud = b
            path = String(path[..<at])
        }
        guard !path.isEmpty else { throw ParseError(text: text, reason: "no device or file path") }
        self = .nmea(path: path, baudRate: baud)
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
    ///   - clock: the clock the source uses.
    ///   - loadTrack: reads a GPX file into trackpoints (all tracks' segments joined), for
    ///     `replay:`; injected so TrailLive does not depend on the GPX reader's API.
    /// - Throws: whatever `loadTrack` throws.
    public func makeSource(speedFactor: Double?, clock: any LiveClock = SystemClock(),
                           loadTrack: (String) throws -> [Trackpoint]) throws -> any PositionSource {
        switch self {
        case .gpsd(let endpoint):
            return GPSDClient(configuration: .init(endpoint: endpoint), clock: clock)
        case .nmea(let path, let baud):
            return NMEASource(configuration: .init(path: path, baudRate: baud, speedFactor: speedFactor), clock: clock)
        case .replay(let path):
            let points = try loadTrack(path)
            return ReplaySource(configuration: .init(points: points, speedFactor: speedFactor), clock: clock)
        }
    }
}
