import Localization
import Foundation
import TrailCore

/// Reads Garmin Training Center XML (TCX v2, `http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2`)
/// into a ``GPXReadResult``, streaming through libxml2 (``XMLEventReader``).
///
/// - Each `Activities/Activity` becomes one track. A second or later `Track` inside one `Lap`
///   starts a new segment (the schema's break: the device stopped recording, a pause, and Cairn's
///   own TCX export writes each segment so); a new `Lap` continues the open segment (a lap split
///   is a button press while moving, and the device's own distance runs on). DECISIONS.md 682.
///   Type = the `Sport` attribute lowercased (`running`, `biking`, `other`),
///   laps = each `Lap` (`StartTime`, `TotalTimeSeconds`, `DistanceMeters`, `Calories`) as a ``TrackLap``,
///   name and description = `Notes` (a short first line followed by a blank line or nothing is
///   the name, see ``nameAndDescription(_:)``), the creator = `Creator/Name`, the file's time = the first `Id`.
/// - Each `Courses/Course` becomes a route named by its `Name`; its `CoursePoint`s become
///   waypoints (name, `PointType` as type, `Notes` as description).
/// - A trackpoint: `Time` (ISO 8601), `Position/LatitudeDegrees`, `LongitudeDegrees` (degrees),
///   `AltitudeMeters` (m), `HeartRateBpm/Value` (bpm), `Cadence` or the ActivityExtension
///   `RunCadence` (rpm), the extension `Speed` (m/s). Trackpoints without a position (time and
///   heart rate only, common indoors or before a fix) are skipped; an out-of-range position is
///   dropped with a warning (line, what).
/// - Damage: as ``TrackReadOptions`` says (lenient keeps complete points with a warning).
/// - Throws: ``TrackFileError``.
public enum TCXReader {
    /// Reads the TCX file at `url`.
    public static func read(url: URL, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        try read(url: url, data: nil, fileName: url.lastPathComponent, options: options)
    }

    /// Reads a TCX document held in memory; `fileName` only names it in messages.
    public static func read(data: Data, fileName: String, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        try read(url: nil, data: data, fileName: fileName, options: options)
    }

    private static func read(url: URL?, data: Data?, fileName: String, options: TrackReadOptions) throws -> GPXReadResult {
        let builder = TCXBuilder(fileName: fileName)
        builder.strict = options.refusesInvalidPoints
        builder.warningLimit = options.maximumWarnings
        let stop = try XMLEventReader.run(url: url, data: data, fileName: fileName, format: "TCX", handler: builder,
                                          options: options)
        if let refusal = builder.refusal { throw refusal }
        builder.closeOpen()
        var warnings = builder.warnings
        if let stop { warnings.append(stop) }
        let doc = builder.document
        if doc.tracks.isEmpty && doc.routes.isEmpty && doc.waypoints.isEmpty {
            throw TrackFileError(kind: .noPositions, format: "TCX", fileName: fileName,
                                 reason: builder.sawTrackpoints
                                    ? L("no trackpoint has a position (an indoor activity?); nothing to import")
                                    : L("no activity or course with trackpoints; nothing to import"))
        }
        return GPXReadResult(document: doc, warnings: warnings, omittedWarningCount: builder.omittedWarnings,
                             trackpointLines: builder.trackpointLines)
    }
}

/// Turns TCX element events into a document.
final class TCXBuilder: XMLEventHandler {
    let fileName: String
    var document = GPXDocument(version: "TCX")
    var warnings: [GPXWarning] = []
    var omittedWarnings = 0
    var trackpointLines: [[Int32]] = []
    var refusal: TrackFileError?
    var sawTrackpoints = false
    /// Whether a rejected point refuses the file (``reject(_:line:)``).
    var strict = false
    /// Warnings kept (``TrackReadOptions/maximumWarnings``).
    var warningLimit = GPXDocumentBuilder.maximumWarnings
    /// An unreadable position number in the open trackpoint.
    private var badPosition = false

    private var stack: [String] = []
    /// The activity or course being read.
    private var inActivity = false
    private var inCourse = false
    /// The open segment's points, and the segments of the activity finished before it.
    private var points: [Trackpoint] = []
    private var segments: [TrackSegment] = []
    /// `Track` elements seen in the open `Lap`.
    private var tracksInLap = 0
    /// The activity's laps (StartTime, TotalTimeSeconds, DistanceMeters).
    private var laps: [TrackLap] = []
    private var lines: [Int32] = []
    private var name: String?
    private var notes: String?
    private var sport: String?
    // The open trackpoint.
    private var inPoint = false
    private var lat: Double?, lon: Double?, ele: Double?, time: Date?
    private var hr: Double?, cadence: Double?, speed: Double?
    private var pointLine = 0
    // The open course point.
    private var coursePoint: Waypoint?
    private var cpName: String?, cpType: String?, cpNotes: String?, cpLat: Double?, cpLon: Double?

