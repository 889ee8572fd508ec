import CLibXML2
import Foundation
import TrailCore

/// Receives the objects of an OSM XML file in document order.
///
/// Methods may throw; the parser then stops and ``OSMXMLParser/parse(progress:)`` rethrows.
protocol OSMSink: AnyObject {
    /// The `<osm>` root was read (and checked to be OSM XML 0.6).
    func osmHeader(_ header: OSMHeader) throws
    /// One `<bounds>` (or old-style `<bound box=…>`) rectangle.
    func osmBounds(_ box: BoundingBox) throws
    func osmNode(_ node: OSMNode) throws
    func osmWay(_ way: OSMWay) throws
    func osmRelation(_ relation: OSMRelation) throws
}

/// A streaming OSM XML 0.6 reader on libxml2's SAX2 push parser.
///
/// The file is fed to libxml2 in 256 KiB chunks (decompressed on the fly for .gz and .bz2),
/// so memory does not grow with the file. Options: `XML_PARSE_NONET` (no network), no entity
/// substitution and no DTD loading (entity-expansion and external-entity attacks), and
/// `XML_PARSE_NOERROR | XML_PARSE_NOWARNING` with a structured error handler, so libxml2
/// never writes to stderr and errors carry a line number.
///
/// The root element must be `<osm version="0.6">`; `<osmChange>` and any other root are
/// refused before any object is read. Unknown elements (`<note>`, `<meta>`, `<changeset>`)
/// are skipped.
final class OSMXMLParser {
    let source: OSMByteSource
    private unowned let sink: any OSMSink
    private var ctxt: xmlParserCtxtPtr?
    var failure: (any Error)?

    // Current element state (reused to avoid allocations).
    private enum Context { case none, node, way, relation }
    private var context = Context.none
    private(set) var rootSeen = false
    private var node = OSMNode()
    private var way = OSMWay()
    private var relation = OSMRelation()
    /// Newest object `timestamp` seen, as the raw ISO 8601 bytes (they sort as text).
    private(set) var newestTimestamp: [UInt8] = []
    /// Count of elements per kind, for the report.
    private(set) var nodeCount = 0, wayCount = 0, relationCount = 0

    init(source: OSMByteSource, sink: any OSMSink) {
        self.source = source
        self.sink = sink
    }

    /// Newest object timestamp as text, or nil when no object had one.
    var newestObjectTimestamp: String? {
        newestTimestamp.isEmpty ? nil : String(decoding: newestTimestamp, as: UTF8.self)
    }

