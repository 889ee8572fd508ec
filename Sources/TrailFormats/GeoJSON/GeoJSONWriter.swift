import Foundation
import TrailCore

/// Writes a ``GPXDocument`` as a GeoJSON FeatureCollection (RFC 7946) for GIS tools.
///
/// - The collection carries the file's `name` and `time` (metadata) as foreign members.
/// - One Feature per track, route and waypoint, in that order, each with a `kind` property
///   ("track", "route", "waypoint") and, where present, `name`, `desc`, `cmt`, `type`,
///   `time` (a track's or route's first timestamp; a waypoint's own) and `sym` (waypoints).
///   A track or route with any timed point also gets `coordinateProperties.times`, one ISO 8601
///   time (or null) per position, as togeojson writes it: a flat array for a LineString, one
///   array per line for a MultiLineString, so ``GeoJSONReader`` reads the times back.
/// - Positions are `[longitude, latitude]` or `[longitude, latitude, elevation]` (RFC 7946
///   §3.1.1 order). Within one geometry either every position has an elevation or none does:
///   when some points lack `ele`, that geometry is written in 2D.
/// - Geometry of a track: a LineString for one segment, a MultiLineString for several;
///   segments of fewer than two points cannot form a line and are left out. A track or route
///   with no line at all but with points becomes a Point/MultiPoint; with no points, `null`.
/// - Precision: longitude/latitude rounded to ``coordinateDecimals`` places (7 ≈ 1.1 cm at the
///   equator, finer than any GPS fix; RFC 7946 §11.2 recommends not exceeding what is
///   meaningful), elevation to ``elevationDecimals`` places (1 = 10 cm).
/// - Times are UTC ISO 8601 (``ISO8601Timestamp``).
public struct GeoJSONWriter: DocumentWriter, Sendable {
    /// Decimal places of longitude and latitude.
    public var coordinateDecimals: Int
    /// Decimal places of elevation, in metres.
    public var elevationDecimals: Int

    /// A writer with the given precisions, each clamped to 0…9 decimal places.
    public init(coordinateDecimals: Int = 7, elevationDecimals: Int = 1) {
        self.coordinateDecimals = max(0, min(9, coordinateDecimals))
        self.elevationDecimals = max(0, min(9, elevationDecimals))
    }

