import Foundation
import TrailCore

/// Writes the elements of one document in GPX 1.1 schema order (see ``GPXWriter``).
struct GPXEmitter {
    let out: ChunkedOutput
    let document: GPXDocument
    let defaultCreator: String
    let precision: GPXWriter.Precision
    /// Which Garmin TrackPointExtension namespace the file declares, if any.
    private let extensionNamespace: String?

    private static let fixValues: Set<String> = ["none", "2d", "3d", "dgps", "pps"]

    init(out: ChunkedOutput, document: GPXDocument, defaultCreator: String, precision: GPXWriter.Precision = .exact) {
        self.precision = precision
        self.out = out
        self.document = document
        self.defaultCreator = defaultCreator
        var sensors = false
        var motion = false
        func scan(_ points: [Trackpoint]) {
            for p in points {
                guard let e = p.extras else { continue }
                if e.speed != nil || e.course != nil { motion = true }
                if e.heartRate != nil || e.cadence != nil || e.airTemperature != nil
                    || e.waterTemperature != nil { sensors = true }
            }
        }
        for t in document.tracks { for s in t.segments { scan(s.points) } }
        for r in document.routes { scan(r.points) }
        extensionNamespace = motion ? GPXElement.garminTPXv2Namespace
            : sensors ? GPXElement.garminTPXv1Namespace : nil
    }

