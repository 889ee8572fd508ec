import Foundation
import TrailCore

/// Writes a ``GPXDocument`` as KML 2.2 (OGC 07-147r2) with the Google `gx:` extension, for
/// Google Earth and planners; ``KMLReader`` reads it back.
///
/// - A `Document` named by the file's name, with the file's time as its `TimeStamp`, then one `Placemark` per track, route and waypoint:
///   `name`, `description`, and `ExtendedData` `kind` (track/route) and `type` when present.
/// - A track whose every point has a time is a `gx:Track` (`when` then `gx:coord` "lon lat alt"),
///   several segments a `gx:MultiTrack`; otherwise (and for routes) a `LineString`, several
///   segments a `MultiGeometry` of LineStrings. A segment of one point is left out of a line.
/// - Coordinates are `lon,lat[,alt]`, longitude/latitude to 7 decimals, altitude to 1; with
///   elevations on every point `altitudeMode` is `absolute`, else altitudes are left out (and
///   the mode is the default, clampToGround).
/// - A waypoint's links (a photo's file, issue 36) are `atom:link` elements (`href`, `type`,
///   the text as `title`; KML 2.2 puts `atom:link` in every Feature, after `name`), and an image
///   link (type `image/…`) is also an `<img>` at the end of the `description`, which Google
///   Earth shows in the placemark's balloon (the description is HTML to it). ``KMLReader`` keeps
///   the links and takes that `<img>` off again.
/// - Throws: ``GPXWriteError/invalidCoordinate(latitude:longitude:location:)`` for an invalid point.
public struct KMLWriter: DocumentWriter, Sendable {
    /// A writer.
    public init() {}

