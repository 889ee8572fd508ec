import Localization
import Foundation
import TrailCore

/// Reads KML 2.2 (Google Earth, My Tracks, planners) and KMZ (zipped KML) into a
/// ``GPXReadResult``, streaming the XML through libxml2 (``XMLEventReader``).
///
/// - Each `Placemark` with line geometry becomes one track named by its `name`, described by its
///   `description`, typed by `ExtendedData/Data[@name=type]`: a `LineString` is one segment, a
///   `gx:Track` is one segment pairing each `when` (ISO 8601) with its `gx:coord`
///   ("lon lat [alt]"), and a `gx:MultiTrack` or `MultiGeometry` gives one segment per track or
///   line inside. `Point` placemarks become waypoints (with `TimeStamp/when` as time).
///   Polygons are skipped with a warning. The first `Document` or `Folder` `name` names the file.
/// - Coordinates are `lon,lat[,alt]` tuples separated by white space (KML 2.2 §10.3), degrees and
///   metres. Altitude is kept as elevation only when the geometry's `altitudeMode` is `absolute`
///   or absent; it is dropped under `clampToGround`/`relativeToGround`/sea-floor modes, and when
///   every altitude of an unmoded geometry is 0 (what clamp-to-ground writers put there).
///   Out-of-range tuples are dropped with a warning (line, what).
/// - KMZ: the archive's `doc.kml`, else its first `.kml` entry, read with libzip; entries larger
///   than ``maximumKMLInKMZ`` are refused. A cut-off KMZ (no central directory) is read from its
///   local file headers (zlib), as far as the entry goes, with a warning, unless strict.
/// - Damage: as ``TrackReadOptions`` says. Element names are matched by local name, so KML 2.0,
///   2.1 and 2.2 namespaces all read.
/// - Throws: ``TrackFileError``.
public enum KMLReader {
    /// The largest uncompressed KML entry of a KMZ that is read.
    public static let maximumKMLInKMZ = 256 * 1024 * 1024

    /// Reads the KML file at `url`.
    public static func read(url: URL, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        try read(url: url, data: nil, fileName: url.lastPathComponent, format: "KML", options: options)
    }

    /// Reads a KML document held in memory; `fileName` only names it in messages.
    public static func read(data: Data, fileName: String, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        try read(url: nil, data: data, fileName: fileName, format: "KML", options: options)
    }

    /// Reads the KMZ archive at `url`.
    public static func readKMZ(url: URL, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        let name = url.lastPathComponent
        let data = try boundedContents(of: url, limit: maximumKMLInKMZ, format: "KMZ", name: name)
        return try readKMZ(data: data, fileName: name, options: options)
    }

    /// Reads a KMZ archive held in memory.
    /// A KMZ cut off (no central directory, or an entry that ends early) keeps what its local
    /// file headers still give: the KML entry inflated as far as its bytes go, read leniently
    /// (its complete points kept), with a warning; ``TrackReadOptions/strict`` refuses it.
    public static func readKMZ(data: Data, fileName: String, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        try readKMZ(data: data, fileName: fileName, options: options, limit: maximumKMLInKMZ)
    }

