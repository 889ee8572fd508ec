import CLibXML2
import Localization
import Foundation
import TrailCore

/// Turns the SAX2 events of one GPX file into a ``GPXDocument``.
///
/// The meaning of an element depends on its parent (`name` under `trk` is the track's name,
/// under `metadata` the file's), so the builder keeps a stack of the open elements. Text is
/// gathered as bytes into one reusable buffer and parsed from there: no String is made per
/// trackpoint. Elements it does not know, and everything under them, are skipped.
///
/// A struct reached through one `UnsafeMutablePointer` owned by ``GPXPushParser``: the C
/// callbacks mutate it in place, without the reference counting and dynamic exclusivity
/// checks a class would cost per event (about a fifth of the parse time when measured).
struct GPXDocumentBuilder {
    let fileName: String
    /// The libxml2 context, for line numbers; set by the reader right after creating it.
    var parserContext: xmlParserCtxtPtr?

    // Result
    var document = GPXDocument()
    private(set) var warnings: [GPXWarning] = []
    private(set) var omittedWarningCount = 0
    /// The first fatal problem; once set, every further event is ignored.
    private(set) var failure: GPXError?
    /// `failure != nil`, as a plain flag for the hot path.
    private(set) var failed = false
    /// Whether a rejected point refuses the file (``reject(_:)``).
    var strict = false
    /// Warnings kept (``TrackReadOptions/maximumWarnings``).
    var warningLimit = GPXDocumentBuilder.maximumWarnings
    /// True once the root element has ended; anything after it is "extra content".
    private(set) var rootClosed = false
    /// Set when extra content after the root was seen and parsing was stopped on purpose.
    var stoppedAfterRoot = false

    // Parse state
    var stack: [GPXElement] = []
    var extensionsDepth = 0
    private var elementCache = GPXElementCache()
    var capturingText = false
    var text: [UInt8] = []

    var track: Track?
    var route: Route?
    var segmentPoints: [Trackpoint] = []
    /// Start-tag lines of `segmentPoints`, of the open track's points and of every track's
    /// points (parallel to `document.tracks`, flattened per track), for warnings that name a
    /// point by its line.
    var segmentLines: [Int32] = []
    var trackLines: [Int32] = []
    var trackpointLines: [[Int32]] = []
    var point = PendingPoint()
    var link: Link?
    var person: Person?
    var copyright: Copyright?
    /// Extras objects already made, by value (see `sharedExtras`).
    var extrasTable: [PendingPoint.Extras: TrackpointExtras] = [:]
    static let extrasTableLimit = 4096

    init(fileName: String) {
        self.fileName = fileName
        text.reserveCapacity(256)
        stack.reserveCapacity(16)
    }

    /// Warnings beyond this many are counted, not kept.
    static let maximumWarnings = 100

    /// The line libxml2 is at (the end of the current tag), or 0 before parsing starts.
    var line: Int {
        guard let ctxt = parserContext else { return 0 }
        return Int(xmlSAX2GetLineNumber(ctxt))
    }

    mutating func warn(_ message: String, line: Int? = nil) {
        if warnings.count < warningLimit {
            warnings.append(GPXWarning(line: line ?? self.line, message: message))
        } else {
            omittedWarningCount += 1
        }
    }

    /// A point rejected as invalid (no, unreadable or out-of-range position): damage. Under
    /// ``TrackReadOptions/strict`` it refuses the file (``GPXError/Kind/invalidPoint``, at its
    /// line); lenient, the point is left out with a warning (DECISIONS 1079).
    mutating func reject(_ message: String) {
        if strict { fail(.invalidPoint, message + " " + L("(refused whole: --strict)")) } else { warn(message) }
    }

    /// Records the first fatal problem. Parsing is not stopped from here: `xmlStopParser`
    /// inside a callback frees input buffers libxml2 may still be using (it crashed on an
    /// encoding error). Events after a failure are ignored and the reader feeds no more input.
    mutating func fail(_ kind: GPXError.Kind, _ reason: String, line: Int? = nil, column: Int? = nil) {
        guard !failed else { return }
        failed = true
        failure = GPXError(kind: kind, fileName: fileName, line: line ?? self.line, column: column,
                           reason: reason)
    }

