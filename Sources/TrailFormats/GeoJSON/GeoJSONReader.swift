import Localization
import Foundation
import TrailCore

/// Reads GeoJSON (RFC 7946) into a ``GPXReadResult``: what ``GeoJSONWriter`` writes reads back,
/// and so does togeojson's and GIS tools' output.
///
/// - A FeatureCollection, a single Feature or a bare geometry. `LineString` → a track of one
///   segment; `MultiLineString` → one track, a segment per line; a Feature whose `kind` property
///   is `route` (as ``GeoJSONWriter`` writes routes) → a route. `Point`/`MultiPoint` → waypoints.
///   `GeometryCollection`s are read member by member; polygons are skipped with a warning.
/// - Positions are `[longitude, latitude, elevation?]` in degrees and metres (RFC 7946 §3.1.1).
/// - A FeatureCollection's `name` and `time` members (as ``GeoJSONWriter`` writes them) are the
///   file's name and time.
/// - Properties: `name`, `desc` or `description`, `cmt`, `type`, `sym`, `link`/`links` (a
///   point's links: a photo as `cairn export` writes it keeps its `file://` link and so comes
///   back as a photo on import, issue 36), `time` (ISO 8601; a
///   waypoint's time, or the first point's when no per-point times are given), and per-point
///   times in `coordinateProperties.times` (togeojson; an array, or an array per line) or
///   `coordTimes` (older togeojson). Heart rates in `coordinateProperties.heart` are kept.
/// - Warnings name the feature (1-based) and what is wrong; a bad position is dropped, never
///   clamped. JSON that does not parse (a file cut off) is read up to its last complete array
///   element (a position, a time, a feature), the arrays and objects open there closed, with a
///   warning naming the line (``JSONCutPrefix``); with ``TrackReadOptions/strict`` it is
///   refused whole.
/// - Limits: files above ``maximumFileSize`` and nesting deeper than ``maximumDepth`` are refused.
/// - Throws: ``TrackFileError``.
public enum GeoJSONReader {
    /// The largest file read.
    public static let maximumFileSize = 512 * 1024 * 1024
    /// The deepest array/object nesting accepted (a MultiLineString needs 6 inside a collection).
    public static let maximumDepth = 64

    /// Reads the GeoJSON file at `url`.
    public static func read(url: URL, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        let name = url.lastPathComponent
        let data = try boundedContents(of: url, limit: maximumFileSize, format: "GeoJSON", name: name)
        return try read(data: data, fileName: name, options: options)
    }