    /// ``readKMZ(data:fileName:options:)`` with the KML entry's size limit given (tests use a small one).
    /// An entry larger than `limit` is refused as too large (``TrackFileError/Kind/io``), never salvaged.
    static func readKMZ(data: Data, fileName: String, options: TrackReadOptions, limit: Int) throws -> GPXReadResult {
        if let names = ZipEntryReader.entryNames(in: data),
           !names.contains(where: { $0.lowercased().hasSuffix(".kml") || $0.lowercased().hasSuffix(".hgt") }) {
            return try readZip(data: data, names: names, fileName: fileName, options: options, limit: limit)
        }
        let kml: Data
        do {
            kml = try ZipEntryReader.firstEntry(in: data, preferring: "doc.kml", withSuffix: ".kml",
                                                limit: limit, fileName: fileName)
        } catch let error as TrackFileError {
            // Only a damaged archive is salvaged: not a missing libzip (its error says what to
            // install) nor an entry over the limit.
            guard !options.strict, ZipEntryReader.libraryAvailable, error.kind == .malformed,
                  let salvaged = ZipEntryReader.salvageEntry(in: data, preferring: "doc.kml", withSuffix: ".kml",
                                                             limit: limit),
                  !salvaged.bytes.isEmpty else { throw error }
            if salvaged.bytes.count >= limit && !salvaged.complete {
                throw TrackFileError(kind: .io, format: "KMZ", fileName: fileName,
                                     reason: ZipEntryReader.tooLarge(name: salvaged.name, size: nil, limit: limit))
            }
            var result = try read(url: nil, data: salvaged.bytes, fileName: fileName, format: "KMZ", options: options)
            let name = String(String.UnicodeScalarView(salvaged.name.unicodeScalars.filter {
                !CharacterSet.controlCharacters.contains($0) }.prefix(80)))
            result.warnings.insert(GPXWarning(line: 0, message: salvaged.complete
                ? L("the zip archive is damaged or cut off (%s); %s was read from its local header, whole", error.reason, name)
                : L("the zip archive is damaged or cut off (%s); %s was read from its local header, its first %d bytes, as far as the archive goes",
                    error.reason, name, salvaged.bytes.count)), at: 0)
            return result
        }
        return try read(url: nil, data: kml, fileName: fileName, format: "KMZ", options: options)
    }

    /// The track-file extensions a plain zip may hold one of (read as that format, by content).
    static let zippedTrackExtensions: Set<String> = ["gpx", "tcx", "fit", "geojson", "json"]

    /// A zip archive with no `.kml` in it (not a KMZ): when it holds exactly one GPX, TCX, FIT or
    /// GeoJSON file (by extension; macOS `__MACOSX/` and `._` companions aside), that file is read
    /// by content and named in messages as `archive.zip (walk.gpx)`; otherwise the archive is
    /// refused, saying what it holds (DECISIONS 1078).
    static func readZip(data: Data, names: [String], fileName: String, options: TrackReadOptions,
                        limit: Int) throws -> GPXReadResult {
        let real = names.filter { name in
            let last = (name as NSString).lastPathComponent
            return !name.hasPrefix("__MACOSX/") && !last.hasPrefix("._")
        }
        let tracks = real.filter { zippedTrackExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        if tracks.count == 1 {
            let inner = (tracks[0] as NSString).lastPathComponent
            let bytes = try ZipEntryReader.firstEntry(in: data, preferring: inner.lowercased(),
                                                      withSuffix: "." + (inner as NSString).pathExtension.lowercased(),
                                                      limit: limit, fileName: fileName)
            // One level only: a zip inside (a zip quine would never end).
            if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
                throw TrackFileError(kind: .notRecognised, format: nil, fileName: fileName,
                                     reason: L("%s inside the zip archive is itself a zip archive; unzip it and import the track files inside",
                                               ZipEntryReader.cleanName(inner)))
            }
            return try TrackFileReader.read(data: bytes, fileName: "\(fileName) (\(ZipEntryReader.cleanName(inner)))", options: options)
        }
        let shown = real.prefix(5).map { ZipEntryReader.cleanName($0) }.joined(separator: ", ")
        let listed = real.isEmpty ? L("no files")
            : real.count > 5 ? L("%s and %d more", shown, real.count - 5) : shown
        let reason = tracks.isEmpty
            ? L("a zip archive holding %s, with no .kml file: Cairn reads the .kml inside a KMZ, or a zip holding one GPX, TCX, FIT or GeoJSON file; unzip it and import the track files inside", listed)
            : L("a zip archive holding %d track files (%s): Cairn reads a zip holding one; unzip it and import them", tracks.count, listed)
        throw TrackFileError(kind: .notRecognised, format: nil, fileName: fileName, reason: reason)
    }

    /// Reads KML with a text limit per element (tests use a small one).
    static func read(data: Data, fileName: String, options: TrackReadOptions, textLimit: Int) throws -> GPXReadResult {
        try read(url: nil, data: data, fileName: fileName, format: "KML", options: options, textLimit: textLimit)
    }

