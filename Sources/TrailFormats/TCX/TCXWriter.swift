import Foundation
import TrailCore

/// Writes a ``GPXDocument`` as Garmin Training Center XML v2 (TrainingCenterDatabasev2.xsd's
/// element order), for Garmin Connect, Strava and training tools; ``TCXReader`` reads it back.
///
/// - Each track becomes an `Activity` (`Sport` Running for a `running` type, Biking for
///   `cycling`/`biking`, else Other; `Id` = its first time) with one `Lap` per stored device lap
///   (``TrackLap``: start time, timer seconds, distance in metres, Calories in kcal; `Intensity`
///   Active, `TriggerMethod` Manual), or one `Lap` for the whole track when it has none
///   (distance = the WGS84 geodesic length of its segments); see ``lapPlans(_:)``. A lap's
///   elapsed time (pauses included) has no place in TCX and is not written.
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

    /// One `Lap` to write: its figures and its trackpoints, one array per `Track`.
    struct LapPlan {
        var startTime: Date
        var timerTime: Double
        var distance: Double
        var calories: Int
        /// Each `Track`'s points with their cumulative distance along the track, metres.
        var tracks: [[(point: Trackpoint, along: Double)]]
    }

    /// The laps of `t` as written: one per stored lap when every lap has a start time and they
    /// do not go back in time, else one lap for the whole track. Each point goes, in file order,
    /// to the last lap begun at or before its time (points before the first lap to the first;
    /// a point earlier than its predecessor stays in its predecessor's lap, so the line's order
    /// is kept). A segment starts a new `Track`, and so does a lap boundary inside a segment
    /// (``TCXReader`` joins a lap's first `Track` to the segment open before it and splits at
    /// a lap's second `Track`). The lap's figures are the stored ones when known; else the
    /// timer time is the span from its start to the next lap's start (the last point's time for
    /// the last lap) and the distance the WGS84 geodesic length of its points; Calories is 0
    /// when unknown (the schema requires the element). DECISIONS 1075.
    static func lapPlans(_ t: Track) -> [LapPlan] {
        let points = t.segments.flatMap(\.points)
        guard let first = points.first?.time, let last = points.last?.time else { return [] }
        var starts: [Date] = t.laps.compactMap(\.startTime)
        let usable = !t.laps.isEmpty && starts.count == t.laps.count && zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
        if !usable { starts = [first] }
        var tracks = [[[(point: Trackpoint, along: Double)]]](repeating: [], count: starts.count)
        var lengths = [Double](repeating: 0, count: starts.count)
        var k = 0
        var along = 0.0
        for s in t.segments where !s.points.isEmpty {
            var previous: Trackpoint?  // within this segment: the gap between segments is not walked
            for p in s.points {
                var moved = false
                while k + 1 < starts.count && p.time! >= starts[k + 1] { k += 1; moved = true }
                if moved || previous == nil { tracks[k].append([]) }
                if let previous {
                    let step = previous.coordinate.distance(to: p.coordinate)
                    along += step
                    lengths[k] += step
                }
                tracks[k][tracks[k].count - 1].append((p, along))
                previous = p
            }
        }
        var plans: [LapPlan] = []
        for (i, start) in starts.enumerated() {
            let lap: TrackLap? = usable ? t.laps[i] : nil
            let end = i + 1 < starts.count ? starts[i + 1] : max(last, start)
            let calories = lap?.calories.flatMap { $0.isFinite ? Int(min(65_535, max(0, $0.rounded()))) : nil } ?? 0
            plans.append(LapPlan(startTime: start,
                                 timerTime: lap?.timerTime.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
                                    ?? max(0, end.timeIntervalSince(start)),
                                 distance: lap?.distance.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
                                    ?? (lengths[i] * 10).rounded() / 10,
                                 calories: calories, tracks: tracks[i]))
        }
        return plans
    }

    private func activity(_ out: ChunkedOutput, _ t: Track) throws {
        let points = t.segments.flatMap(\.points)
        let start = points.first!.time!
        out.raw("  <Activity Sport=\"\(sport(t.type))\">\n   <Id>")
        out.timestamp(start)
        out.raw("</Id>\n")
        for lap in Self.lapPlans(t) {
            out.raw("   <Lap StartTime=\"")
            out.timestamp(lap.startTime)
            out.raw("\">\n    <TotalTimeSeconds>")
            // The device's figures as stored, to the last digit (608.47 s stays 608.47).
            out.raw(DecimalFormatter.shortest(lap.timerTime))
            out.raw("</TotalTimeSeconds>\n    <DistanceMeters>")
            out.raw(DecimalFormatter.shortest(lap.distance))
            out.raw("</DistanceMeters>\n    <Calories>\(lap.calories)</Calories>\n    <Intensity>Active</Intensity>\n")
            out.raw("    <TriggerMethod>Manual</TriggerMethod>\n")
            for track in lap.tracks {
                out.raw("    <Track>\n")
                for (i, p) in track.enumerated() {
                    point(out, p.point, along: p.along)
                    if i & 1023 == 1023 { try out.flushIfNeeded() }
                }
                out.raw("    </Track>\n")
            }
            out.raw("   </Lap>\n")
        }
        if let notes = Self.notes(name: t.name, description: t.description) {
            out.raw("   <Notes>")
            out.escaped(notes, inAttribute: false)
            out.raw("</Notes>\n")
        }
        out.raw("  </Activity>\n")
    }

    /// One `Trackpoint` element; `along` is the cumulative distance in metres.
    private func point(_ out: ChunkedOutput, _ p: Trackpoint, along: Double) {
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
    }
}