    init(fileName: String) { self.fileName = fileName }

    var keptWaypointCount: Int { document.waypoints.count }

    var keptPointCount: Int {
        points.count + segments.reduce(0) { $0 + $1.points.count } + document.tracks.reduce(0) { $0 + $1.pointCount } + document.routes.reduce(0) { $0 + $1.points.count }
            + document.waypoints.count
    }

    private func warn(_ message: String, line: Int) {
        if warnings.count < warningLimit {
            warnings.append(GPXWarning(line: line, message: message))
        } else {
            omittedWarnings += 1
        }
    }

    private var parent: String? { stack.count >= 2 ? stack[stack.count - 2] : nil }

    func start(_ name: String, namespace: String?, attributes: [String: String], line: Int) {
        if stack.isEmpty && name != "TrainingCenterDatabase" && refusal == nil {
            refusal = TrackFileError(kind: .notRecognised, format: "TCX", fileName: fileName, place: "\(line)",
                                     reason: L("root element is <%s>, not <TrainingCenterDatabase>", name))
        }
        stack.append(name)
        switch name {
        case "Activity" where parent == "Activities":
            begin()
            inActivity = true
            sport = attributes["Sport"].map { $0.lowercased() }
        case "Course" where parent == "Courses":
            begin()
            inCourse = true
        case "Lap" where inActivity:
            tracksInLap = 0
            laps.append(TrackLap(startTime: attributes["StartTime"].flatMap { ISO8601Timestamp.parse($0) }))
        case "Track" where inActivity && parent == "Lap":
            if tracksInLap > 0 { closeSegment() }
            tracksInLap += 1
        case "Trackpoint" where inActivity || inCourse:
            inPoint = true
            sawTrackpoints = true
            lat = nil; lon = nil; ele = nil; time = nil; hr = nil; cadence = nil; speed = nil
            badPosition = false
            pointLine = line
        case "CoursePoint" where inCourse:
            cpName = nil; cpType = nil; cpNotes = nil; cpLat = nil; cpLon = nil
            coursePoint = Waypoint(latitude: 0, longitude: 0)
        default: break
        }
    }

    /// Ends the open segment of an activity, if it has points.
    private func closeSegment() {
        if !points.isEmpty { segments.append(TrackSegment(points: points)) }
        points = []
    }

    private func begin() {
        points = []
        segments = []
        tracksInLap = 0
        laps = []
        lines = []
        name = nil
        notes = nil
        sport = nil
    }

    func end(_ element: String, text: String, line: Int) {
        let parent = self.parent
        defer { stack.removeLast() }
        if inPoint {
            switch element {
            case "LatitudeDegrees":
                lat = number(text, element, line)
                if lat == nil && !text.isEmpty { badPosition = true }
            case "LongitudeDegrees":
                lon = number(text, element, line)
                if lon == nil && !text.isEmpty { badPosition = true }
            case "AltitudeMeters": ele = number(text, element, line)
            case "Time":
                time = ISO8601Timestamp.parse(text)
                if time == nil && !text.isEmpty { warn(L("unreadable <Time> '%s' left out", text.prefix(40)), line: line) }
            case "Value" where parent == "HeartRateBpm": hr = number(text, "HeartRateBpm", line)
            case "Cadence", "RunCadence": cadence = number(text, element, line)
            case "Speed": speed = number(text, element, line)
            case "Trackpoint": finishPoint()
            default: break
            }
            return
        }
        if coursePoint != nil {
            switch element {
            case "Name": cpName = text
            case "PointType": cpType = text
            case "Notes": cpNotes = text
            case "LatitudeDegrees": cpLat = number(text, element, line)
            case "LongitudeDegrees": cpLon = number(text, element, line)
            case "CoursePoint":
                coursePoint = nil
                if let la = cpLat, let lo = cpLon, Coordinate(latitude: la, longitude: lo).isValid {
                    document.waypoints.append(Waypoint(latitude: la, longitude: lo, name: cpName, description: cpNotes,
                                                       type: cpType))
                } else {
                    warn(L("course point without a valid position left out"), line: line)
                }
            default: break
            }
            return
        }
        switch element {
        case "Id" where parent == "Activity" && inActivity:
            if document.metadata.time == nil { document.metadata.time = ISO8601Timestamp.parse(text) }
        case "TotalTimeSeconds" where parent == "Lap" && inActivity && !laps.isEmpty:
            laps[laps.count - 1].timerTime = number(text, element, line)
        case "DistanceMeters" where parent == "Lap" && inActivity && !laps.isEmpty:
            laps[laps.count - 1].distance = number(text, element, line)
        case "Calories" where parent == "Lap" && inActivity && !laps.isEmpty:
            laps[laps.count - 1].calories = number(text, element, line)
        case "Name" where parent == "Course" && inCourse: name = text
        case "Name" where parent == "Creator" && inActivity:
            if document.creator == nil, !text.isEmpty { document.creator = text }
        case "Notes" where (parent == "Activity" && inActivity) || (parent == "Course" && inCourse):
            notes = text.isEmpty ? nil : text
        case "Activity" where inActivity:
            inActivity = false
            (name, notes) = Self.nameAndDescription(notes)
            closeSegment()
            if !segments.isEmpty {
                document.tracks.append(Track(name: name, description: notes, type: sport, segments: segments, laps: laps))
                trackpointLines.append(lines)
            }
            segments = []
            lines = []
        case "Course" where inCourse:
            inCourse = false
            if !points.isEmpty { document.routes.append(Route(name: name, description: notes, points: points)) }
            points = []
            lines = []
        default: break
        }
    }