    /// Reads GeoJSON held in memory; `fileName` only names it in messages.
    public static func read(data: Data, fileName: String, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        func failure(_ kind: TrackFileError.Kind, _ reason: String, place: String? = nil) -> TrackFileError {
            TrackFileError(kind: kind, format: "GeoJSON", fileName: fileName, place: place, reason: reason)
        }
        if let (depth, line) = excessiveNesting(data) {
            throw failure(.malformed, L("nested more than %d levels deep; refused", depth), place: "\(line)")
        }
        let root: Any
        var cut: JSONCutPrefix?
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            let ns = error as NSError
            let detail = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? L("not valid JSON")
            // A cut-off file (DECISIONS 726): the complete part, closed, unless --strict.
            guard !options.strict, let prefix = JSONCutPrefix.of(data),
                  let salvaged = try? JSONSerialization.jsonObject(with: prefix.data, options: []) else {
                throw failure(.malformed, L("not valid JSON (%s)", detail) + (options.strict ? " " + L("(refused whole: --strict)") : ""))
            }
            root = salvaged
            cut = prefix
        }
        var builder = GeoJSONBuilder()
        builder.strict = options.refusesInvalidPoints
        builder.warningLimit = options.maximumWarnings
        guard let object = root as? [String: Any], let type = object["type"] as? String else {
            throw failure(.notRecognised, L("a JSON value without a GeoJSON \"type\""))
        }
        switch type {
        case "FeatureCollection":
            guard let features = object["features"] as? [Any] else {
                throw failure(.malformed, L("a FeatureCollection without a \"features\" array"))
            }
            if let n = object["name"] as? String { builder.document.metadata.name = n }
            if let t = object["time"] as? String { builder.document.metadata.time = ISO8601Timestamp.parse(t) }
            for (i, f) in features.enumerated() {
                guard let f = f as? [String: Any] else {
                    builder.warn(L("feature %s is not an object; skipped", i + 1))
                    continue
                }
                builder.feature(f, number: i + 1)
            }
        case "Feature":
            builder.feature(object, number: 1)
        default:
            builder.geometry(object, properties: [:], number: 1)
        }
        if let refusal = builder.refusal { throw failure(.malformed, refusal + " " + L("(refused whole: --strict)")) }
        let doc = builder.document
        if doc.tracks.isEmpty && doc.routes.isEmpty && doc.waypoints.isEmpty {
            if let cut {
                throw failure(.malformed, L("the JSON is cut off or damaged after line %d; no complete position before it", cut.line),
                              place: "\(cut.line)")
            }
            throw failure(.noPositions, L("no LineString, MultiLineString or Point with a valid position; nothing to import"))
        }
        var warnings = builder.warnings
        if let cut {
            let points = doc.tracks.reduce(0) { $0 + $1.pointCount } + doc.routes.reduce(0) { $0 + $1.points.count }
            warnings.append(GPXWarning(line: cut.line, message: L(
                "reading stopped at line %d (byte %d): the JSON after it is cut off or not valid; the features and lines open there were closed, %s (--strict refuses such files)",
                cut.line, cut.byte, keptBeforeFault(points: points, waypoints: doc.waypoints.count))))
        }
        return GPXReadResult(document: doc, warnings: warnings, omittedWarningCount: builder.omittedWarnings)
    }

    /// The limit and the line where nesting first exceeds ``maximumDepth``, or nil.
    static func excessiveNesting(_ data: Data) -> (Int, Int)? {
        var depth = 0, line = 1
        var inString = false, escaped = false
        for b in data {
            if b == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            switch b {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                if depth > maximumDepth { return (maximumDepth, line) }
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return nil
    }
}

/// Collects features into a document.
struct GeoJSONBuilder {
    var document = GPXDocument(version: "GeoJSON")
    var warnings: [GPXWarning] = []
    var omittedWarnings = 0
    private var polygonWarned = false

    /// Whether a rejected position refuses the file (``reject(_:)``).
    var strict = false
    /// Warnings kept (``TrackReadOptions/maximumWarnings``).
    var warningLimit = GPXDocumentBuilder.maximumWarnings
    /// The first rejected position's message, under --strict.
    var refusal: String?

    /// Positions rejected as invalid: under --strict the file is refused (the feature named;
    /// JSON gives no line), else a warning (DECISIONS 1079).
    mutating func reject(_ message: String) {
        if strict { if refusal == nil { refusal = message } } else { warn(message) }
    }

    mutating func warn(_ message: String) {
        if warnings.count < warningLimit {
            warnings.append(GPXWarning(line: 0, message: message))
        } else {
            omittedWarnings += 1
        }
    }

    mutating func feature(_ f: [String: Any], number: Int) {
        let properties = f["properties"] as? [String: Any] ?? [:]
        guard let g = f["geometry"] as? [String: Any] else {
            if !(f["geometry"] is NSNull) { warn(L("feature %s has no geometry object; skipped", number)) }
            return
        }
        geometry(g, properties: properties, number: number)
    }

    /// "feature 3: 2 unreadable or out-of-range positions left out".
    private static func badPositions(_ number: Int, _ bad: Int) -> String {
        Ln("feature %d: %d unreadable or out-of-range position left out", "feature %d: %d unreadable or out-of-range positions left out",
           bad, number, bad)
    }

    private static func text(_ p: [String: Any], _ keys: String...) -> String? {
        for k in keys { if let s = p[k] as? String, !s.isEmpty { return s } }
        return nil
    }

    /// A position `[lon, lat, ele?]`, or nil when not two finite numbers in range.
    private static func position(_ any: Any) -> (Double, Double, Double?)? {
        guard let a = any as? [Any], a.count >= 2, let lon = number(a[0]), let lat = number(a[1]),
              Coordinate(latitude: lat, longitude: lon).isValid else { return nil }
        return (lon, lat, a.count >= 3 ? number(a[2]) : nil)
    }

    private static func number(_ any: Any) -> Double? {
        // JSON true/false come back as booleans (objCType "c"); `is Bool` is also true for the
        // numbers 0 and 1 on Linux, so it cannot tell them apart.
        guard let n = any as? NSNumber, n.objCType.pointee != CChar(UInt8(ascii: "c")) else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }

    /// A feature's links: its `link` property (a URL, as ``GeoJSONWriter`` writes a waypoint's
    /// first link: a photo's `file://` URL), or an object `{"href", "text", "type"}`, and the
    /// entries of a `links` array (URLs or such objects, GPX's `<link>` list). Entries without
    /// an href are left out.
    static func links(_ p: [String: Any]) -> [Link] {
        func link(_ any: Any) -> Link? {
            if let s = any as? String, !s.isEmpty { return Link(href: s) }
            guard let o = any as? [String: Any], let href = o["href"] as? String, !href.isEmpty else { return nil }
            return Link(href: href, text: text(o, "text"), type: text(o, "type"))
        }
        var out: [Link] = []
        if let one = p["link"].flatMap(link) { out.append(one) }
        for any in p["links"] as? [Any] ?? [] { if let l = link(any), !out.contains(l) { out.append(l) } }
        return out
    }

    /// Per-line times from `coordinateProperties.times` or `coordTimes`: one array per line.
    private static func times(_ p: [String: Any], lines: Int) -> [[Any]]? {
        let raw = (p["coordinateProperties"] as? [String: Any])?["times"] ?? p["coordTimes"]
        guard let list = raw as? [Any] else { return nil }
        if lines == 1, !(list.first is [Any]) { return [list] }
        return list.map { $0 as? [Any] ?? [] }
    }

    private static func hearts(_ p: [String: Any], lines: Int) -> [[Any]]? {
        guard let list = (p["coordinateProperties"] as? [String: Any])?["heart"] as? [Any] else { return nil }
        if lines == 1, !(list.first is [Any]) { return [list] }
        return list.map { $0 as? [Any] ?? [] }
    }

    mutating func geometry(_ g: [String: Any], properties p: [String: Any], number: Int) {
        let type = g["type"] as? String ?? ""
        let coordinates = g["coordinates"]
        switch type {
        case "LineString", "MultiLineString":
            let lines: [Any] = type == "LineString" ? [coordinates ?? []] : (coordinates as? [Any] ?? [])
            let times = Self.times(p, lines: lines.count)
            let hearts = Self.hearts(p, lines: lines.count)
            var segments: [TrackSegment] = []
            var bad = 0
            for (l, line) in lines.enumerated() {
                guard let positions = line as? [Any] else { bad += 1; continue }
                let lineTimes = times.flatMap { l < $0.count ? $0[l] : nil }
                if let lineTimes, lineTimes.count != positions.count {
                    warn(L("feature %s: %s times for %s positions; times left out", number, lineTimes.count, positions.count))
                }
                let useTimes = lineTimes?.count == positions.count ? lineTimes : nil
                let lineHearts = hearts.flatMap { l < $0.count && $0[l].count == positions.count ? $0[l] : nil }
                var points: [Trackpoint] = []
                points.reserveCapacity(positions.count)
                for (i, any) in positions.enumerated() {
                    guard let (lon, lat, ele) = Self.position(any) else { bad += 1; continue }
                    var time: Date?
                    if let t = useTimes?[i] {
                        if let s = t as? String { time = ISO8601Timestamp.parse(s) } else if let ms = Self.number(t) {
                            time = Date(timeIntervalSince1970: ms / 1000)
                        }
                    }
                    let hr = lineHearts.flatMap { Self.number($0[i]) }
                    points.append(Trackpoint(latitude: lat, longitude: lon, elevation: ele, time: time,
                                             extras: hr.map { TrackpointExtras(heartRate: $0) }))
                }
                if !points.isEmpty { segments.append(TrackSegment(points: points)) }
            }
            if bad > 0 { reject(Self.badPositions(number, bad)) }
            guard !segments.isEmpty else { return }
            if times == nil, let t = Self.text(p, "time").flatMap(ISO8601Timestamp.parse), segments[0].points[0].time == nil {
                segments[0].points[0].time = t
            }
            let name = Self.text(p, "name", "title")
            let desc = Self.text(p, "desc", "description")
            let comment = Self.text(p, "cmt")
            let kind = Self.text(p, "type")
            if (p["kind"] as? String) == "route" {
                document.routes.append(Route(name: name, comment: comment, description: desc, type: kind,
                                             points: segments.flatMap(\.points)))
            } else {
                document.tracks.append(Track(name: name, comment: comment, description: desc, type: kind, segments: segments))
            }
        case "Point", "MultiPoint":
            let list: [Any] = type == "Point" ? [coordinates ?? []] : (coordinates as? [Any] ?? [])
            var bad = 0
            for any in list {
                guard let (lon, lat, ele) = Self.position(any) else { bad += 1; continue }
                document.waypoints.append(Waypoint(latitude: lat, longitude: lon, elevation: ele,
                                                   time: Self.text(p, "time", "timestamp").flatMap(ISO8601Timestamp.parse),
                                                   name: Self.text(p, "name", "title"), comment: Self.text(p, "cmt"),
                                                   description: Self.text(p, "desc", "description"),
                                                   links: Self.links(p), symbol: Self.text(p, "sym"), type: Self.text(p, "type")))
            }
            if bad > 0 { reject(Self.badPositions(number, bad)) }
        case "GeometryCollection":
            for member in g["geometries"] as? [Any] ?? [] {
                if let m = member as? [String: Any] { geometry(m, properties: p, number: number) }
            }
        case "Polygon", "MultiPolygon":
            if !polygonWarned {
                polygonWarned = true
                warn(L("feature %s: polygons are not tracks; skipped", number))
            }
        default:
            warn(L("feature %s: unknown geometry type '%s'; skipped", number, type.prefix(40)))
        }
    }
}

/// The complete part of JSON that was cut off (a download or a copy that stopped): the longest
/// prefix of `data` that ends just after a complete element of an array, with the arrays and
/// objects still open there closed. Structure only (strings and escapes are followed, values
/// are not checked), so the caller parses the result and refuses the file if that fails too.
/// Returns nil when no array element was complete.
/// - Returns: the closed prefix, the 1-based line and the byte offset where it was cut.
struct JSONCutPrefix {
    var data: Data
    var line: Int
    var byte: Int

    static func of(_ data: Data) -> JSONCutPrefix? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> JSONCutPrefix? in
            var stack: [UInt8] = []
            var inString = false, escaped = false
            var line = 1
            var best: (end: Int, line: Int, open: [UInt8])?
            for i in 0..<raw.count {
                let b = raw[i]
                if b == 0x0A { line += 1 }
                if inString {
                    if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 {
                        inString = false
                        if stack.last == 0x5B { best = (i + 1, line, stack) }
                    }
                    continue
                }
                switch b {
                case 0x22: inString = true
                case 0x5B, 0x7B: stack.append(b)
                case 0x5D, 0x7D:
                    guard let top = stack.popLast(), top == (b == 0x5D ? 0x5B : 0x7B) else { return result(raw, best) }
                    if stack.last == 0x5B { best = (i + 1, line, stack) }
                default: break
                }
            }
            return result(raw, best)
        }
    }

    private static func result(_ raw: UnsafeRawBufferPointer, _ best: (end: Int, line: Int, open: [UInt8])?) -> JSONCutPrefix? {
        guard let best else { return nil }
        var out = Data(raw[0..<best.end])
        for b in best.open.reversed() { out.append(b == 0x5B ? 0x5D : 0x7D) }
        return JSONCutPrefix(data: out, line: best.line, byte: best.end)
    }
}