    /// Reads the whole file, calling the sink for every object.
    /// - Parameter progress: called after each chunk with bytes consumed and file size.
    /// - Throws: ``OSMReadError`` for unreadable or malformed files, or what the sink throws.
    func parse(progress: (Int64, Int64) -> Void = { _, _ in }) throws {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = osmStartElement
        handler.endElementNs = osmEndElement
        handler.serror = osmStructuredError
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let ctxt = xmlCreatePushParserCtxt(&handler, me, nil, 0, source.path) else {
            throw OSMReadError(.io, file: source.path, reason: "cannot create an XML parser")
        }
        self.ctxt = ctxt
        defer { xmlFreeParserCtxt(ctxt); self.ctxt = nil }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        xmlCtxtUseOptions(ctxt, options)

        let chunkSize = 256 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let n = try source.read(into: buffer)
            total += n
            if total == 0 {
                throw OSMReadError(.notOSM, file: source.path, reason: "the file is empty, not an OSM XML file")
            }
            let rc = xmlParseChunk(ctxt, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(n), n == 0 ? 1 : 0)
            if let failure { throw failure }
            if rc != 0 {
                throw OSMReadError(.malformedXML, file: source.path, line: Int(xmlSAX2GetLineNumber(ctxt)),
                                   reason: "XML error \(rc)")
            }
            progress(source.bytesConsumed, source.fileSize)
            if n == 0 { break }
        }
        if !rootSeen {
            throw OSMReadError(.notOSM, file: source.path, reason: "no <osm> root element: not an OSM XML file")
        }
    }

    var line: Int { ctxt.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }

    /// Records `error` (first one wins) and stops libxml2.
    func stop(_ error: any Error) {
        if failure == nil { failure = error }
        if let ctxt { xmlStopParser(ctxt) }
    }

    func invalid(_ reason: String) -> OSMReadError {
        OSMReadError(.invalidData, file: source.path, line: line, reason: reason)
    }

    // MARK: - Element handling

    typealias Attributes = UnsafeMutablePointer<UnsafePointer<xmlChar>?>

    func start(_ name: UnsafePointer<UInt8>, _ count: Int, _ attrs: Attributes?) throws {
        if !rootSeen {
            try root(name, count, attrs)
            return
        }
        switch OSMElementName(name) {
        case .node:
            node.info = OSMObjectInfo(line: line)
            node.hasPosition = false
            node.tags.removeAll(keepingCapacity: true)
            var lat: Int32?, lon: Int32?
            try eachAttribute(count, attrs) { key, v, end in
                switch key {
                case .lat: lat = FixedPoint.parse(v, end)
                case .lon: lon = FixedPoint.parse(v, end)
                default: try objectAttribute(key, v, end, &node.info)
                }
            }
            try requireID(node.info, "node")
            if let lat, let lon, abs(lat) <= 900_000_000, abs(lon) <= 1_800_000_000 {
                node.latE7 = lat
                node.lonE7 = lon
                node.hasPosition = true
            }
            context = .node
        case .way:
            way.info = OSMObjectInfo(line: line)
            way.nodeRefs.removeAll(keepingCapacity: true)
            way.tags.removeAll(keepingCapacity: true)
            try eachAttribute(count, attrs) { key, v, end in try objectAttribute(key, v, end, &way.info) }
            try requireID(way.info, "way")
            context = .way
        case .relation:
            relation.info = OSMObjectInfo(line: line)
            relation.members.removeAll(keepingCapacity: true)
            relation.tags.removeAll(keepingCapacity: true)
            try eachAttribute(count, attrs) { key, v, end in try objectAttribute(key, v, end, &relation.info) }
            try requireID(relation.info, "relation")
            context = .relation
        case .nd:
            guard context == .way else { return }
            var ref: Int64?
            try eachAttribute(count, attrs) { key, v, end in if key == .ref { ref = FixedPoint.parseInteger(v, end) } }
            guard let ref else { throw invalid("<nd> without a valid ref in way \(way.info.id)") }
            way.nodeRefs.append(ref)
        case .tag:
            var k: String?, val: String?
            try eachAttribute(count, attrs) { key, v, end in
                if key == .k { k = text(v, end) } else if key == .v { val = text(v, end) }
            }
            guard let k, let val else { return }
            switch context {
            case .node: node.tags.append(OSMTag(key: k, value: val))
            case .way: way.tags.append(OSMTag(key: k, value: val))
            case .relation: relation.tags.append(OSMTag(key: k, value: val))
            case .none: break
            }
        case .member:
            guard context == .relation else { return }
            var type: OSMElementType?, ref: Int64?, role = ""
            try eachAttribute(count, attrs) { key, v, end in
                switch key {
                case .type: type = OSMElementType(xmlName: text(v, end))
                case .ref: ref = FixedPoint.parseInteger(v, end)
                case .role: role = text(v, end)
                default: break
                }
            }
            guard let type, let ref else { throw invalid("<member> without a valid type and ref in relation \(relation.info.id)") }
            relation.members.append(OSMMember(type: type, ref: ref, role: role))
        case .bounds:
            var v4: [Double?] = [nil, nil, nil, nil]  // minlat, minlon, maxlat, maxlon
            var box: String?
            try eachAttribute(count, attrs) { key, v, end in
                let value = FixedPoint.parse(v, end).map(FixedPoint.degrees)
                switch key {
                case .minlat: v4[0] = value
                case .minlon: v4[1] = value
                case .maxlat: v4[2] = value
                case .maxlon: v4[3] = value
                case .box: box = text(v, end)
                default: break
                }
            }
            if let box {  // osmosis' old <bound box="minlat,minlon,maxlat,maxlon">
                let parts = box.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                if parts.count == 4 { v4 = parts }
            }
            guard let a = v4[0], let b = v4[1], let c = v4[2], let d = v4[3],
                  a <= c, b <= d, abs(a) <= 90, abs(c) <= 90, abs(b) <= 180, abs(d) <= 180 else {
                throw invalid("<bounds> without four valid coordinates (minlat ≤ maxlat, minlon ≤ maxlon)")
            }
            try sink.osmBounds(BoundingBox(minLatitude: a, minLongitude: b, maxLatitude: c, maxLongitude: d))
        case .meta:
            var base: String?
            try eachAttribute(count, attrs) { key, v, end in if key == .osmBase { base = text(v, end) } }
            if let base { try sink.osmHeader(OSMHeader(version: "0.6", generator: nil, timestamp: base)) }
        case .other, .osm, .osmChange:
            break
        }
    }

    func end(_ name: UnsafePointer<UInt8>) throws {
        switch OSMElementName(name) {
        case .node where context == .node:
            context = .none
            nodeCount += 1
            try sink.osmNode(node)
        case .way where context == .way:
            context = .none
            wayCount += 1
            try sink.osmWay(way)
        case .relation where context == .relation:
            context = .none
            relationCount += 1
            try sink.osmRelation(relation)
        default:
            break
        }
    }

    private func root(_ name: UnsafePointer<UInt8>, _ count: Int, _ attrs: Attributes?) throws {
        let rootName = String(cString: name)
        switch OSMElementName(name) {
        case .osm:
            var header = OSMHeader()
            try eachAttribute(count, attrs) { key, v, end in
                switch key {
                case .version: header.version = text(v, end)
                case .generator: header.generator = text(v, end)
                case .timestamp: header.timestamp = text(v, end)
                default: break
                }
            }
            guard header.version == "0.6" else {
                throw OSMReadError(.notOSM, file: source.path, line: line,
                                   reason: "OSM XML version \(header.version.map { "\"\($0)\"" } ?? "missing") is not supported (only 0.6)")
            }
            rootSeen = true
            try sink.osmHeader(header)
        case .osmChange:
            throw OSMReadError(.osmChange, file: source.path, line: line,
                               reason: "this is an osmChange file (a list of edits), not a map extract; import the .osm extract it applies to instead")
        default:
            throw OSMReadError(.notOSM, file: source.path, line: line,
                               reason: "not an OpenStreetMap XML file (root element <\(rootName)>, expected <osm>)")
        }
    }

    private func requireID(_ info: OSMObjectInfo, _ what: String) throws {
        if info.id == 0 { throw invalid("<\(what)> without a valid id") }
    }

    private func objectAttribute(_ key: OSMAttributeName, _ v: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
                                 _ info: inout OSMObjectInfo) throws {
        switch key {
        case .id:
            guard let id = FixedPoint.parseInteger(v, end), id != 0 else { throw invalid("invalid id \"\(text(v, end))\"") }
            info.id = id
        case .version:
            if let n = FixedPoint.parseInteger(v, end), n >= 0, n <= Int64(Int32.max) { info.version = Int32(n) }
        case .action:
            if end - v == 6 && memcmp(v, "delete", 6) == 0 { info.deleted = true }
        case .visible:
            if end - v == 5 && memcmp(v, "false", 5) == 0 { info.deleted = true }
        case .timestamp:
            noteTimestamp(v, end)
        default:
            break
        }
    }

    private func noteTimestamp(_ v: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        let n = end - v
        let m = newestTimestamp.count
        let c = newestTimestamp.withUnsafeBufferPointer { memcmp(v, $0.baseAddress ?? v, min(n, m)) }
        if m == 0 || c > 0 || (c == 0 && n > m) {
            newestTimestamp = Array(UnsafeBufferPointer(start: v, count: n))
        }
    }

    @inline(__always)
    private func eachAttribute(_ count: Int, _ attrs: Attributes?,
                               _ body: (OSMAttributeName, UnsafePointer<UInt8>, UnsafePointer<UInt8>) throws -> Void) throws {
        guard let attrs else { return }
        for i in 0..<count {
            guard let name = attrs[5 * i], let v = attrs[5 * i + 3], let e = attrs[5 * i + 4] else { continue }
            try body(OSMAttributeName(name), v, e)
        }
    }

    /// An attribute value as a String.
    ///
    /// libxml2's SAX2 interface, when entities are not substituted (we never ask it to),
    /// passes `&amp;` in attribute values on as the character reference `&#38;` (so a tree
    /// builder could re-escape it); every other reference arrives decoded. One left-to-right
    /// pass turning `&#38;` into `&` restores the text exactly (`&amp;#38;` → `&#38;`).
    @inline(__always) private func text(_ v: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> String {
        let s = String(decoding: UnsafeBufferPointer(start: v, count: end - v), as: UTF8.self)
        guard memchr(v, Int32(UInt8(ascii: "&")), end - v) != nil else { return s }
        return s.replacingOccurrences(of: "&#38;", with: "&")
    }
}