    private static func read(url: URL?, data: Data?, fileName: String, format: String,
                             options: TrackReadOptions, textLimit: Int = XMLEventReader.maximumText) throws -> GPXReadResult {
        let builder = KMLBuilder(fileName: fileName, format: format)
        builder.strict = options.refusesInvalidPoints
        builder.warningLimit = options.maximumWarnings
        let stop = try XMLEventReader.run(url: url, data: data, fileName: fileName, format: format, handler: builder,
                                          options: options, textLimit: textLimit)
        if let refusal = builder.refusal { throw refusal }
        builder.closeOpen()
        var warnings = builder.warnings
        if let stop { warnings.append(stop) }
        let doc = builder.document
        if doc.tracks.isEmpty && doc.routes.isEmpty && doc.waypoints.isEmpty {
            throw TrackFileError(kind: .noPositions, format: format, fileName: fileName,
                                 reason: L("no placemark with a line or a point; nothing to import"))
        }
        return GPXReadResult(document: doc, warnings: warnings, omittedWarningCount: builder.omittedWarnings,
                             trackpointLines: builder.trackpointLines)
    }
}

/// Turns KML element events into a document.
final class KMLBuilder: XMLEventHandler {
    let fileName: String
    let format: String
    var document: GPXDocument
    var warnings: [GPXWarning] = []
    var omittedWarnings = 0
    var trackpointLines: [[Int32]] = []
    var refusal: TrackFileError?

    private var stack: [String] = []
    // The open placemark.
    private var inPlacemark = false
    private var name: String?
    private var desc: String?
    private var type: String?
    private var dataName: String?
    private var placemarkTime: Date?
    /// The placemark's `atom:link`s (a photo's file, as ``KMLWriter`` writes them).
    private var links: [Link] = []
    /// `ExtendedData` `kind` = `route` (as ``KMLWriter`` marks routes): the line is a route.
    private var isRoute = false
    private var placemarkLine = 0
    private var segments: [[Trackpoint]] = []
    private var segmentLines: [Int32] = []
    private var points: [(Coordinate, Double?)] = []
    private var polygonWarned = false
    // The open geometry (LineString or gx:Track).
    private var altitudeMode: String?
    /// The `altitudeMode` of the open gx:MultiTrack, which its gx:Tracks inherit.
    private var multiTrackMode: String?
    private var geometry: [Trackpoint] = []
    private var whens: [Date?] = []
    private var coords: [(Double, Double, Double?)] = []
    private var geometryLine = 0

    init(fileName: String, format: String) {
        self.fileName = fileName
        self.format = format
        document = GPXDocument(version: format)
    }

    var keptWaypointCount: Int { document.waypoints.count }

    var keptPointCount: Int {
        document.tracks.reduce(0) { $0 + $1.pointCount } + document.routes.reduce(0) { $0 + $1.points.count }
            + document.waypoints.count + segments.reduce(0) { $0 + $1.count } + coords.count
    }

    /// Whether a rejected point refuses the file (``reject(_:line:)``).
    var strict = false
    /// Warnings kept (``TrackReadOptions/maximumWarnings``).
    var warningLimit = GPXDocumentBuilder.maximumWarnings

    /// A point rejected as invalid (unreadable or out of range): under --strict the file is
    /// refused at its line, else the point is left out with a warning (DECISIONS 1079).
    private func reject(_ message: String, line: Int) {
        guard strict else { warn(message, line: line); return }
        if refusal == nil {
            refusal = TrackFileError(kind: .malformed, format: format, fileName: fileName, place: "\(line)",
                                     reason: message + " " + L("(refused whole: --strict)"))
        }
    }

    private func warn(_ message: String, line: Int) {
        if warnings.count < warningLimit {
            warnings.append(GPXWarning(line: line, message: message))
        } else {
            omittedWarnings += 1
        }
    }

    private var parent: String? { stack.count >= 2 ? stack[stack.count - 2] : nil }

