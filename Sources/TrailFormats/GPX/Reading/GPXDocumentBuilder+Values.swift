import Localization
import Foundation
import TrailCore

/// The point being read (a `trkpt`, `rtept` or `wpt`): every value it may carry, gathered
/// until its end tag decides what to keep. Reset cheaply per point: the rarely used groups
/// only when they were touched.
struct PendingPoint {
    var isOpen = false
    /// The line of the point's start tag (0 when unknown).
    var line: Int32 = 0
    /// False when lat/lon were missing, not numbers or out of range (a warning was given).
    var isValid = false
    var latitude = 0.0
    var longitude = 0.0
    var elevation: Double?
    var time: Date?
    var hasExtras = false
    var extras = Extras()
    var hasText = false
    var text = WaypointText()

    /// Fix quality and sensor values (``TrackpointExtras``).
    struct Extras: Hashable {
        var hdop: Double?
        var vdop: Double?
        var pdop: Double?
        var satellites: Int?
        var fix: String?
        var speed: Double?
        var course: Double?
        var heartRate: Double?
        var cadence: Double?
        var airTemperature: Double?
        var waterTemperature: Double?
    }

    /// Descriptive values the model keeps for waypoints only.
    struct WaypointText {
        var name: String?
        var comment: String?
        var description: String?
        var source: String?
        var symbol: String?
        var type: String?
        var links: [Link] = []
    }

    /// Starts a new point.
    mutating func reset() {
        isOpen = true
        isValid = false
        elevation = nil
        time = nil
        if hasExtras { extras = Extras(); hasExtras = false }
        if hasText { text = WaypointText(); hasText = false }
    }
}

/// The GPX `fixType` values (GPX 1.0 and 1.1 agree).
private let fixValues: Set<String> = ["none", "2d", "3d", "dgps", "pps"]

/// Times in the second starting at -2^31 s (1901-12-13T20:45:52Z, the smallest 32-bit
/// `time_t`) are a receiver's "no time" value, not a walk before GPS existed: every trackpoint
/// of gpxpy-Mojstrovka.gpx has one (DECISIONS.md).
let timeSentinel = -2_147_483_648.0

extension GPXDocumentBuilder {
    // MARK: Points

    mutating func beginPoint(attributes: XMLAttributes) {
        point.reset()
        point.line = Int32(clamping: line)
        // The words only when there is something to say: a catalogue lookup per point would cost.
        let element = stack.last
        func what() -> String { element == .wpt ? L("waypoint") : element == .rtept ? L("route point") : L("trackpoint") }
        guard let latText = attributes.raw("lat"), let lonText = attributes.raw("lon") else {
            reject(L("%s without lat and lon rejected", what()))
            return
        }
        guard let lat = latText.withBytes(DecimalParser.finiteDouble),
              let lon = lonText.withBytes(DecimalParser.finiteDouble) else {
            reject(L("%s with non-numeric position (lat \"%s\", lon \"%s\") rejected", what(), latText.string, lonText.string))
            return
        }
        guard (-90.0...90.0).contains(lat), (-180.0...180.0).contains(lon) else {
            reject(L("%s at lat %s, lon %s rejected: out of range (-90…90, -180…180)", what(), lat, lon))
            return
        }
        point.latitude = lat
        point.longitude = lon
        point.isValid = true
    }

    mutating func finishTrackpoint() -> Trackpoint? {
        defer { point.isOpen = false }
        guard point.isValid else { return nil }
        var extras: TrackpointExtras?
        if point.hasExtras { extras = sharedExtras(point.extras) }
        return Trackpoint(latitude: point.latitude, longitude: point.longitude,
                          elevation: point.elevation, time: point.time, extras: extras)
    }

    /// One ``TrackpointExtras`` object per distinct set of values: a watch repeats the same
    /// heart rate, cadence and temperature for many seconds, and each object costs about
    /// 200 bytes, more than the trackpoint itself. Sharing is safe because the class is
    /// immutable. (Real Garmin files: 5-20 % of points have a distinct set.) The table is
    /// cleared when it reaches ``extrasTableLimit`` entries, so it stays small.
    private mutating func sharedExtras(_ x: PendingPoint.Extras) -> TrackpointExtras? {
        if let shared = extrasTable[x] { return shared }
        let e = TrackpointExtras(
            hdop: x.hdop, vdop: x.vdop, pdop: x.pdop, satellites: x.satellites, fix: x.fix,
            speed: x.speed, course: x.course, heartRate: x.heartRate, cadence: x.cadence,
            airTemperature: x.airTemperature, waterTemperature: x.waterTemperature)
        if e.isEmpty { return nil }  // e.g. only an unreadable <hdop>: no extras at all
        if extrasTable.count >= Self.extrasTableLimit { extrasTable.removeAll(keepingCapacity: true) }
        extrasTable[x] = e
        return e
    }

