import Foundation
import Localization

/// How good a receiver says its position is (gpsd TPV `mode`, NMEA GSA field 2).
public enum FixMode: Int, Hashable, Sendable, Codable, Comparable {
    /// No position at all (gpsd mode 0 or 1, NMEA GSA 1, GGA quality 0, RMC status V).
    case none = 1
    /// Latitude and longitude only; altitude is absent or not to be trusted.
    case twoD = 2
    /// Latitude, longitude and altitude.
    case threeD = 3

    public static func < (a: FixMode, b: FixMode) -> Bool { a.rawValue < b.rawValue }

    /// A short label for panels: "no fix", "2D", "3D".
    public var label: String {
        switch self {
        case .none: L("no fix")
        case .twoD: "2D"
        case .threeD: "3D"
        }
    }
}

/// Where a fix came from.
public enum PositionSourceKind: String, Hashable, Sendable, Codable {
    /// The gpsd daemon's JSON protocol.
    case gpsd
    /// NMEA 0183 sentences from a serial device or a log file.
    case nmea
    /// A recorded GPX track played back.
    case replay
}

/// One position report from a receiver, after the source has decoded it and before any filter.
///
/// Units: degrees (WGS84), metres, metres per second, degrees true. Every value a receiver may
/// leave out is optional; nil means "not reported", never zero.
public struct PositionFix: Hashable, Sendable {
    /// The instant of the fix, UTC. Receiver (satellite) time when the source reports it;
    /// for a replay, track time shifted to the start of the replay.
    public var time: Date
    /// Latitude and longitude, WGS84 degrees.
    public var coordinate: Coordinate
    /// Altitude above mean sea level in metres (gpsd `altMSL`, NMEA GGA field 9).
    public var altitude: Double?
    /// Estimated horizontal error in metres as the source reports it (gpsd `eph`, a 95 %
    /// radius; or derived as described by the source). Smaller is better.
    public var horizontalAccuracy: Double?
    /// Estimated vertical error in metres (gpsd `epv`).
    public var verticalAccuracy: Double?
    /// Speed over ground, metres per second.
    public var speed: Double?
    /// Course over ground, degrees clockwise from true north, 0..<360.
    public var course: Double?
    /// The receiver's fix mode.
    public var mode: FixMode
    /// Satellites used in the solution.
    public var satellitesUsed: Int?
    /// Satellites in view.
    public var satellitesVisible: Int?
    /// The kind of source that produced this fix.
    public var source: PositionSourceKind

    public init(time: Date, coordinate: Coordinate, altitude: Double? = nil,
                horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil,
                speed: Double? = nil, course: Double? = nil, mode: FixMode = .threeD,
                satellitesUsed: Int? = nil, satellitesVisible: Int? = nil,
                source: PositionSourceKind) {
        self.time = time
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.mode = mode
        self.satellitesUsed = satellitesUsed
        self.satellitesVisible = satellitesVisible
        self.source = source
    }

    /// The fix as a trackpoint (position, altitude as elevation, time), for recording.
    /// Fix quality goes into ``TrackpointExtras`` (satellites, fix mode, speed, course) when known.
    public var trackpoint: Trackpoint {
        let fixText: String? = switch mode {
        case .none: "none"
        case .twoD: "2d"
        case .threeD: "3d"
        }
        let extras = TrackpointExtras(satellites: satellitesUsed, fix: fixText, speed: speed, course: course)
        return Trackpoint(latitude: coordinate.latitude, longitude: coordinate.longitude,
                          elevation: altitude, time: time, extras: extras)
    }
}