    /// The innermost open element the reader knows, for messages ("trkpt"), or nil.
    var innermostKnownElement: String? {
        stack.last { $0 != .unknown && $0.rawValue < GPXElement.extHeartRate.rawValue }.map { "\($0)" }
    }

    // MARK: SAX events

    mutating func startElement(localName: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?,
                      attributes: XMLAttributes) {
        if failed { return }
        guard !stack.isEmpty else {
            if rootClosed { return }
            startRoot(localName: localName, namespace: namespace, attributes: attributes)
            return
        }
        let parent = stack[stack.count - 1]
        var kind = elementCache.element(localName: localName, namespace: namespace,
                                        insideExtensions: extensionsDepth > 0)
        if !Self.isAllowed(kind, under: parent, pointIsOpen: point.isOpen, insideExtensions: extensionsDepth > 0) {
            kind = .unknown
        }
        stack.append(kind)
        capturingText = kind.capturesText
        if capturingText { text.removeAll(keepingCapacity: true) }

        switch kind {
        case .trkpt, .rtept, .wpt: beginPoint(attributes: attributes)
        case .trk: track = Track()
        case .rte: route = Route()
        case .trkseg: segmentPoints = []
        case .extensions: extensionsDepth += 1
        case .link: link = Link(href: attributes.string("href") ?? "")
        case .author where parent == .metadata: person = Person()
        case .copyright: copyright = Copyright(author: attributes.string("author") ?? "")
        case .email where parent == .author:
            if let id = attributes.string("id"), let domain = attributes.string("domain") {
                person?.email = id + "@" + domain
            }
        case .bounds: readBounds(attributes)
        default: break
        }
    }

    mutating func endElement() {
        guard !failed, let kind = stack.popLast() else { return }
        let parent = stack.last ?? .unknown
        if kind.capturesText {
            capturingText = false
            endTextElement(kind, parent: parent)
        } else {
            endContainer(kind, parent: parent)
        }
        capturingText = false
        if stack.isEmpty { rootClosed = true }
    }

    mutating func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard capturingText else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// A DTD entity declaration: refused (DECISIONS.md), which rules out both entity-expansion
    /// bombs and external entities pointing at local files or the network.
    mutating func entityDeclaration(name: String) {
        fail(.entityRefused, L("the file declares the entity '%s' in a DTD; GPX files never need entities, and they are refused for safety",
                               name))
    }

    // MARK: Structure

    private mutating func startRoot(localName: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?,
                           attributes: XMLAttributes) {
        let name = String(cString: localName)
        let uri = namespace.map { String(cString: $0) }
        guard name == "gpx" else {
            fail(.notGPX, L("not a GPX file (root element is <%s>)", name))
            return
        }
        let declared = attributes.string("version")?.trimmingCharacters(in: .whitespacesAndNewlines)
        switch uri {
        case nil:
            guard declared == nil || declared == "1.0" || declared == "1.1" else {
                fail(.unsupportedVersion, L("GPX version %s is not supported (only 1.0 and 1.1)", declared ?? ""))
                return
            }
            document.version = declared ?? "1.1"
        case GPXElement.gpx10Namespace?: document.version = "1.0"
        case GPXElement.gpx11Namespace?: document.version = "1.1"
        case let other?:
            if other.hasPrefix("http://www.topografix.com/GPX/") {
                fail(.unsupportedVersion, L("GPX namespace %s is not supported (only 1.0 and 1.1)", other))
            } else {
                fail(.notGPX, L("not a GPX file (root element <gpx> is in namespace %s)", other))
            }
            return
        }
        document.creator = attributes.string("creator")
        stack.append(.gpx)
    }