    mutating func finishWaypoint() -> Waypoint? {
        defer { point.isOpen = false }
        guard point.isValid else { return nil }
        let t = point.text
        return Waypoint(latitude: point.latitude, longitude: point.longitude, elevation: point.elevation,
                        time: point.time, name: t.name, comment: t.comment, description: t.description,
                        source: t.source, links: t.links, symbol: t.symbol, type: t.type)
    }

    // MARK: Text elements

    /// The gathered text as a String; nil when the element was empty. Kept exactly as the XML
    /// parser delivered it (entities decoded, no trimming).
    private var textString: String? {
        text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
    }

    private var textIsBlank: Bool { text.withUnsafeBufferPointer(DecimalParser.isBlank) }

    /// A finite number from the text; nil (with a warning unless blank) otherwise.
    private mutating func number(_ element: String) -> Double? {
        if let v = text.withUnsafeBufferPointer(DecimalParser.finiteDouble) { return v }
        if !textIsBlank { warn(L("<%s> value \"%s\" is not a finite number; ignored", element, printable(text))) }
        return nil
    }

    private mutating func integer(_ element: String) -> Int? {
        if let v = text.withUnsafeBufferPointer(DecimalParser.integer), v >= 0 { return v }
        if !textIsBlank { warn(L("<%s> value \"%s\" is not a whole number ≥ 0; ignored", element, printable(text))) }
        return nil
    }

    /// The `<ele>` value as read; implausible heights (no-data sentinels such as -9999) are
    /// dropped for every reader at once by ``PlausibleElevation``.
    private mutating func elevation() -> Double? { number("ele") }

    private mutating func timestamp() -> Date? {
        if let d = text.withUnsafeBufferPointer(ISO8601Timestamp.parse) {
            if (timeSentinel..<timeSentinel + 1).contains(d.timeIntervalSince1970) {
                warn(L("time 1901-12-13T20:45:52Z (a receiver's no-data value) treated as missing"))
                return nil
            }
            return d
        }
        if !textIsBlank { warn(L("<time> value \"%s\" is not an ISO 8601 time; ignored", printable(text))) }
        return nil
    }

    mutating func endTextElement(_ kind: GPXElement, parent: GPXElement) {
        if parent.isPoint {
            endPointValue(kind, parent: parent)
            return
        }
        switch kind {
        case .extHeartRate, .extCadence, .extAirTemperature, .extWaterTemperature, .extSpeed, .extCourse:
            endPointValue(kind, parent: parent)
            return
        case .time:
            if parent == .metadata || parent == .gpx { document.metadata.time = timestamp() }
            return
        case .number:
            guard parent == .trk || parent == .rte else { return }
            let n = integer("number")
            if parent == .trk { track?.number = n } else { route?.number = n }
            return
        case .year:
            if parent == .copyright { copyright?.year = text.withUnsafeBufferPointer(DecimalParser.integer) }
            return
        default:
            break
        }
        // Descriptive text: not on the hot path, so one String is made here.
        let value = textString
        switch kind {
        case .name: setDescriptive(\.name, \.name, \.name, value, personName: true, parent: parent)
        case .desc: setDescriptive(\.description, \.description, \.description, value, personName: false, parent: parent)
        case .cmt: setDescriptive(nil, \.comment, \.comment, value, personName: false, parent: parent)
        case .src: setDescriptive(nil, \.source, \.source, value, personName: false, parent: parent)
        case .type:
            if parent == .link { link?.type = value } else {
                setDescriptive(nil, \.type, \.type, value, personName: false, parent: parent)
            }
        case .text where parent == .link: link?.text = value
        case .keywords where parent == .metadata || parent == .gpx: document.metadata.keywords = value
        case .author:
            if parent == .metadata {
                document.metadata.author = person
                person = nil
            } else if parent == .gpx, let value {  // GPX 1.0: a plain string
                var p = document.metadata.author ?? Person()
                p.name = value
                document.metadata.author = p
            }
        case .email where parent == .gpx:  // GPX 1.0: a plain string
            if let value {
                var p = document.metadata.author ?? Person()
                p.email = value
                document.metadata.author = p
            }
        case .url: if let value { appendURL(value, parent: parent) }
        case .urlname: setURLName(value, parent: parent)
        case .license where parent == .copyright: copyright?.license = value
        default: break
        }
    }

