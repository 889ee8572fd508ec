import Foundation
import TrailCore

/// The point being read (a `trkpt`, `rtept` or `wpt`): every value it may carry, gathered
/// until its end tag decides what to keep.
struct PendingPoint {
    var isOpen = false
    /// False when lat/lon were missing, not numbers or out of range (a warning was given).
    var isValid = false
    var latitude = 0.0
    var longitude = 0.0
    var elevation: Double?
    var time: Date?
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
    var hasExtras = false
    // Waypoint-only descriptive values (the model keeps them for `wpt` only).
    var name: String?
    var comment: String?
    var description: String?
    var source: String?
    var symbol: String?
    var type: String?
    var links: [Link] = []
}

/// The GPX `fixType` values (GPX 1.0 and 1.1 agree).
private let fixValues: Set<String> = ["none", "2d", "3d", "dgps", "pps"]

/// Elevations at or below this are no-data sentinels (-9999 from CompeGPS and others), not
/// places on Earth: the lowest dry land is about -430 m (DECISIONS.md).
let elevationSentinelLimit = -1000.0

extension GPXDocumentBuilder {
    // MARK: Points

    func beginPoint(attributes: XMLAttributes) {
        point = PendingPoint()
        point.isOpen = true
        let what = stack.last == .wpt ? "waypoint" : stack.last == .rtept ? "route point" : "trackpoint"
        guard let latText = attributes.raw("lat"), let lonText = attributes.raw("lon") else {
            warn("\(what) without lat and lon rejected")
            return
        }
        guard let lat = latText.withBytes(DecimalParser.finiteDouble),
              let lon = lonText.withBytes(DecimalParser.finiteDouble) else {
            warn("\(what) with non-numeric position (lat \"\(latText.string)\", lon \"\(lonText.string)\") rejected")
            return
        }
        guard (-90.0...90.0).contains(lat), (-180.0...180.0).contains(lon) else {
            warn("\(what) at lat \(lat), lon \(lon) rejected: out of range (-90…90, -180…180)")
            return
        }
        point.latitude = lat
        point.longitude = lon
        point.isValid = true
    }

    func finishTrackpoint() -> Trackpoint? {
        defer { point.isOpen = false }
        guard point.isValid else { return nil }
        var extras: TrackpointExtras?
        if point.hasExtras {
            extras = TrackpointExtras(
                hdop: point.hdop, vdop: point.vdop, pdop: point.pdop, satellites: point.satellites,
                fix: point.fix, speed: point.speed, course: point.course, heartRate: point.heartRate,
                cadence: point.cadence, airTemperature: point.airTemperature,
                waterTemperature: point.waterTemperature)
        }
        return Trackpoint(latitude: point.latitude, longitude: point.longitude,
                          elevation: point.elevation, time: point.time, extras: extras)
    }

    func finishWaypoint() -> Waypoint? {
        defer { point.isOpen = false }
        guard point.isValid else { return nil }
        return Waypoint(latitude: point.latitude, longitude: point.longitude, elevation: point.elevation,
                        time: point.time, name: point.name, comment: point.comment,
                        description: point.description, source: point.source, links: point.links,
                        symbol: point.symbol, type: point.type)
    }

    // MARK: Text elements

    /// The gathered text as a String; nil when the element was empty. Kept exactly as the XML
    /// parser delivered it (entities decoded, no trimming).
    private var textString: String? {
        text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
    }

    private var textIsBlank: Bool { text.withUnsafeBufferPointer(DecimalParser.isBlank) }

    /// A finite number from the text; nil (with a warning unless blank) otherwise.
    private func number(_ element: String) -> Double? {
        if let v = text.withUnsafeBufferPointer(DecimalParser.finiteDouble) { return v }
        if !textIsBlank { warn("<\(element)> value \"\(printable(text))\" is not a finite number; ignored") }
        return nil
    }

    private func integer(_ element: String) -> Int? {
        if let v = text.withUnsafeBufferPointer(DecimalParser.integer), v >= 0 { return v }
        if !textIsBlank { warn("<\(element)> value \"\(printable(text))\" is not a whole number ≥ 0; ignored") }
        return nil
    }

    private func elevation() -> Double? {
        guard let v = number("ele") else { return nil }
        if v <= elevationSentinelLimit {
            warn("elevation \(v) m treated as missing (no-data sentinel)")
            return nil
        }
        return v
    }

    private func timestamp() -> Date? {
        if let d = text.withUnsafeBufferPointer(ISO8601Timestamp.parse) { return d }
        if !textIsBlank { warn("<time> value \"\(printable(text))\" is not an ISO 8601 time; ignored") }
        return nil
    }

