import Foundation

/// The elements the GPX reader understands, recognised by namespace URI and local name (never
/// by prefix). Everything else is `.unknown` and skipped with its content.
enum GPXElement: UInt8 {
    case unknown
    // GPX 1.0 / 1.1 structure
    case gpx, metadata, wpt, rte, rtept, trk, trkseg, trkpt, extensions
    // descriptive text
    case name, cmt, desc, src, link, text, type, sym, number, keywords
    // point values
    case ele, time, hdop, vdop, pdop, sat, fix, speed, course
    // people and rights
    case author, email, copyright, year, license, bounds
    // GPX 1.0 only
    case url, urlname
    // Garmin TrackPointExtension v1/v2 and Cluetrust gpxdata
    case extHeartRate, extCadence, extAirTemperature, extWaterTemperature, extSpeed, extCourse

    /// GPX 1.0 namespace.
    static let gpx10Namespace = "http://www.topografix.com/GPX/1/0"
    /// GPX 1.1 namespace.
    static let gpx11Namespace = "http://www.topografix.com/GPX/1/1"
    static let garminTPXv1Namespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
    static let garminTPXv2Namespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
    static let cluetrustNamespace = "http://www.cluetrust.com/XML/GPXDATA/1/0"

    /// Which vocabulary a namespace URI belongs to.
    enum Vocabulary {
        case gpx, garminTrackPoint, cluetrust, other
    }

    static func vocabulary(ofNamespace uri: String?) -> Vocabulary {
        switch uri {
        case nil, gpx10Namespace?, gpx11Namespace?: return .gpx
        case garminTPXv1Namespace?, garminTPXv2Namespace?: return .garminTrackPoint
        case cluetrustNamespace?: return .cluetrust
        default: return .other
        }
    }

    /// Classifies an element. `insideExtensions` is true under any `<extensions>`, where GPX
    /// names are not GPX structure (they belong to someone's extension schema).
    static func classify(localName: String, namespace: String?, insideExtensions: Bool) -> GPXElement {
        switch vocabulary(ofNamespace: namespace) {
        case .gpx:
            return insideExtensions ? .unknown : gpxElements[localName] ?? .unknown
        case .garminTrackPoint:
            switch localName {
            case "hr": return .extHeartRate
            case "cad": return .extCadence
            case "atemp": return .extAirTemperature
            case "wtemp": return .extWaterTemperature
            case "speed": return .extSpeed
            case "course": return .extCourse
            default: return .unknown
            }
        case .cluetrust:
            switch localName {
            case "hr": return .extHeartRate
            case "cadence": return .extCadence
            case "temp": return .extAirTemperature
            default: return .unknown
            }
        case .other:
            return .unknown
        }
    }

    private static let gpxElements: [String: GPXElement] = [
        "gpx": .gpx, "metadata": .metadata, "wpt": .wpt, "rte": .rte, "rtept": .rtept, "trk": .trk,
        "trkseg": .trkseg, "trkpt": .trkpt, "extensions": .extensions, "name": .name, "cmt": .cmt,
        "desc": .desc, "src": .src, "link": .link, "text": .text, "type": .type, "sym": .sym,
        "number": .number, "keywords": .keywords, "ele": .ele, "time": .time, "hdop": .hdop,
        "vdop": .vdop, "pdop": .pdop, "sat": .sat, "fix": .fix, "speed": .speed, "course": .course,
        "author": .author, "email": .email, "copyright": .copyright, "year": .year,
        "license": .license, "bounds": .bounds, "url": .url, "urlname": .urlname,
    ]

    /// True for elements whose character content the reader needs.
    var capturesText: Bool {
        switch self {
        case .unknown, .gpx, .metadata, .wpt, .rte, .rtept, .trk, .trkseg, .trkpt, .extensions,
             .link, .copyright, .bounds:
            return false
        default:
            return true
        }
    }

    /// True for the three point elements (all GPX `wptType`).
    var isPoint: Bool { self == .wpt || self == .trkpt || self == .rtept }
}

/// Remembers the classification of (local name, namespace URI) pointer pairs.
///
/// libxml2 interns element names and namespace URIs in its parser dictionary, so one name
/// always arrives as the same pointer for the life of a parse; comparing two pointers replaces
/// a string comparison on the hot path. A miss classifies the bytes (and the entry is cached).
struct GPXElementCache {
    private struct Entry {
        let localName: UnsafeRawPointer
        let namespace: UnsafeRawPointer?
        let insideExtensions: Bool
        let kind: GPXElement
    }
    private var entries: [Entry] = []
    private let capacity = 64

    init() { entries.reserveCapacity(capacity) }

    mutating func element(localName: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?,
                          insideExtensions: Bool) -> GPXElement {
        let l = UnsafeRawPointer(localName)
        let n = namespace.map(UnsafeRawPointer.init)
        let hit: GPXElement? = entries.withUnsafeBufferPointer { cached in
            for e in cached where e.localName == l && e.namespace == n && e.insideExtensions == insideExtensions {
                return e.kind
            }
            return nil
        }
        if let hit { return hit }
        let kind = GPXElement.classify(localName: String(cString: localName),
                                       namespace: namespace.map { String(cString: $0) },
                                       insideExtensions: insideExtensions)
        if entries.count < capacity {
            entries.append(Entry(localName: l, namespace: n, insideExtensions: insideExtensions, kind: kind))
        }
        return kind
    }
}