    /// Writes `document`, handing the bytes to `sink` in chunks of about 64 KiB.
    /// - Throws: ``GPXWriteError/invalidCoordinate(latitude:longitude:location:)`` for a point
    ///   outside the valid range, or what `sink` throws.
    public func write(_ document: GPXDocument, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in
            let out = ChunkedOutput(sink: sink)
            out.raw("{\"type\":\"FeatureCollection\"")
            // The file's name and time as foreign members (RFC 7946 §6.1), so a re-import of a
            // drawn route is dated by when it was drawn, not when it was read back (issue 34).
            if let name = document.metadata.name, !name.isEmpty {
                out.raw(",\"name\":\"")
                out.jsonEscaped(name)
                out.byte(UInt8(ascii: "\""))
            }
            if let time = document.metadata.time {
                out.raw(",\"time\":\"")
                out.timestamp(time)
                out.byte(UInt8(ascii: "\""))
            }
            out.raw(",\"features\":[")
            var first = true
            func separator() {
                if !first { out.byte(UInt8(ascii: ",")) }
                first = false
                out.byte(0x0A)
            }
            for (i, t) in document.tracks.enumerated() {
                separator()
                let lines = t.segments.map(\.points).filter { $0.count >= 2 }
                let loose = t.segments.map(\.points).filter { $0.count == 1 }.flatMap { $0 }
                try feature(out, kind: "track", name: t.name, desc: t.description, comment: t.comment, type: t.type,
                            time: t.segments.lazy.flatMap(\.points).first { $0.time != nil }?.time, symbol: nil,
                            lineTimes: lines) {
                    try lineGeometry(out, lines: lines, loose: loose, location: "track \(i + 1)")
                }
                try out.flushIfNeeded()
            }
            for (i, r) in document.routes.enumerated() {
                separator()
                try feature(out, kind: "route", name: r.name, desc: r.description, comment: r.comment, type: r.type,
                            time: r.points.first { $0.time != nil }?.time, symbol: nil,
                            lineTimes: r.points.count >= 2 ? [r.points] : []) {
                    try lineGeometry(out, lines: r.points.count >= 2 ? [r.points] : [],
                                     loose: r.points.count == 1 ? r.points : [], location: "route \(i + 1)")
                }
                try out.flushIfNeeded()
            }
            for (i, w) in document.waypoints.enumerated() {
                separator()
                try feature(out, kind: "waypoint", name: w.name, desc: w.description, comment: w.comment,
                            type: w.type, time: w.time, symbol: w.symbol, link: w.links.first?.href) {
                    out.raw("{\"type\":\"Point\",\"coordinates\":")
                    try position(out, w.latitude, w.longitude, w.elevation, withElevation: w.elevation?.isFinite == true,
                                 location: "waypoint \(i + 1)")
                    out.byte(UInt8(ascii: "}"))
                }
                try out.flushIfNeeded()
            }
            out.raw("\n]}\n")
            try out.flush()
        }
    }

    // MARK: Pieces

    private func feature(_ out: ChunkedOutput, kind: StaticString, name: String?, desc: String?, comment: String?,
                         type: String?, time: Date?, symbol: String?, link: String? = nil, lineTimes: [[Trackpoint]] = [],
                         geometry: () throws -> Void) throws {
        out.raw("{\"type\":\"Feature\",\"properties\":{\"kind\":\"")
        out.raw(kind)
        out.byte(UInt8(ascii: "\""))
        for (key, value) in [("name", name), ("desc", desc), ("cmt", comment), ("type", type), ("sym", symbol), ("link", link)] {
            guard let value else { continue }
            out.raw(",\"")
            out.raw(key)
            out.raw("\":\"")
            out.jsonEscaped(value)
            out.byte(UInt8(ascii: "\""))
        }
        if let time {
            out.raw(",\"time\":\"")
            out.timestamp(time)
            out.byte(UInt8(ascii: "\""))
        }
        if lineTimes.contains(where: { $0.contains { $0.time != nil } }) {
            out.raw(",\"coordinateProperties\":{\"times\":")
            if lineTimes.count > 1 { out.byte(UInt8(ascii: "[")) }
            for (l, line) in lineTimes.enumerated() {
                if l > 0 { out.byte(UInt8(ascii: ",")) }
                out.byte(UInt8(ascii: "["))
                for (i, p) in line.enumerated() {
                    if i > 0 { out.byte(UInt8(ascii: ",")) }
                    if let t = p.time {
                        out.byte(UInt8(ascii: "\""))
                        out.timestamp(t)
                        out.byte(UInt8(ascii: "\""))
                    } else {
                        out.raw("null")
                    }
                    if i & 1023 == 1023 { try out.flushIfNeeded() }
                }
                out.byte(UInt8(ascii: "]"))
            }
            if lineTimes.count > 1 { out.byte(UInt8(ascii: "]")) }
            out.byte(UInt8(ascii: "}"))
        }
        out.raw("},\"geometry\":")
        try geometry()
        out.byte(UInt8(ascii: "}"))
    }

    private func lineGeometry(_ out: ChunkedOutput, lines: [[Trackpoint]], loose: [Trackpoint],
                              location: String) throws {
        if lines.isEmpty {
            switch loose.count {
            case 0: out.raw("null")
            case 1:
                out.raw("{\"type\":\"Point\",\"coordinates\":")
                try position(out, loose[0].latitude, loose[0].longitude, loose[0].elevation,
                             withElevation: loose[0].elevation?.isFinite == true, location: location)
                out.byte(UInt8(ascii: "}"))
            default:
                out.raw("{\"type\":\"MultiPoint\",\"coordinates\":")
                try positions(out, loose, location: location)
                out.byte(UInt8(ascii: "}"))
            }
            return
        }
        if lines.count == 1 {
            out.raw("{\"type\":\"LineString\",\"coordinates\":")
            try positions(out, lines[0], location: location)
        } else {
            out.raw("{\"type\":\"MultiLineString\",\"coordinates\":[")
            for (i, line) in lines.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                try positions(out, line, location: location)
            }
            out.byte(UInt8(ascii: "]"))
        }
        out.byte(UInt8(ascii: "}"))
    }

    private func positions(_ out: ChunkedOutput, _ points: [Trackpoint], location: String) throws {
        let withElevation = points.allSatisfy { $0.elevation?.isFinite == true }
        out.byte(UInt8(ascii: "["))
        for (i, p) in points.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            try position(out, p.latitude, p.longitude, p.elevation, withElevation: withElevation, location: location)
            if i & 1023 == 1023 { try out.flushIfNeeded() }
        }
        out.byte(UInt8(ascii: "]"))
    }

    private func position(_ out: ChunkedOutput, _ lat: Double, _ lon: Double, _ ele: Double?, withElevation: Bool,
                          location: String) throws {
        guard Coordinate(latitude: lat, longitude: lon).isValid else {
            throw GPXWriteError.invalidCoordinate(latitude: lat, longitude: lon, location: location)
        }
        out.byte(UInt8(ascii: "["))
        out.raw(DecimalFormatter.fixed(lon, places: coordinateDecimals))
        out.byte(UInt8(ascii: ","))
        out.raw(DecimalFormatter.fixed(lat, places: coordinateDecimals))
        if withElevation, let ele, ele.isFinite {
            out.byte(UInt8(ascii: ","))
            out.raw(DecimalFormatter.fixed(ele, places: elevationDecimals))
        }
        out.byte(UInt8(ascii: "]"))
    }
}