    func endTextElement(_ kind: GPXElement, parent: GPXElement) {
        if parent.isPoint {
            endPointValue(kind, parent: parent)
            return
        }
        switch kind {
        case .extHeartRate, .extCadence, .extAirTemperature, .extWaterTemperature, .extSpeed, .extCourse:
            endPointValue(kind, parent: parent)
        case .name: setDescriptive(\.name, \.name, \.name, personName: true, parent: parent)
        case .desc: setDescriptive(\.description, \.description, \.description, personName: false, parent: parent)
        case .cmt:
            if parent == .trk { track?.comment = textString } else if parent == .rte { route?.comment = textString }
        case .src:
            if parent == .trk { track?.source = textString } else if parent == .rte { route?.source = textString }
        case .type:
            switch parent {
            case .trk: track?.type = textString
            case .rte: route?.type = textString
            case .link: link?.type = textString
            default: break
            }
        case .text where parent == .link: link?.text = textString
        case .number:
            if parent == .trk { track?.number = integer("number") } else if parent == .rte { route?.number = integer("number") }
        case .time where parent == .metadata || parent == .gpx: document.metadata.time = timestamp()
        case .keywords where parent == .metadata || parent == .gpx: document.metadata.keywords = textString
        case .author:
            if parent == .metadata {
                document.metadata.author = person
                person = nil
            } else if parent == .gpx, let name = textString {  // GPX 1.0: a plain string
                var p = document.metadata.author ?? Person()
                p.name = name
                document.metadata.author = p
            }
        case .email where parent == .gpx:  // GPX 1.0: a plain string
            if let email = textString {
                var p = document.metadata.author ?? Person()
                p.email = email
                document.metadata.author = p
            }
        case .url: if let href = textString { appendURL(href, parent: parent) }
        case .urlname: setURLName(textString, parent: parent)
        case .year where parent == .copyright: copyright?.year = text.withUnsafeBufferPointer(DecimalParser.integer)
        case .license where parent == .copyright: copyright?.license = textString
        default: break
        }
    }

    private func setDescriptive(_ meta: WritableKeyPath<GPXMetadata, String?>,
                                _ trk: WritableKeyPath<Track, String?>,
                                _ rte: WritableKeyPath<Route, String?>,
                                personName: Bool, parent: GPXElement) {
        switch parent {
        case .metadata, .gpx: document.metadata[keyPath: meta] = textString
        case .trk: track?[keyPath: trk] = textString
        case .rte: route?[keyPath: rte] = textString
        case .author where personName: person?.name = textString
        default: break
        }
    }

    private func endPointValue(_ kind: GPXElement, parent: GPXElement) {
        guard point.isOpen else { return }
        let isWaypoint = parent == .wpt
        switch kind {
        case .ele: point.elevation = elevation()
        case .time: point.time = timestamp()
        case .hdop: point.hdop = number("hdop"); point.hasExtras = true
        case .vdop: point.vdop = number("vdop"); point.hasExtras = true
        case .pdop: point.pdop = number("pdop"); point.hasExtras = true
        case .sat: point.satellites = integer("sat"); point.hasExtras = true
        case .fix:
            let value = textString?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let value, fixValues.contains(value) {
                point.fix = value
                point.hasExtras = true
            } else if value.map({ !$0.isEmpty }) ?? false {
                warn("<fix> value \"\(printable(text))\" is not one of none, 2d, 3d, dgps, pps; ignored")
            }
        case .speed, .extSpeed: point.speed = number("speed"); point.hasExtras = true
        case .course, .extCourse: point.course = number("course"); point.hasExtras = true
        case .extHeartRate: point.heartRate = number("hr"); point.hasExtras = true
        case .extCadence: point.cadence = number("cad"); point.hasExtras = true
        case .extAirTemperature: point.airTemperature = number("atemp"); point.hasExtras = true
        case .extWaterTemperature: point.waterTemperature = number("wtemp"); point.hasExtras = true
        case .name where isWaypoint: point.name = textString
        case .cmt where isWaypoint: point.comment = textString
        case .desc where isWaypoint: point.description = textString
        case .src where isWaypoint: point.source = textString
        case .sym where isWaypoint: point.symbol = textString
        case .type where isWaypoint: point.type = textString
        case .url where isWaypoint: if let href = textString { point.links.append(Link(href: href)) }
        case .urlname where isWaypoint: setURLName(textString, parent: parent)
        default: break
        }
    }

    // MARK: GPX 1.0 url / urlname

    private func appendURL(_ href: String, parent: GPXElement) {
        switch parent {
        case .gpx, .metadata: document.metadata.links.append(Link(href: href))
        case .trk: track?.links.append(Link(href: href))
        case .rte: route?.links.append(Link(href: href))
        default: break
        }
    }

    /// GPX 1.0 `urlname` names the `url` before it; without one it is ignored.
    private func setURLName(_ name: String?, parent: GPXElement) {
        func apply(_ links: inout [Link]) {
            if let last = links.indices.last, links[last].text == nil { links[last].text = name }
        }
        switch parent {
        case .gpx, .metadata: apply(&document.metadata.links)
        case .trk: if track != nil { apply(&track!.links) }
        case .rte: if route != nil { apply(&route!.links) }
        case .wpt: apply(&point.links)
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
