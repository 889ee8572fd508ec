import Foundation

/// One recorded or planned position: a GPX `trkpt`, `rtept` or the position part of a `wpt`.
///
/// Kept small (56 bytes) because a long recording holds a million of them; the rarely present
/// values live in ``TrackpointExtras``, shared by reference.
public struct Trackpoint: Hashable, Sendable {
    /// Degrees north, WGS84.
    public var latitude: Double
    /// Degrees east, WGS84.
    public var longitude: Double
    /// Metres above mean sea level (GPX `ele`); nil when absent, empty or not a finite number.
    public var elevation: Double?
    /// The instant of the fix, in UTC; nil when absent.
    public var time: Date?
    /// Fix quality and sensor values, nil when the file had none.
    public var extras: TrackpointExtras?

    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil,
                extras: TrackpointExtras? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
        self.extras = extras
    }

    public init(_ coordinate: Coordinate, elevation: Double? = nil, time: Date? = nil) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude,
                  elevation: elevation, time: time)
    }

    /// The position as a ``Coordinate``.
    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}

/// The less common per-point values of GPX 1.0/1.1 and the Garmin TrackPointExtension.
/// Every value is optional; units are given per property.
public final class TrackpointExtras: Hashable, Sendable {
    /// Horizontal dilution of precision (GPX `hdop`), unitless.
    public let hdop: Double?
    /// Vertical dilution of precision (GPX `vdop`), unitless.
    public let vdop: Double?
    /// Position dilution of precision (GPX `pdop`), unitless.
    public let pdop: Double?
    /// Satellites used for the fix (GPX `sat`).
    public let satellites: Int?
    /// GPX `fix`: none, 2d, 3d, dgps or pps.
    public let fix: String?
    /// Ground speed in metres per second (GPX 1.0 `speed`).
    public let speed: Double?
    /// Course over ground in degrees true (GPX 1.0 `course`).
    public let course: Double?
    /// Heart rate in beats per minute (Garmin `hr`).
    public let heartRate: Double?
    /// Cadence in revolutions or steps per minute (Garmin `cad`).
    public let cadence: Double?
    /// Air temperature in degrees Celsius (Garmin `atemp`).
    public let airTemperature: Double?
    /// Water temperature in degrees Celsius (Garmin `wtemp`).
    public let waterTemperature: Double?

    public init(hdop: Double? = nil, vdop: Double? = nil, pdop: Double? = nil, satellites: Int? = nil,
                fix: String? = nil, speed: Double? = nil, course: Double? = nil,
                heartRate: Double? = nil, cadence: Double? = nil,
                airTemperature: Double? = nil, waterTemperature: Double? = nil) {
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
        self.satellites = satellites
        self.fix = fix
        self.speed = speed
        self.course = course
        self.heartRate = heartRate
        self.cadence = cadence
        self.airTemperature = airTemperature
        self.waterTemperature = waterTemperature
    }

    /// True when no value is set.
    public var isEmpty: Bool {
        hdop == nil && vdop == nil && pdop == nil && satellites == nil && fix == nil && speed == nil
            && course == nil && heartRate == nil && cadence == nil && airTemperature == nil
            && waterTemperature == nil
    }

    public static func == (a: TrackpointExtras, b: TrackpointExtras) -> Bool {
        a.hdop == b.hdop && a.vdop == b.vdop && a.pdop == b.pdop && a.satellites == b.satellites
            && a.fix == b.fix && a.speed == b.speed && a.course == b.course
            && a.heartRate == b.heartRate && a.cadence == b.cadence
            && a.airTemperature == b.airTemperature && a.waterTemperature == b.waterTemperature
    }

    public func hash(into h: inout Hasher) {
        h.combine(hdop); h.combine(vdop); h.combine(pdop); h.combine(satellites); h.combine(fix)
        h.combine(speed); h.combine(course); h.combine(heartRate); h.combine(cadence)
        h.combine(airTemperature); h.combine(waterTemperature)
    }
}
