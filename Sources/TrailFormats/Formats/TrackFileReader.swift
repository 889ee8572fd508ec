import Localization
import Foundation
import TrailCore

/// The formats ``TrackFileReader`` reads, as recognised from a file's content.
public enum TrackFileFormat: String, Sendable, CaseIterable {
    case gpx = "GPX"
    case fit = "FIT"
    case tcx = "TCX"
    case kml = "KML"
    case kmz = "KMZ"
    case geojson = "GeoJSON"
}

/// Reads any track file Cairn knows — GPX, Garmin FIT, TCX, KML, KMZ, GeoJSON — choosing the
/// reader by content, never by file name, and returning what ``GPXReader`` returns.
///
/// Recognition (first 64 KiB): the FIT header (`.FIT` at byte 8); a zip (`PK\3\4`: KMZ); a
/// JSON object (`{` after optional BOM and whitespace: GeoJSON); XML (`<`), whose root element's
/// local name picks the reader (`gpx`, `TrainingCenterDatabase`, `kml`). XML whose root cannot
/// be found in the head (UTF-16, a huge prolog) goes to the GPX reader, which says what it is.
///
/// Damage: with ``TrackReadOptions/lenient`` (the default here) the complete points before a
/// fault are kept with a warning naming where reading stopped; ``TrackReadOptions/strict``
/// refuses the file whole.
///
/// - Throws: ``GPXError`` for GPX content, ``TrackFileError`` for the other formats and for
///   content in none of them (the message names the gpsbabel route for other formats).
public enum TrackFileReader {
    /// Bytes looked at to recognise the format.
    public static let sniffLength = 64 * 1024

    /// Reads the track file at `url`.
    public static func read(url: URL, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        let name = url.lastPathComponent
        let head = try readHead(url, name: name)
        if head.count < sniffLength, let reason = emptiness(head) {
            throw TrackFileError(kind: .empty, format: nil, fileName: name, reason: reason)
        }
        switch recognise(head) {
        case .gpx?: return try GPXReader.read(url: url, options: options)
        case .fit?: return try FITReader.read(url: url, options: options)
        case .tcx?: return try TCXReader.read(url: url, options: options)
        case .kml?: return try KMLReader.read(url: url, options: options)
        case .kmz?: return try KMLReader.readKMZ(url: url, options: options)
        case .geojson?: return try GeoJSONReader.read(url: url, options: options)
        case nil: throw unrecognised(head, fileName: name)
        }
    }

    /// Reads a track file held in memory; `fileName` only names it in messages.
    public static func read(data: Data, fileName: String, options: TrackReadOptions = .lenient) throws -> GPXReadResult {
        let head = Array(data.prefix(sniffLength))
        if data.count < sniffLength, let reason = emptiness(head) {
            throw TrackFileError(kind: .empty, format: nil, fileName: fileName, reason: reason)
        }
        switch recognise(head) {
        case .gpx?: return try GPXReader.read(data: data, fileName: fileName, options: options)
        case .fit?: return try FITReader.read(data: data, fileName: fileName, options: options)
        case .tcx?: return try TCXReader.read(data: data, fileName: fileName, options: options)
        case .kml?: return try KMLReader.read(data: data, fileName: fileName, options: options)
        case .kmz?: return try KMLReader.readKMZ(data: data, fileName: fileName, options: options)
        case .geojson?: return try GeoJSONReader.read(data: data, fileName: fileName, options: options)
        case nil: throw unrecognised(head, fileName: fileName)
        }
    }

    /// Why a whole file `bytes` holds nothing to read (empty, only a UTF-8 byte-order mark, only
    /// white space), or nil. Said before any reader runs, so no format is named wrongly.
    static func emptiness(_ bytes: [UInt8]) -> String? {
        if bytes.isEmpty { return L("the file is empty") }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard body.allSatisfy(isSpace) else { return nil }
        if body.isEmpty { return L("the file holds only a byte-order mark") }
        return bytes.count == body.count ? L("the file holds only white space") : L("the file holds only a byte-order mark and white space")
    }

    /// The format of a file starting with `head`, or nil when it is none Cairn reads.
    public static func recognise(_ head: [UInt8]) -> TrackFileFormat? {
        if FITReader.looksLikeFIT(head) { return .fit }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .kmz }
        var body = head[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        // UTF-16/32 byte-order marks or a UTF-16 `<`: XML in an encoding the GPX reader decodes.
        if body.starts(with: [0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0x00, 0x3C])
            || body.starts(with: [0x3C, 0x00]) { return .gpx }
        // Empty or blank: the GPX reader says what is wrong ("the file is empty").
        guard let first = body.firstIndex(where: { !isSpace($0) }) else { return .gpx }
        switch body[first] {
        case UInt8(ascii: "{"): return .geojson
        case UInt8(ascii: "<"):
            switch rootElement(body[first...]) {
            case "TrainingCenterDatabase"?: return .tcx
            case "kml"?: return .kml
            case "gpx"?, nil: return .gpx
            default: return nil
            }
        default: return nil
        }
    }