    func start(_ element: String, namespace: String?, attributes: [String: String], line: Int) {
        if stack.isEmpty && element != "kml" && refusal == nil {
            refusal = TrackFileError(kind: .notRecognised, format: format, fileName: fileName, place: "\(line)",
                                     reason: L("root element is <%s>, not <kml>", element))
        }
        stack.append(element)
        switch element {
        case "Placemark":
            inPlacemark = true
            name = nil; desc = nil; type = nil; placemarkTime = nil; isRoute = false; links = []
            segments = []; segmentLines = []; points = []
            placemarkLine = line
        case "MultiTrack":
            multiTrackMode = nil
        case "LineString", "Track":
            altitudeMode = element == "Track" && stack.contains("MultiTrack") ? multiTrackMode : nil
            geometry = []; whens = []; coords = []
            geometryLine = line
        case "Point":
            altitudeMode = nil
        case "Data":
            dataName = attributes["name"]
        case "link" where inPlacemark && parent == "Placemark" && namespace == KMLWriter.atomNamespace:
            if let href = attributes["href"], !href.isEmpty {
                links.append(Link(href: href, text: attributes["title"].flatMap { $0.isEmpty ? nil : $0 },
                                  type: attributes["type"].flatMap { $0.isEmpty ? nil : $0 }))
            }
        case "Polygon" where inPlacemark && !polygonWarned:
            polygonWarned = true
            warn(L("polygons are not tracks; skipped"), line: line)
        default: break
        }
    }

    func end(_ element: String, text: String, line: Int) {
        let parent = self.parent
        defer { stack.removeLast() }
        let inPolygon = stack.contains("Polygon")
        switch element {
        case "name" where parent == "Placemark": name = text.isEmpty ? nil : text
        case "name" where (parent == "Document" || parent == "Folder") && !inPlacemark:
            if document.metadata.name == nil, !text.isEmpty { document.metadata.name = text }
        case "description" where parent == "Placemark": desc = text.isEmpty ? nil : text
        case "description" where parent == "Document" && !inPlacemark:
            if document.metadata.description == nil, !text.isEmpty { document.metadata.description = text }
        case "value" where parent == "Data" && inPlacemark:
            if dataName == "type", !text.isEmpty { type = text }
            if dataName == "kind" { isRoute = text == "route" }
        case "when" where parent == "TimeStamp" && inPlacemark:
            placemarkTime = ISO8601Timestamp.parse(text)
        case "when" where parent == "TimeStamp" && stack.count >= 3 && stack[stack.count - 3] == "Document":
            // The Document's own time (Cairn's export writes the file's time there).
            if document.metadata.time == nil { document.metadata.time = ISO8601Timestamp.parse(text) }
        case "when" where parent == "Track":
            let t = ISO8601Timestamp.parse(text)
            if t == nil && !text.isEmpty { warn(L("unreadable <when> '%s' left out", text.prefix(40)), line: line) }
            whens.append(t)
        case "coord" where parent == "Track":
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            if parts.count >= 2, let lon = Double(parts[0]), let lat = Double(parts[1]), lon.isFinite, lat.isFinite {
                coords.append((lon, lat, parts.count >= 3 ? Double(parts[2]).flatMap { $0.isFinite ? $0 : nil } : nil))
            } else {
                coords.append((.nan, .nan, nil))
                reject(L("unreadable <gx:coord> '%s' left out", text.prefix(40)), line: line)
            }
        case "altitudeMode" where parent == "MultiTrack":
            multiTrackMode = text
        case "altitudeMode" where parent == "LineString" || parent == "Track" || parent == "Point":
            altitudeMode = text
        case "coordinates" where parent == "LineString" && !inPolygon:
            for (lon, lat, alt) in tuples(text, line: line) {
                geometry.append(Trackpoint(latitude: lat, longitude: lon, elevation: alt))
            }
        case "coordinates" where parent == "Point" && inPlacemark:
            for (lon, lat, alt) in tuples(text, line: line) {
                let keep = altitudeMode == nil || altitudeMode == "absolute"
                points.append((Coordinate(latitude: lat, longitude: lon), keep ? alt : nil))
            }
        case "LineString" where inPlacemark && !inPolygon:
            finishGeometry(line: line)
        case "Track" where inPlacemark:
            finishTrack(line: line, cut: false)
        case "Placemark":
            finishPlacemark()
        default: break
        }
    }

