import Foundation
import TrailCore

/// Writes a ``GPXDocument`` as Garmin Training Center XML v2 (TrainingCenterDatabasev2.xsd's
/// element order), for Garmin Connect, Strava and training tools; ``TCXReader`` reads it back.
///
/// - Each track becomes an `Activity` (`Sport` Running for a `running` type, Biking for
///   `cycling`/`biking`, else Other; `Id` = its first time) with one `Lap` (start time, total
///   seconds, distance in metres = the WGS84 geodesic length of its segments, `Intensity`
///   Active, `TriggerMethod` Manual) holding one `Track` per segment.
/// - The track's name and description go in the Activity's `Notes` (``notes(name:description:)``):
///   TCX v2 has no other place for an activity's name.
/// - A trackpoint: `Time`, `Position` (degrees, 7 decimals), `AltitudeMeters` (1 decimal), `DistanceMeters` (1 decimal)
///   (cumulative along the track), `HeartRateBpm/Value` (1-255, rounded) and `Cadence` (0-254).
/// - TCX requires a time on every trackpoint (`Trackpoint_t/Time` is mandatory): a track with an
///   untimed point, or a document with no track (routes and waypoints only: TCX courses need
///   times too), cannot be written and throws ``GPXWriteError/unsupported(format:reason:)``.
///   Routes and waypoints of a document with tracks are left out (TCX has no place for them
///   in an activity).
public struct TCXWriter: DocumentWriter, Sendable {
    /// A writer.
    public init() {}

    static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"

    /// Writes `document` to `sink` in chunks of about 64 KiB.
    public func write(_ document: GPXDocument, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        let tracks = document.tracks.filter { $0.pointCount > 0 }
        guard !tracks.isEmpty else {
            throw GPXWriteError.unsupported(format: "TCX", reason: "TCX holds recorded activities with a time on every "
                                            + "point; this hike has no recorded track (export it as GPX or KML)")
        }
        for (i, t) in tracks.enumerated() {
            for s in t.segments {
                for p in s.points {
                    guard Coordinate(latitude: p.latitude, longitude: p.longitude).isValid else {
                        throw GPXWriteError.invalidCoordinate(latitude: p.latitude, longitude: p.longitude,
                                                              location: "track \(i + 1)")
                    }
                    if p.time == nil {
                        throw GPXWriteError.unsupported(format: "TCX", reason: "track \(i + 1) has points without a time, "
                                                        + "and every TCX trackpoint needs one (export it as GPX or KML)")
                    }
                }
            }
        }
        try withoutActuallyEscaping(sink) { sink in
            let out = ChunkedOutput(sink: sink)
            out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            out.raw("<TrainingCenterDatabase xmlns=\"\(Self.namespace)\" "
                    + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
                    + "xsi:schemaLocation=\"\(Self.namespace) http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd\">\n")
            out.raw(" <Activities>\n")
            for t in tracks { try activity(out, t) }
            out.raw(" </Activities>\n")
            out.raw("</TrainingCenterDatabase>\n")
            try out.flush()
        }
    }

    private func sport(_ type: String?) -> String {
        switch type?.lowercased() {
        case "running"?, "run"?: return "Running"
        case "cycling"?, "biking"?, "ride"?: return "Biking"
        default: return "Other"
        }
    }

    /// The Activity's `Notes`: TCX v2 gives an Activity no name, so the track's name is the first
    /// line (newlines in it made spaces), then a blank line and the description; nil when both
    /// are empty. ``TCXReader`` splits it back (DECISIONS 721).
    static func notes(name: String?, description: String?) -> String? {
        let title = name.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
            .flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let body = description.flatMap { $0.isEmpty ? nil : $0 }
        switch (title, body) {
        case let (t?, b?): return t + "\n\n" + b
        case let (t?, nil): return t
        case let (nil, b?): return b
        default: return nil
        }
    }

    private func activity(_ out: ChunkedOutput, _ t: Track) throws {
        let points = t.segments.flatMap(\.points)
        let start = points.first!.time!
        let end = points.last!.time!
        var total = 0.0
        for s in t.segments {
            for (a, b) in zip(s.points, s.points.dropFirst()) { total += a.coordinate.distance(to: b.coordinate) }
        }
        out.raw("  <Activity Sport=\"\(sport(t.type))\">\n   <Id>")
        out.timestamp(start)
        out.raw("</Id>\n   <Lap StartTime=\"")
        out.timestamp(start)
        out.raw("\">\n    <TotalTimeSeconds>")
        out.raw(DecimalFormatter.fixed(max(0, end.timeIntervalSince(start)), places: 1))
        out.raw("</TotalTimeSeconds>\n    <DistanceMeters>")
        out.raw(DecimalFormatter.fixed(total, places: DecimalFormatter.metrePlaces))
        out.raw("</DistanceMeters>\n    <Calories>0</Calories>\n    <Intensity>Active</Intensity>\n")
        out.raw("    <TriggerMethod>Manual</TriggerMethod>\n")
        var along = 0.0
        for s in t.segments where !s.points.isEmpty {
            out.raw("    <Track>\n")
            var previous: Trackpoint?
            for (i, p) in s.points.enumerated() {
                if let previous { along += previous.coordinate.distance(to: p.coordinate) }
                previous = p
                out.raw("     <Trackpoint><Time>")
                out.timestamp(p.time!)
                out.raw("</Time><Position><LatitudeDegrees>")
                out.raw(DecimalFormatter.fixed(p.latitude, places: DecimalFormatter.degreePlaces))
                out.raw("</LatitudeDegrees><LongitudeDegrees>")
                out.raw(DecimalFormatter.fixed(p.longitude, places: DecimalFormatter.degreePlaces))
                out.raw("</LongitudeDegrees></Position>")
                if let e = p.elevation, e.isFinite {
                    out.raw("<AltitudeMeters>")
                    out.raw(DecimalFormatter.fixed(e, places: DecimalFormatter.metrePlaces))
                    out.raw("</AltitudeMeters>")
                }
                out.raw("<DistanceMeters>")
                out.raw(DecimalFormatter.fixed(along, places: DecimalFormatter.metrePlaces))
                out.raw("</DistanceMeters>")
                if let hr = p.extras?.heartRate, hr.isFinite, hr.rounded() >= 1, hr.rounded() <= 255 {
                    out.raw("<HeartRateBpm><Value>\(Int(hr.rounded()))</Value></HeartRateBpm>")
                }
                if let c = p.extras?.cadence, c.isFinite, c.rounded() >= 0, c.rounded() <= 254 {
                    out.raw("<Cadence>\(Int(c.rounded()))</Cadence>")
                }
                out.raw("</Trackpoint>\n")
                if i & 1023 == 1023 { try out.flushIfNeeded() }
            }
            out.raw("    </Track>\n")
        }
        out.raw("   </Lap>\n")
        if let notes = Self.notes(name: t.name, description: t.description) {
            out.raw("   <Notes>")
            out.escaped(notes, inAttribute: false)
            out.raw("</Notes>\n")
        }
        out.raw("  </Activity>\n")
    }
}