    func emit() throws {
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"")
        out.escaped(nonEmpty(document.creator) ?? defaultCreator, inAttribute: true)
        out.raw("\" xmlns=\"http://www.topografix.com/GPX/1/1\"")
        if let ns = extensionNamespace {
            out.raw(" xmlns:gpxtpx=\"")
            out.raw(ns)
            out.raw("\"")
        }
        out.raw(">\n")
        writeMetadata(document.metadata)
        for (i, w) in document.waypoints.enumerated() {
            try writeWaypoint(w, location: "waypoint \(i + 1)")
        }
        for (i, r) in document.routes.enumerated() {
            out.raw("  <rte>\n")
            writeDescription(name: r.name, comment: r.comment, description: r.description, source: r.source,
                             links: r.links, indent: 4)
            if let n = r.number, n >= 0 { element("number", String(n), indent: 4) }
            textElement("type", r.type, indent: 4)
            for (j, p) in r.points.enumerated() {
                try writePoint(p, tag: "rtept", indent: 4, location: "route \(i + 1) point \(j + 1)")
            }
            out.raw("  </rte>\n")
            try out.flushIfNeeded()
        }
        for (i, t) in document.tracks.enumerated() {
            out.raw("  <trk>\n")
            writeDescription(name: t.name, comment: t.comment, description: t.description, source: t.source,
                             links: t.links, indent: 4)
            if let n = t.number, n >= 0 { element("number", String(n), indent: 4) }
            textElement("type", t.type, indent: 4)
            for (j, s) in t.segments.enumerated() {
                out.raw("    <trkseg>\n")
                for (k, p) in s.points.enumerated() {
                    try writePoint(p, tag: "trkpt", indent: 6,
                                   location: "track \(i + 1) segment \(j + 1) point \(k + 1)")
                }
                out.raw("    </trkseg>\n")
            }
            out.raw("  </trk>\n")
        }
        out.raw("</gpx>\n")
    }

    // MARK: Metadata

    private func writeMetadata(_ m: GPXMetadata) {
        let hasAuthor = m.author.map { nonEmpty($0.name) != nil || emailParts($0.email) != nil || $0.link != nil } ?? false
        guard nonEmpty(m.name) != nil || nonEmpty(m.description) != nil || hasAuthor || m.copyright != nil
                || !m.links.isEmpty || m.time != nil || nonEmpty(m.keywords) != nil || validBounds(m.bounds) != nil
        else { return }
        out.raw("  <metadata>\n")
        textElement("name", m.name, indent: 4)
        textElement("desc", m.description, indent: 4)
        if hasAuthor, let a = m.author {
            out.raw("    <author>\n")
            textElement("name", a.name, indent: 6)
            if let (id, domain) = emailParts(a.email) {
                out.raw("      <email id=\"")
                out.escaped(id, inAttribute: true)
                out.raw("\" domain=\"")
                out.escaped(domain, inAttribute: true)
                out.raw("\"/>\n")
            }
            if let l = a.link { writeLink(l, indent: 6) }
            out.raw("    </author>\n")
        }
        if let c = m.copyright {
            out.raw("    <copyright author=\"")
            out.escaped(c.author, inAttribute: true)
            out.raw("\">\n")
            if let y = c.year { element("year", y < 0 ? "-" + pad4(-y) : pad4(y), indent: 6) }
            textElement("license", c.license, indent: 6)
            out.raw("    </copyright>\n")
        }
        for l in m.links { writeLink(l, indent: 4) }
        if let t = m.time { element("time", ISO8601Timestamp.format(t), indent: 4) }
        textElement("keywords", m.keywords, indent: 4)
        if let b = validBounds(m.bounds) {
            out.raw("    <bounds minlat=\"")
            out.raw(degrees(b.minLatitude))
            out.raw("\" minlon=\"")
            out.raw(degrees(longitude(b.minLongitude)))
            out.raw("\" maxlat=\"")
            out.raw(degrees(b.maxLatitude))
            out.raw("\" maxlon=\"")
            out.raw(degrees(longitude(b.maxLongitude)))
            out.raw("\"/>\n")
        }
        out.raw("  </metadata>\n")
    }

    private func validBounds(_ b: BoundingBox?) -> BoundingBox? {
        guard let b, Coordinate(latitude: b.minLatitude, longitude: b.minLongitude).isValid,
              Coordinate(latitude: b.maxLatitude, longitude: b.maxLongitude).isValid else { return nil }
        return b
    }

    private func emailParts(_ email: String?) -> (String, String)? {
        guard let email, let at = email.lastIndex(of: "@") else { return nil }
        let id = String(email[..<at])
        let domain = String(email[email.index(after: at)...])
        return id.isEmpty || domain.isEmpty ? nil : (id, domain)
    }

    private func pad4(_ v: Int) -> String {
        let s = String(v)
        return s.count >= 4 ? s : String(repeating: "0", count: 4 - s.count) + s
    }

    // MARK: Points

    private func writeWaypoint(_ w: Waypoint, location: String) throws {
        try openPoint("wpt", latitude: w.latitude, longitude: w.longitude, indent: 2, location: location)
        writePosition(elevation: w.elevation, time: w.time, indent: 4)
        writeDescription(name: w.name, comment: w.comment, description: w.description, source: w.source,
                         links: w.links, indent: 4)
        textElement("sym", w.symbol, indent: 4)
        textElement("type", w.type, indent: 4)
        out.raw("  </wpt>\n")
        try out.flushIfNeeded()
    }

    private func writePoint(_ p: Trackpoint, tag: StaticString, indent: Int, location: String) throws {
        try openPoint(tag, latitude: p.latitude, longitude: p.longitude, indent: indent, location: location)
        writePosition(elevation: p.elevation, time: p.time, indent: indent + 2)
        if let e = p.extras { writeExtras(e, indent: indent + 2) }
        spaces(indent)
        out.raw("</")
        out.raw(tag)
        out.raw(">\n")
        try out.flushIfNeeded()
    }

    private func openPoint(_ tag: StaticString, latitude: Double, longitude lon: Double, indent: Int,
                           location: String) throws {
        guard Coordinate(latitude: latitude, longitude: lon).isValid else {
            throw GPXWriteError.invalidCoordinate(latitude: latitude, longitude: lon, location: location)
        }
        spaces(indent)
        out.byte(UInt8(ascii: "<"))
        out.raw(tag)
        out.raw(" lat=\"")
        out.raw(degrees(latitude))
        out.raw("\" lon=\"")
        out.raw(degrees(longitude(lon)))
        out.raw("\">\n")
    }

    /// The schema's longitude range is -180 ≤ lon < 180: 180 is written as -180. A longitude
    /// that rounds to 180 is also written as -180.
    private func longitude(_ lon: Double) -> Double {
        lon == 180 || (precision == .measured && (lon * 1e7).rounded() >= 1_800_000_000) ? -180 : lon
    }

    /// Degrees as the writer's precision says.
    private func degrees(_ v: Double) -> String {
        precision == .exact ? DecimalFormatter.shortest(v) : DecimalFormatter.fixed(v, places: DecimalFormatter.degreePlaces)
    }

    /// Metres as the writer's precision says.
    private func metres(_ v: Double) -> String {
        precision == .exact ? DecimalFormatter.shortest(v) : DecimalFormatter.fixed(v, places: DecimalFormatter.metrePlaces)
    }

    private func writePosition(elevation: Double?, time: Date?, indent: Int) {
        if let e = elevation, e.isFinite { element("ele", metres(e), indent: indent) }
        if let t = time {
            spaces(indent)
            out.raw("<time>")
            out.timestamp(t)
            out.raw("</time>\n")
        }
    }

    private func writeExtras(_ e: TrackpointExtras, indent: Int) {
        if let f = e.fix, Self.fixValues.contains(f) { element("fix", f, indent: indent) }
        if let s = e.satellites, s >= 0 { element("sat", String(s), indent: indent) }
        decimalElement("hdop", e.hdop, indent: indent)
        decimalElement("vdop", e.vdop, indent: indent)
        decimalElement("pdop", e.pdop, indent: indent)
        let values: [(StaticString, Double?)] = [
            ("atemp", e.airTemperature), ("wtemp", e.waterTemperature), ("hr", e.heartRate),
            ("cad", e.cadence), ("speed", e.speed), ("course", e.course),
        ]
        guard extensionNamespace != nil, values.contains(where: { $0.1?.isFinite ?? false }) else { return }
        spaces(indent)
        out.raw("<extensions>\n")
        spaces(indent + 2)
        out.raw("<gpxtpx:TrackPointExtension>\n")
        for (name, value) in values {  // TrackPointExtension v1/v2 sequence order
            guard let v = value, v.isFinite else { continue }
            spaces(indent + 4)
            out.raw("<gpxtpx:")
            out.raw(name)
            out.raw(">")
            out.raw(DecimalFormatter.shortest(v))
            out.raw("</gpxtpx:")
            out.raw(name)
            out.raw(">\n")
        }
        spaces(indent + 2)
        out.raw("</gpxtpx:TrackPointExtension>\n")
        spaces(indent)
        out.raw("</extensions>\n")
    }

    // MARK: Shared pieces

    private func writeDescription(name: String?, comment: String?, description: String?, source: String?,
                                  links: [Link], indent: Int) {
        textElement("name", name, indent: indent)
        textElement("cmt", comment, indent: indent)
        textElement("desc", description, indent: indent)
        textElement("src", source, indent: indent)
        for l in links { writeLink(l, indent: indent) }
    }

    private func writeLink(_ l: Link, indent: Int) {
        spaces(indent)
        out.raw("<link href=\"")
        out.escaped(l.href, inAttribute: true)
        guard nonEmpty(l.text) != nil || nonEmpty(l.type) != nil else {
            out.raw("\"/>\n")
            return
        }
        out.raw("\">\n")
        textElement("text", l.text, indent: indent + 2)
        textElement("type", l.type, indent: indent + 2)
        spaces(indent)
        out.raw("</link>\n")
    }

    private func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }

    /// `<tag>escaped text</tag>`, or nothing for nil or "".
    private func textElement(_ tag: StaticString, _ value: String?, indent: Int) {
        guard let v = nonEmpty(value) else { return }
        spaces(indent)
        out.byte(UInt8(ascii: "<")); out.raw(tag); out.byte(UInt8(ascii: ">"))
        out.escaped(v, inAttribute: false)
        out.raw("</"); out.raw(tag); out.raw(">\n")
    }

    private func decimalElement(_ tag: StaticString, _ value: Double?, indent: Int) {
        guard let v = value, v.isFinite else { return }
        element(tag, DecimalFormatter.shortest(v), indent: indent)
    }

    /// `<tag>trusted ASCII</tag>`.
    private func element(_ tag: StaticString, _ value: String, indent: Int) {
        spaces(indent)
        out.byte(UInt8(ascii: "<")); out.raw(tag); out.byte(UInt8(ascii: ">"))
        out.raw(value)
        out.raw("</"); out.raw(tag); out.raw(">\n")
    }

    private func spaces(_ n: Int) {
        for _ in 0..<n { out.byte(0x20) }
    }
}
