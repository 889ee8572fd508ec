import Foundation
import Localization

/// Why ``GPXWriter`` or ``GeoJSONWriter`` could not write a document.
public enum GPXWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A point whose latitude/longitude is not finite or outside -90…90 / -180…180: it has no
    /// valid representation, and the writer never clamps. `location` says which point.
    case invalidCoordinate(latitude: Double, longitude: Double, location: String)
    /// The output file could not be created, written or moved into place.
    case io(path: String, reason: String)
    /// The document cannot be written in this format (TCX: a point without a time).
    case unsupported(format: String, reason: String)

    /// A sentence for the user.
    public var description: String {
        switch self {
        case let .invalidCoordinate(lat, lon, location):
            return L("cannot write %s: latitude %s, longitude %s is not a valid position", location, lat, lon)
        case let .io(path, reason):
            return L("cannot write %s: %s", path, reason)
        case let .unsupported(format, reason):
            return L("cannot write %s: %s", format, reason)
        }
    }
}