    /// The local name of the first element in `xml`, skipping the declaration, processing
    /// instructions, comments and a DOCTYPE; nil when the head does not reach it.
    static func rootElement(_ xml: ArraySlice<UInt8>) -> String? {
        var i = xml.startIndex
        let end = xml.endIndex
        func find(_ pattern: [UInt8], from: Int) -> Int? {
            guard pattern.count <= end - from else { return nil }
            var j = from
            while j + pattern.count <= end {
                if xml[j] == pattern[0] && xml[j..<j + pattern.count].elementsEqual(pattern) { return j + pattern.count }
                j += 1
            }
            return nil
        }
        while i < end {
            guard let lt = xml[i...].firstIndex(of: UInt8(ascii: "<")), lt + 1 < end else { return nil }
            let next = xml[lt + 1]
            if next == UInt8(ascii: "?") {
                guard let e = find(Array("?>".utf8), from: lt + 2) else { return nil }
                i = e
            } else if next == UInt8(ascii: "!") {
                if xml[lt...].starts(with: Array("<!--".utf8)) {
                    guard let e = find(Array("-->".utf8), from: lt + 4) else { return nil }
                    i = e
                } else {
                    // DOCTYPE, possibly with an internal subset in brackets.
                    var depth = 0
                    var j = lt + 2
                    while j < end {
                        let c = xml[j]
                        if c == UInt8(ascii: "[") { depth += 1 } else if c == UInt8(ascii: "]") { depth -= 1 } else if c == UInt8(ascii: ">") && depth <= 0 { break }
                        j += 1
                    }
                    guard j < end else { return nil }
                    i = j + 1
                }
            } else {
                var j = lt + 1
                while j < end, !isSpace(xml[j]), xml[j] != UInt8(ascii: ">"), xml[j] != UInt8(ascii: "/") { j += 1 }
                guard j < end else { return nil }
                var name = String(decoding: xml[(lt + 1)..<j], as: UTF8.self)
                if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
                return name
            }
        }
        return nil
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private static func readHead(_ url: URL, name: String) throws -> [UInt8] {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw GPXError(kind: .io, fileName: name, reason: L("cannot open %s: %s", url.path, String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: sniffLength)
        var filled = 0
        while filled < sniffLength {
            let n = head.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + filled, sniffLength - filled) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                throw GPXError(kind: .io, fileName: name, reason: L("cannot read %s: %s", url.path, String(cString: strerror(errno))))
            }
            if n == 0 { break }
            filled += n
        }
        return Array(head[0..<filled])
    }

    /// gpsbabel's format name for common extensions of formats Cairn does not read itself.
    static let gpsbabelFormats: [String: String] = [
        "igc": "igc", "nmea": "nmea", "nma": "nmea", "plt": "ozi", "wpt": "ozi", "rte": "ozi", "gdb": "gdb",
        "loc": "geo", "csv": "unicsv", "gtm": "gtm", "ov2": "tomtom", "itn": "tomtom_itn", "pcx": "pcx",
        "sbp": "sbp", "sbn": "sbn", "trl": "dmtlog", "bcr": "bcr", "xol": "xol", "tk": "kompass_tk", "osm": "osm",
    ]

    /// The one-line refusal for content in no format Cairn reads, naming the gpsbabel route.
    static func unrecognised(_ head: [UInt8], fileName: String) -> TrackFileError {
        var body = head[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let what: String
        if let first = body.firstIndex(where: { !isSpace($0) }), body[first] == UInt8(ascii: "<"),
           let root = rootElement(body[first...]) {
            // An OpenStreetMap extract is map data, which Cairn imports itself.
            if root == "osm" || root == "osmChange" {
                return TrackFileError(kind: .notRecognised, format: nil, fileName: fileName,
                                      reason: L("an OpenStreetMap file (<%s>), not a track; import it as map data with `cairn map import %s`",
                                                root, fileName))
            }
            what = L("XML with root element <%s>, not GPX, TCX or KML", root)
        } else {
            what = L("not GPX, FIT, TCX, KML/KMZ or GeoJSON")
        }
        let ext = (fileName as NSString).pathExtension.lowercased()
        let format = gpsbabelFormats[ext] ?? "FORMAT"
        let hint = format == "FORMAT" ? " " + L("(FORMAT as `gpsbabel -h` lists them)") : ""
        return TrackFileError(kind: .notRecognised, format: nil, fileName: fileName,
                              reason: L("%s; if gpsbabel reads it, convert it with `cairn import --via-gpsbabel %s %s`", what, format,
                                        fileName) + hint)
    }
}