    private func number(_ text: String, _ element: String, _ line: Int) -> Double? {
        guard let v = Array(text.utf8).withUnsafeBufferPointer(DecimalParser.finiteDouble) else {
            if !text.isEmpty { warn(L("unreadable <%s> '%s' left out", element, text.prefix(40)), line: line) }
            return nil
        }
        return v
    }

    /// A point rejected as invalid: under --strict the file is refused at its line (the first
    /// such point), else a warning (DECISIONS 1079).
    private func reject(_ message: String, line: Int) {
        guard strict else { warn(message, line: line); return }
        if refusal == nil {
            refusal = TrackFileError(kind: .malformed, format: "TCX", fileName: fileName, place: "\(line)",
                                     reason: message + " " + L("(refused whole: --strict)"))
        }
    }

    private func finishPoint() {
        inPoint = false
        if badPosition && strict {
            reject(L("trackpoint with an unreadable position; left out"), line: pointLine)
            return
        }
        guard let la = lat, let lo = lon else { return }
        guard Coordinate(latitude: la, longitude: lo).isValid else {
            reject(L("trackpoint at %s, %s is out of range; left out", la, lo), line: pointLine)
            return
        }
        let extras: TrackpointExtras? = hr == nil && cadence == nil && speed == nil ? nil
            : TrackpointExtras(speed: speed, heartRate: hr, cadence: cadence)
        points.append(Trackpoint(latitude: la, longitude: lo, elevation: ele, time: time, extras: extras))
        lines.append(Int32(clamping: pointLine))
    }

    /// An Activity has no name in TCX v2, so `Notes` carries it (Cairn's export writes the name,
    /// then a blank line and the description): a first line of at most 100 characters followed by
    /// nothing or by a blank line is the name, the rest the description; longer or run-on notes
    /// stay the description (DECISIONS 721).
    static func nameAndDescription(_ notes: String?) -> (name: String?, description: String?) {
        guard let notes, !notes.isEmpty else { return (nil, nil) }
        let text = notes.replacingOccurrences(of: "\r\n", with: "\n")
        let first = text.prefix { $0 != "\n" }
        let rest = text.dropFirst(first.count)
        let title = first.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty, title.count <= 100, rest.isEmpty || rest.hasPrefix("\n\n") else { return (nil, notes) }
        let description = rest.drop { $0 == "\n" }
        return (title, description.isEmpty ? nil : String(description))
    }

    /// After a fault: keeps the points of the activity or course left open.
    func closeOpen() {
        if inActivity {
            (name, notes) = Self.nameAndDescription(notes)
            closeSegment()
            if !segments.isEmpty {
                document.tracks.append(Track(name: name, description: notes, type: sport, segments: segments, laps: laps))
                trackpointLines.append(lines)
            }
            segments = []
            return
        }
        guard !points.isEmpty else { return }
        if inCourse {
            document.routes.append(Route(name: name, description: notes, points: points))
        }
        points = []
    }
}
