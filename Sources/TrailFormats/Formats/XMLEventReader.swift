import CLibXML2
import Localization
import Foundation

/// What an XML track-format builder (TCX, KML) receives from ``XMLEventReader``.
protocol XMLEventHandler: AnyObject {
    /// An element opened: its local name (prefix dropped), namespace URI and attributes
    /// (local name → value; prefixed attributes under their local name too).
    func start(_ name: String, namespace: String?, attributes: [String: String], line: Int)
    /// The innermost open element closed; `text` is its own character data (trimmed).
    func end(_ name: String, text: String, line: Int)
    /// The number of points completed so far (for the salvage message).
    var keptPointCount: Int { get }
    /// How many of ``keptPointCount`` are waypoints (placemarks, course points), not track points.
    var keptWaypointCount: Int { get }
}

/// A streaming libxml2 SAX2 push parser for the XML track formats other than GPX, with the same
/// safety rules as ``GPXReader``: no network, no DTD loading, no entity substitution, any entity
/// declaration refused, nothing printed. Feeds 256 KiB chunks; text is gathered per element.
final class XMLEventReader {
    private static let libxml2Ready: Void = { xmlInitParser() }()

    let fileName: String
    let format: String
    let handler: XMLEventHandler
    private var context: xmlParserCtxtPtr?
    private var sax = xmlSAXHandler()
    /// Text of each open element.
    private var texts: [[UInt8]] = []
    private var names: [String] = []
    private(set) var failure: (line: Int, reason: String, entity: Bool)?
    private(set) var rootClosed = false
    private var head: [UInt8] = []
    private var sawBytes = false
    /// Text read per element, at most, in bytes (KML coordinates can be long): a longer text
    /// stops reading with a fault that names the element and the limit (never cut silently).
    static let maximumText = 64 * 1024 * 1024
    /// This reader's text limit (``maximumText`` unless a test asks for less).
    let textLimit: Int

    init(fileName: String, format: String, handler: XMLEventHandler, textLimit: Int = XMLEventReader.maximumText) {
        _ = Self.libxml2Ready
        self.textLimit = textLimit
        self.fileName = fileName
        self.format = format
        self.handler = handler
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { ctx, localName, _, uri, _, _, nbAttributes, _, attributes in
            guard let ctx, let localName else { return }
            let me = Unmanaged<XMLEventReader>.fromOpaque(ctx).takeUnretainedValue()
            var attrs: [String: String] = [:]
            if let attributes {
                for i in 0..<Int(nbAttributes) {
                    let a = attributes + 5 * i
                    guard let n = a[0], let s = a[3], let e = a[4] else { continue }
                    var v = String(decoding: UnsafeBufferPointer(start: s, count: e - s), as: UTF8.self)
                    if v.contains("&#38;") { v = v.replacingOccurrences(of: "&#38;", with: "&") }
                    attrs[String(cString: n)] = v
                }
            }
            me.startElement(String(cString: localName), uri.map { String(cString: $0) }, attrs)
        }
        sax.endElementNs = { ctx, _, _, _ in
            guard let ctx else { return }
            Unmanaged<XMLEventReader>.fromOpaque(ctx).takeUnretainedValue().endElement()
        }
        sax.characters = { ctx, bytes, count in
            guard let ctx, let bytes else { return }
            Unmanaged<XMLEventReader>.fromOpaque(ctx).takeUnretainedValue().characters(bytes, Int(count))
        }
        sax.cdataBlock = sax.characters
        sax.entityDecl = { ctx, name, _, _, _, _ in
            guard let ctx else { return }
            Unmanaged<XMLEventReader>.fromOpaque(ctx).takeUnretainedValue()
                .fail(L("the file declares the entity '%s' in a DTD; track files never need entities, and they are refused for safety",
                        name.map { String(cString: $0) } ?? "?"), entity: true)
        }
        sax.unparsedEntityDecl = { ctx, name, _, _, _ in
            guard let ctx else { return }
            Unmanaged<XMLEventReader>.fromOpaque(ctx).takeUnretainedValue()
                .fail(L("the file declares the entity '%s' in a DTD; refused for safety", name.map { String(cString: $0) } ?? "?"),
                      entity: true)
        }
        sax.serror = Self.structuredError
    }

    deinit {
        if let context {
            if let doc = context.pointee.myDoc {
                context.pointee.myDoc = nil
                xmlFreeDoc(doc)
            }
            xmlFreeParserCtxt(context)
        }
    }

    private static let structuredError: xmlStructuredErrorFunc = { ctx, error in
        guard let ctx, let error else { return }
        let me = Unmanaged<XMLEventReader>.fromOpaque(ctx).takeUnretainedValue()
        guard error.pointee.level == XML_ERR_FATAL || error.pointee.level == XML_ERR_ERROR else { return }
        if me.rootClosed { return }  // content after the root element: ignored
        var message = error.pointee.message.map { String(cString: $0) } ?? L("unknown XML error")
        message = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if error.pointee.code == Int32(XML_ERR_DOCUMENT_END.rawValue) {
            message = L("the file ends inside <%s> before the document is complete (truncated?)", me.names.last ?? "?")
        }
        me.fail(message, line: error.pointee.line > 0 ? Int(error.pointee.line) : nil)
    }

    var line: Int { context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }

    func fail(_ reason: String, line: Int? = nil, entity: Bool = false) {
        guard failure == nil else { return }
        failure = (line ?? self.line, reason, entity)
    }

    private func startElement(_ name: String, _ uri: String?, _ attributes: [String: String]) {
        guard failure == nil, !rootClosed else { return }
        names.append(name)
        texts.append([])
        handler.start(name, namespace: uri, attributes: attributes, line: line)
    }