    /// Writes `document` to `sink` in chunks of about 64 KiB.
    public func write(_ document: GPXDocument, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in
            let out = ChunkedOutput(sink: sink)
            out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            let atom = document.waypoints.contains { !$0.links.isEmpty } ? " xmlns:atom=\"\(Self.atomNamespace)\"" : ""
            out.raw("<kml xmlns=\"http://www.opengis.net/kml/2.2\" xmlns:gx=\"http://www.google.com/kml/ext/2.2\"\(atom)>\n<Document>\n")
            text(out, "name", document.metadata.name, indent: 1)
            text(out, "description", document.metadata.description, indent: 1)
            // The file's time (when a route was drawn) as the Document's TimeStamp (issue 34).
            if let time = document.metadata.time {
                out.raw(" <TimeStamp><when>")
                out.timestamp(time)
                out.raw("</when></TimeStamp>\n")
            }
            for (i, t) in document.tracks.enumerated() {
                let lines = t.segments.map(\.points).filter { $0.count >= 2 }
                guard !lines.isEmpty else { continue }
                try placemark(out, name: t.name, description: t.description, kind: "track", type: t.type) {
                    try line(out, lines, location: "track \(i + 1)")
                }
                try out.flushIfNeeded()
            }
            for (i, r) in document.routes.enumerated() where r.points.count >= 2 {
                try placemark(out, name: r.name, description: r.description, kind: "route", type: r.type) {
                    try line(out, [r.points], location: "route \(i + 1)", timed: false)
                }
                try out.flushIfNeeded()
            }
            for (i, w) in document.waypoints.enumerated() {
                try check(w.latitude, w.longitude, "waypoint \(i + 1)")
                try placemark(out, name: w.name, description: Self.description(w), time: w.time, kind: nil, type: w.type,
                              links: w.links) {
                    let ele = w.elevation.flatMap { $0.isFinite ? $0 : nil }
                    out.raw("   <Point>\n")
                    if ele != nil { out.raw("    <altitudeMode>absolute</altitudeMode>\n") }
                    out.raw("    <coordinates>")
                    tuple(out, w.latitude, w.longitude, ele, separator: ",")
                    out.raw("</coordinates>\n   </Point>\n")
                }
            }
            out.raw("</Document>\n</kml>\n")
            try out.flush()
        }
    }

    /// The Atom namespace of `atom:link` (RFC 4287), as KML 2.2 uses it.
    public static let atomNamespace = "http://www.w3.org/2005/Atom"

    /// A waypoint's description with an `<img src="URL" …/>` line for each image link (what
    /// Google Earth's balloon shows); ``KMLReader/strippingImages(_:links:)`` takes them off.
    static func description(_ w: Waypoint) -> String? {
        let images = w.links.filter { $0.type?.hasPrefix("image/") == true }
        guard !images.isEmpty else { return w.description }
        var text = w.description ?? ""
        for l in images { text += "\n" + imageTag(l.href) }
        return text
    }

    /// `<img src="URL" style="max-width:500px"/>`, the URL's quotes and angle brackets escaped.
    static func imageTag(_ href: String) -> String {
        let safe = href.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        return "<img src=\"\(safe)\" style=\"max-width:500px\"/>"
    }

    private func check(_ lat: Double, _ lon: Double, _ location: String) throws {
        guard Coordinate(latitude: lat, longitude: lon).isValid else {
            throw GPXWriteError.invalidCoordinate(latitude: lat, longitude: lon, location: location)
        }
    }

    private func text(_ out: ChunkedOutput, _ tag: String, _ value: String?, indent: Int) {
        guard let value, !value.isEmpty else { return }
        out.raw(String(repeating: " ", count: indent) + "<" + tag + ">")
        out.escaped(value, inAttribute: false)
        out.raw("</" + tag + ">\n")
    }

    /// A Placemark, its children in the order KML 2.2's schema requires (name, description,
    /// TimeStamp, ExtendedData, then the geometry).
    private func placemark(_ out: ChunkedOutput, name: String?, description: String?, time: Date? = nil, kind: String?,
                           type: String?, links: [Link] = [], geometry: () throws -> Void) throws {
        out.raw(" <Placemark>\n")
        text(out, "name", name, indent: 2)
        for l in links {
            out.raw("  <atom:link href=\"")
            out.escaped(l.href, inAttribute: true)
            out.raw("\"")
            for (attribute, value) in [("type", l.type), ("title", l.text)] {
                guard let value, !value.isEmpty else { continue }
                out.raw(" \(attribute)=\"")
                out.escaped(value, inAttribute: true)
                out.raw("\"")
            }
            out.raw("/>\n")
        }
        text(out, "description", description, indent: 2)
        if let time {
            out.raw("  <TimeStamp><when>")
            out.timestamp(time)
            out.raw("</when></TimeStamp>\n")
        }
        let data = [("kind", kind), ("type", type)].compactMap { k, v in v.flatMap { $0.isEmpty ? nil : (k, $0) } }
        if !data.isEmpty {
            out.raw("  <ExtendedData>\n")
            for (k, v) in data {
                out.raw("   <Data name=\"\(k)\"><value>")
                out.escaped(v, inAttribute: false)
                out.raw("</value></Data>\n")
            }
            out.raw("  </ExtendedData>\n")
        }
        try geometry()
        out.raw(" </Placemark>\n")
    }

    private func tuple(_ out: ChunkedOutput, _ lat: Double, _ lon: Double, _ ele: Double?, separator: String) {
        out.raw(DecimalFormatter.fixed(lon, places: DecimalFormatter.degreePlaces))
        out.raw(separator)
        out.raw(DecimalFormatter.fixed(lat, places: DecimalFormatter.degreePlaces))
        if let ele {
            out.raw(separator)
            out.raw(DecimalFormatter.fixed(ele, places: DecimalFormatter.metrePlaces))
        }
    }

    private func line(_ out: ChunkedOutput, _ lines: [[Trackpoint]], location: String, timed: Bool = true) throws {
        for l in lines { for p in l { try check(p.latitude, p.longitude, location) } }
        let withElevation = lines.allSatisfy { $0.allSatisfy { $0.elevation?.isFinite == true } }
        let allTimed = timed && lines.allSatisfy { $0.allSatisfy { $0.time != nil } }
        let mode = withElevation ? "<altitudeMode>absolute</altitudeMode>" : nil
        if allTimed {
            if lines.count > 1 { out.raw("  <gx:MultiTrack>\n") }
            for l in lines {
                out.raw("   <gx:Track>\n")
                if let mode { out.raw("    " + mode + "\n") }
                for p in l {
                    out.raw("    <when>")
                    out.timestamp(p.time!)
                    out.raw("</when>\n")
                }
                for (i, p) in l.enumerated() {
                    out.raw("    <gx:coord>")
                    tuple(out, p.latitude, p.longitude, withElevation ? p.elevation : nil, separator: " ")
                    out.raw("</gx:coord>\n")
                    if i & 1023 == 1023 { try out.flushIfNeeded() }
                }
                out.raw("   </gx:Track>\n")
            }
            if lines.count > 1 { out.raw("  </gx:MultiTrack>\n") }
            return
        }
        if lines.count > 1 { out.raw("  <MultiGeometry>\n") }
        for l in lines {
            out.raw("   <LineString>\n")
            if let mode { out.raw("    " + mode + "\n") }
            out.raw("    <coordinates>")
            for (i, p) in l.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: " ")) }
                tuple(out, p.latitude, p.longitude, withElevation ? p.elevation : nil, separator: ",")
                if i & 1023 == 1023 { try out.flushIfNeeded() }
            }
            out.raw("</coordinates>\n   </LineString>\n")
        }
        if lines.count > 1 { out.raw("  </MultiGeometry>\n") }
    }
}