// MARK: - C callbacks (no captures; the parser comes back through the user-data pointer)

private let osmStartElement: startElementNsSAX2Func = { ctx, localname, _, _, _, _, nbAttributes, _, attributes in
    guard let ctx, let localname else { return }
    let parser = Unmanaged<OSMXMLParser>.fromOpaque(ctx).takeUnretainedValue()
    guard parser.failure == nil else { return }
    do { try parser.start(localname, Int(nbAttributes), attributes) } catch { parser.stop(error) }
}

private let osmEndElement: endElementNsSAX2Func = { ctx, localname, _, _ in
    guard let ctx, let localname else { return }
    let parser = Unmanaged<OSMXMLParser>.fromOpaque(ctx).takeUnretainedValue()
    guard parser.failure == nil else { return }
    do { try parser.end(localname) } catch { parser.stop(error) }
}

private let osmStructuredError: xmlStructuredErrorFunc = { ctx, error in
    guard let ctx, let error else { return }
    let parser = Unmanaged<OSMXMLParser>.fromOpaque(ctx).takeUnretainedValue()
    // Warnings are not failures; errors and fatal errors are.
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "XML error"
    let line = Int(error.pointee.line)
    let truncated = error.pointee.code == XML_ERR_DOCUMENT_END.rawValue || message.contains("Premature end")
        || message.contains("EndTag") || message.contains("end of data")
    guard parser.rootSeen else {
        parser.stop(OSMReadError(.notOSM, file: parser.source.path, line: line > 0 ? line : nil,
                                 reason: "not an OSM XML file: \(message)"))
        return
    }
    let reason = truncated ? "the file ends early or is not well-formed XML: \(message)" : "XML is not well-formed: \(message)"
    parser.stop(OSMReadError(.malformedXML, file: parser.source.path, line: line > 0 ? line : nil, reason: reason))
}