    private func endElement() {
        guard failure == nil, let name = names.popLast(), let bytes = texts.popLast() else { return }
        // Trimmed and decoded on bytes: Foundation's trimming and searching cost half the time.
        var start = 0, end = bytes.count
        while start < end && DecimalParser.isXMLSpace(bytes[start]) { start += 1 }
        while end > start && DecimalParser.isXMLSpace(bytes[end - 1]) { end -= 1 }
        var text = start == end ? "" : String(decoding: bytes[start..<end], as: UTF8.self)
        if bytes[start..<end].contains(UInt8(ascii: "&")) {
            // libxml2's SAX2 without entity substitution hands `&amp;` on as `&#38;` (see XMLAttributeValue).
            text = text.replacingOccurrences(of: "&#38;", with: "&")
        }
        handler.end(name, text: text, line: line)
        if names.isEmpty { rootClosed = true }
    }

    private func characters(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        guard failure == nil, !texts.isEmpty else { return }
        let room = textLimit - texts[texts.count - 1].count
        guard count <= room else {
            fail(L("the text of <%s> is longer than %s, the most Cairn reads in one element; this file exceeds that limit",
                   names.last ?? "?", Self.sizeText(textLimit)))
            return
        }
        texts[texts.count - 1].append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// A byte count in words: "64 MB" (MiB, whole) from 1 MiB up, else "N bytes".
    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? L("%d MB", bytes / 1_048_576) : Ln("%d byte", "%d bytes", bytes, bytes)
    }

    /// Feeds the next bytes; false once more input is not needed.
    func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 0 else { return true }
        sawBytes = true
        var chunk = bytes
        if context == nil {
            let needed = 4 - head.count
            head.append(contentsOf: chunk.prefix(needed))
            if head.count < 4 { return true }
            chunk = UnsafeRawBufferPointer(rebasing: chunk.dropFirst(needed))
            start()
        }
        if chunk.count > 0, let context {
            withSilencedGlobalErrors {
                _ = xmlParseChunk(context, chunk.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(chunk.count), 0)
            }
        }
        return failure == nil && !rootClosed
    }

    private func start() {
        withSilencedGlobalErrors {
            let me = Unmanaged.passUnretained(self).toOpaque()
            let ctxt = head.withUnsafeBufferPointer { h in
                h.withMemoryRebound(to: CChar.self) { h in
                    xmlCreatePushParserCtxt(&sax, me, h.baseAddress, Int32(h.count), fileName)
                }
            }
            guard let ctxt else { fail(L("libxml2 could not start a parser")); return }
            xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
            context = ctxt
        }
    }

    /// Ends the input. Returns nil when the document was read whole, else where and why it failed.
    func finish() -> (line: Int, reason: String, entity: Bool)? {
        guard sawBytes else { return (1, L("the file is empty"), false) }
        if context == nil { start() }
        if let context, failure == nil, !rootClosed {
            withSilencedGlobalErrors { _ = xmlParseChunk(context, nil, 0, 1) }
        }
        if failure == nil && !rootClosed {
            fail(L("the file ends before the document is complete (truncated?)"))
        }
        return failure
    }

    private func withSilencedGlobalErrors<R>(_ body: () throws -> R) rethrows -> R {
        let savedHandler = __xmlStructuredError().pointee
        let savedContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque(), Self.structuredError)
        defer { xmlSetStructuredErrorFunc(savedContext, savedHandler) }
        return try body()
    }

    /// Parses `url` (streamed in 256 KiB chunks) or `data`, then applies the damage rule:
    /// returns normally when the document was whole or, lenient, when `handler` kept points
    /// before the fault (the returned warning says where reading stopped); throws otherwise.
    static func run(url: URL?, data: Data?, fileName: String, format: String, handler: XMLEventHandler,
                    options: TrackReadOptions, textLimit: Int = XMLEventReader.maximumText) throws -> GPXWarning? {
        let reader = XMLEventReader(fileName: fileName, format: format, handler: handler, textLimit: textLimit)
        if let url {
            let fd = open(url.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw TrackFileError(kind: .io, format: format, fileName: fileName,
                                     reason: L("cannot open %s: %s", url.path, String(cString: strerror(errno))))
            }
            defer { close(fd) }
            let size = GPXReader.chunkSize
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                var n: Int
                repeat { n = Foundation.read(fd, buffer.baseAddress, size) } while n < 0 && errno == EINTR
                if n < 0 {
                    throw TrackFileError(kind: .io, format: format, fileName: fileName,
                                         reason: L("cannot read %s: %s", url.path, String(cString: strerror(errno))))
                }
                if n == 0 || !reader.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) { break }
            }
        } else if let data {
            data.withUnsafeBytes { all in
                var offset = 0
                while offset < all.count {
                    let end = min(offset + GPXReader.chunkSize, all.count)
                    if !reader.feed(UnsafeRawBufferPointer(rebasing: all[offset..<end])) { break }
                    offset = end
                }
            }
        }
        guard let fault = reader.finish() else { return nil }
        let kept = handler.keptPointCount
        if fault.entity || options.strict || kept == 0 {
            let why = options.strict && kept > 0 && !fault.entity ? " " + L("(refused whole: --strict)") : ""
            throw TrackFileError(kind: .malformed, format: format, fileName: fileName, place: "\(fault.line)",
                                 reason: fault.reason + why)
        }
        let waypoints = handler.keptWaypointCount
        return GPXWarning(line: fault.line, message: L("reading stopped at line %d: %s; %s (--strict refuses such files)", fault.line,
                                                       fault.reason, keptBeforeFault(points: kept - waypoints, waypoints: waypoints)))
    }
}