    /// Ends a gx:Track: its `<gx:coord>`s paired with its `<when>`s in order. A track cut off
    /// (`cut`) keeps its complete coords, timed when the whens reach that far.
    private func finishTrack(line: Int, cut: Bool) {
            let n = min(whens.count, coords.count)
            if whens.count != coords.count && !whens.isEmpty && !(cut && whens.count >= coords.count) {
                warn(L("<gx:Track> has %s <when> and %s <gx:coord>; times left out", whens.count, coords.count), line: line)
            }
            let timed = whens.count == coords.count || (cut && whens.count >= coords.count)
            for (i, c) in coords.enumerated() {
                guard Coordinate(latitude: c.1, longitude: c.0).isValid else {
                    if !c.0.isNaN { reject(L("position %s, %s out of range; left out", c.1, c.0), line: line) }
                    continue
                }
                geometry.append(Trackpoint(latitude: c.1, longitude: c.0, elevation: c.2,
                                           time: timed && i < n ? whens[i] : nil))
            }
            finishGeometry(line: line)
    }

    /// Parses `lon,lat[,alt]` tuples; bad ones are dropped with a warning.
    private func tuples(_ text: String, line: Int) -> [(Double, Double, Double?)] {
        var out: [(Double, Double, Double?)] = []
        var bad = 0
        for tuple in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count >= 2, let lon = Double(parts[0]), let lat = Double(parts[1]),
                  Coordinate(latitude: lat, longitude: lon).isValid else { bad += 1; continue }
            let alt = parts.count >= 3 ? Double(parts[2]).flatMap { $0.isFinite ? $0 : nil } : nil
            out.append((lon, lat, alt))
        }
        if bad > 0 {
            reject(Ln("%d unreadable or out-of-range coordinate tuple left out", "%d unreadable or out-of-range coordinate tuples left out",
                    bad, bad), line: line)
        }
        return out
    }

    private func finishGeometry(line: Int) {
        defer { geometry = []; whens = []; coords = [] }
        guard !geometry.isEmpty else { return }
        let mode = altitudeMode?.trimmingCharacters(in: .whitespaces)
        let keepAltitude = mode == nil ? geometry.contains { ($0.elevation ?? 0) != 0 } : mode == "absolute"
        if !keepAltitude {
            for i in geometry.indices { geometry[i].elevation = nil }
        }
        segments.append(geometry)
        segmentLines += Array(repeating: Int32(clamping: geometryLine), count: geometry.count)
    }

    private func finishPlacemark() {
        inPlacemark = false
        if isRoute, !segments.isEmpty {
            document.routes.append(Route(name: name, description: desc, type: type, points: segments.flatMap { $0 }))
        } else if !segments.isEmpty {
            document.tracks.append(Track(name: name, description: desc, type: type,
                                         segments: segments.map { TrackSegment(points: $0) }))
            trackpointLines.append(segmentLines)
        }
        let pointDescription = Self.strippingImages(desc, links: links)
        for (c, alt) in points {
            document.waypoints.append(Waypoint(latitude: c.latitude, longitude: c.longitude, elevation: alt,
                                               time: placemarkTime, name: name, description: pointDescription,
                                               links: links, type: type))
        }
        segments = []
        segmentLines = []
        points = []
    }

    /// `description` without the `<img>` lines ``KMLWriter`` adds for image links (those of
    /// `links` only: an image the author put in the description stays); nil when nothing is left.
    static func strippingImages(_ description: String?, links: [Link]) -> String? {
        guard var text = description else { return nil }
        for l in links where l.type?.hasPrefix("image/") == true {
            let tag = "\n" + KMLWriter.imageTag(l.href)
            if text.hasSuffix(tag) { text.removeLast(tag.count) } else if text == KMLWriter.imageTag(l.href) { text = "" }
        }
        return text.isEmpty ? nil : text
    }

    /// After a fault: keeps the complete geometries of the placemark left open.
    func closeOpen() {
        guard inPlacemark else { return }
        if !coords.isEmpty { finishTrack(line: geometryLine, cut: true) }
        finishPlacemark()
    }
}