    /// Whether `kind` means something under `parent`; otherwise it is read as `.unknown`.
    /// Static on purpose: a non-mutating method on this large struct made Swift copy it
    /// (1.2 KB) per element.
    private static func isAllowed(_ kind: GPXElement, under parent: GPXElement, pointIsOpen: Bool,
                                  insideExtensions: Bool) -> Bool {
        switch kind {
        case .metadata, .wpt, .rte, .trk: return parent == .gpx
        case .trkseg: return parent == .trk
        case .trkpt: return parent == .trkseg
        case .rtept: return parent == .rte
        case .link:
            return parent == .metadata || parent == .trk || parent == .rte || parent.isPoint
                || parent == .author
        case .author: return parent == .metadata || parent == .gpx
        case .copyright: return parent == .metadata
        case .bounds: return parent == .metadata || parent == .gpx
        case .email: return parent == .author || parent == .gpx
        case .extHeartRate, .extCadence, .extAirTemperature, .extWaterTemperature, .extSpeed, .extCourse:
            return pointIsOpen && insideExtensions
        case .unknown, .gpx: return false
        default: return parent != .unknown
        }
    }

    private mutating func endContainer(_ kind: GPXElement, parent: GPXElement) {
        switch kind {
        case .trkpt:
            let line = point.line
            if let p = finishTrackpoint() { segmentPoints.append(p); segmentLines.append(line) }
        case .rtept:
            if let p = finishTrackpoint() { route?.points.append(p) }
        case .wpt:
            if let w = finishWaypoint() { document.waypoints.append(w) }
        case .trkseg:
            let points = segmentPoints
            segmentPoints = []
            track?.segments.append(TrackSegment(points: points))
            if track != nil { trackLines += segmentLines }
            segmentLines = []
        case .trk:
            if let t = track { document.tracks.append(t); trackpointLines.append(trackLines) }
            track = nil
            trackLines = []
        case .rte:
            if let r = route { document.routes.append(r) }
            route = nil
        case .extensions:
            extensionsDepth -= 1
        case .link:
            if let l = link { attach(l, to: parent) }
            link = nil
        case .copyright:
            document.metadata.copyright = copyright
            copyright = nil
        default:
            break
        }
    }

    private mutating func attach(_ l: Link, to parent: GPXElement) {
        switch parent {
        case .metadata, .gpx: document.metadata.links.append(l)
        case .trk: track?.links.append(l)
        case .rte: route?.links.append(l)
        case .wpt: point.hasText = true; point.text.links.append(l)
        case .author: person?.link = l
        default: break  // trkpt/rtept links: the model keeps none
        }
    }

    private mutating func readBounds(_ attributes: XMLAttributes) {
        guard let minLat = attributes.double("minlat"), let minLon = attributes.double("minlon"),
              let maxLat = attributes.double("maxlat"), let maxLon = attributes.double("maxlon") else {
            warn(L("<bounds> without four numeric attributes ignored"))
            return
        }
        let box = BoundingBox(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
        guard Coordinate(latitude: minLat, longitude: minLon).isValid,
              Coordinate(latitude: maxLat, longitude: maxLon).isValid else {
            warn(L("<bounds> out of range ignored"))
            return
        }
        document.metadata.bounds = box
    }
}

extension GPXDocumentBuilder {
    /// What was complete before `fault` (a malformed-XML failure): the closed tracks, routes and
    /// waypoints plus the points of a track or route left open, each point only once its end tag
    /// was read; with a warning at the fault's line. Nil when no point was complete.
    func salvaged(after fault: GPXError) -> GPXReadResult? {
        var document = self.document
        var lines = trackpointLines
        if var t = track {
            if !segmentPoints.isEmpty { t.segments.append(TrackSegment(points: segmentPoints)) }
            if t.pointCount > 0 {
                document.tracks.append(t)
                lines.append(trackLines + segmentLines)
            }
        }
        if let r = route, !r.points.isEmpty { document.routes.append(r) }
        let points = document.tracks.reduce(0) { $0 + $1.pointCount } + document.routes.reduce(0) { $0 + $1.points.count }
        guard points + document.waypoints.count > 0 else { return nil }
        var warnings = self.warnings
        let line = fault.line ?? self.line
        warnings.append(GPXWarning(line: line, message: L("reading stopped at line %d: %s; %s (--strict refuses such files)", line,
                                                          fault.reason, keptBeforeFault(points: points, waypoints: document.waypoints.count))))
        return GPXReadResult(document: document, warnings: warnings, omittedWarningCount: omittedWarningCount,
                             trackpointLines: lines)
    }
}
