import Localization

/// The file formats Cairn writes a hike in, and which one a file name asks for.
public enum ExportFormat: String, CaseIterable, Sendable {
    case gpx, geojson, kml, tcx

    /// The writer of the format: ``GPXWriter`` (GPX 1.1), ``GeoJSONWriter`` (RFC 7946),
    /// ``KMLWriter`` (KML 2.2), ``TCXWriter`` (TCX v2).
    public var writer: any DocumentWriter {
        switch self {
        case .gpx: return GPXWriter()
        case .geojson: return GeoJSONWriter()
        case .kml: return KMLWriter()
        case .tcx: return TCXWriter()
        }
    }

    /// The format a file extension (lower case, without the dot) names: .geojson and .json
    /// GeoJSON, .kml KML, .tcx TCX, anything else GPX.
    public init(fileExtension ext: String) {
        switch ext {
        case "geojson", "json": self = .geojson
        case "kml": self = .kml
        case "tcx": self = .tcx
        default: self = .gpx
        }
    }

    /// Why a file with extension `ext` (lower case, without the dot) cannot be written, naming
    /// what to write instead, or nil: the extension of a format Cairn reads or converts but
    /// does not write (KMZ, FIT, gpsbabel's formats), which must never get GPX text under their
    /// name (DECISIONS.md 681).
    public static func unwritable(_ ext: String) -> String? {
        switch ext {
        case "kmz":
            return L("Cairn does not write KMZ (zipped KML); write .kml (-o NAME.kml) and zip it if a KMZ is needed")
        case "fit":
            return L("Cairn does not write FIT (a binary format for devices); write .gpx or .tcx, which Garmin Connect and Strava import")
        case "igc", "nmea", "plt", "gdb", "crs", "loc":
            return L("Cairn does not write .%s; write .gpx and convert it with gpsbabel", ext)
        default:
            return nil
        }
    }
}