    private mutating func setDescriptive(_ meta: WritableKeyPath<GPXMetadata, String?>?,
                                         _ trk: WritableKeyPath<Track, String?>,
                                         _ rte: WritableKeyPath<Route, String?>,
                                         _ value: String?, personName: Bool, parent: GPXElement) {
        switch parent {
        case .metadata, .gpx: if let meta { document.metadata[keyPath: meta] = value }
        case .trk: track?[keyPath: trk] = value
        case .rte: route?[keyPath: rte] = value
        case .author where personName: person?.name = value
        default: break
        }
    }

    private mutating func endPointValue(_ kind: GPXElement, parent: GPXElement) {
        guard point.isOpen else { return }
        let isWaypoint = parent == .wpt
        switch kind {
        case .ele: point.elevation = elevation()
        case .time: point.time = timestamp()
        case .hdop: point.hasExtras = true; point.extras.hdop = number("hdop")
        case .vdop: point.hasExtras = true; point.extras.vdop = number("vdop")
        case .pdop: point.hasExtras = true; point.extras.pdop = number("pdop")
        case .sat: point.hasExtras = true; point.extras.satellites = integer("sat")
        case .fix:
            let value = textString?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let value, fixValues.contains(value) {
                point.hasExtras = true
                point.extras.fix = value
            } else if value.map({ !$0.isEmpty }) ?? false {
                warn(L("<fix> value \"%s\" is not one of none, 2d, 3d, dgps, pps; ignored", printable(text)))
            }
        case .speed, .extSpeed: point.hasExtras = true; point.extras.speed = number("speed")
        case .course, .extCourse: point.hasExtras = true; point.extras.course = number("course")
        case .extHeartRate: point.hasExtras = true; point.extras.heartRate = number("hr")
        case .extCadence: point.hasExtras = true; point.extras.cadence = number("cad")
        case .extAirTemperature: point.hasExtras = true; point.extras.airTemperature = number("atemp")
        case .extWaterTemperature: point.hasExtras = true; point.extras.waterTemperature = number("wtemp")
        case .name where isWaypoint: point.hasText = true; point.text.name = textString
        case .cmt where isWaypoint: point.hasText = true; point.text.comment = textString
        case .desc where isWaypoint: point.hasText = true; point.text.description = textString
        case .src where isWaypoint: point.hasText = true; point.text.source = textString
        case .sym where isWaypoint: point.hasText = true; point.text.symbol = textString
        case .type where isWaypoint: point.hasText = true; point.text.type = textString
        case .url where isWaypoint:
            if let href = textString { point.hasText = true; point.text.links.append(Link(href: href)) }
        case .urlname where isWaypoint: setURLName(textString, parent: parent)
        default: break
        }
    }

    // MARK: GPX 1.0 url / urlname

    private mutating func appendURL(_ href: String, parent: GPXElement) {
        switch parent {
        case .gpx, .metadata: document.metadata.links.append(Link(href: href))
        case .trk: track?.links.append(Link(href: href))
        case .rte: route?.links.append(Link(href: href))
        default: break
        }
    }

    /// GPX 1.0 `urlname` names the `url` before it; without one it is ignored.
    private mutating func setURLName(_ name: String?, parent: GPXElement) {
        func apply(_ links: inout [Link]) {
            if let last = links.indices.last, links[last].text == nil { links[last].text = name }
        }
        switch parent {
        case .gpx, .metadata: apply(&document.metadata.links)
        case .trk: if track != nil { apply(&track!.links) }
        case .rte: if route != nil { apply(&route!.links) }
        case .wpt: point.hasText = true; apply(&point.text.links)
        default: break
        }
    }

    /// At most 40 characters of `bytes` for a warning, control characters replaced.
    func printable(_ bytes: [UInt8]) -> String {
        let s = String(decoding: bytes.prefix(40), as: UTF8.self)
        return String(String.UnicodeScalarView(s.unicodeScalars.map {
            $0.properties.generalCategory == .control ? "?" : $0
        })) + (bytes.count > 40 ? "…" : "")
    }
}
