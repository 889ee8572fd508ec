import CLibXML2
import Localization
import Foundation
import TrailCore

/// Reads GPX 1.0 and 1.1 files into a ``GPXDocument``, streaming.
///
/// The file is fed to libxml2's SAX2 push parser in 256 KiB chunks; no DOM is built, so memory
/// grows only with the points kept (56 bytes each, DECISIONS.md #3). Elements are matched by
/// namespace URI and local name (GPX 1.0, GPX 1.1, or no namespace at all; Garmin
/// TrackPointExtension v1/v2 and Cluetrust gpxdata under any prefix); unknown elements and
/// extensions are skipped.
///
/// Safety: no network (`XML_PARSE_NONET`), no entity substitution, no DTD loading, and any
/// entity declaration is refused, so neither entity-expansion bombs nor external entities can
/// act. libxml2 prints nothing: all its messages go to a structured handler.
///
/// Repairs (each gives a ``GPXWarning``): points with missing or out-of-range lat/lon are
/// dropped, never clamped (``TrackReadOptions/refusesInvalidPoints``, set by `--strict`, refuses
/// the file instead, kind ``GPXError/Kind/invalidPoint``); unreadable `ele`, `time` and sensor values become nil; elevations outside
/// ``PlausibleElevation/range`` (-500…9000 m) are taken as no-data sentinels (one warning); content after the end of `<gpx>` (two
/// documents concatenated) is ignored. Any other malformation throws ``GPXError`` with
/// ``TrackReadOptions/strict`` (the default here is ``TrackReadOptions/wellFormed``: strict about
/// XML, lenient about points); with ``TrackReadOptions/lenient`` a file that
/// is malformed or cut off keeps the tracks, routes and waypoints completed before the fault,
/// with a warning naming the line where reading stopped, unless nothing complete came before it.
public struct GPXReader {
    /// Bytes handed to libxml2 per call.
    public static let chunkSize = 256 * 1024
    /// Warnings kept per file; further ones are only counted.
    public static var maximumWarnings: Int { GPXDocumentBuilder.maximumWarnings }

    /// Reads the GPX file at `url` (a file URL).
    /// - Throws: ``GPXError`` with kind `.io` when the file cannot be read, or any other kind
    ///   when its content is not a readable GPX document (or, lenient, nothing before the fault was).
    public static func read(url: URL, options: TrackReadOptions = .wellFormed) throws -> GPXReadResult {
        let path = url.path
        let name = url.lastPathComponent
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ioError(name, L("cannot open %s", path)) }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let parser = GPXPushParser(fileName: name, options: options)
        while true {
            var count: Int
            repeat { count = Foundation.read(fd, buffer.baseAddress, chunkSize) } while count < 0 && errno == EINTR
            if count < 0 { throw ioError(name, L("cannot read %s", path)) }
            if count == 0 { break }
            if try !parser.feedKeepingFault(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { break }
        }
        return try parser.finish()
    }

    /// Reads a GPX document held in memory. `fileName` only names it in errors.
    /// - Throws: ``GPXError`` when `data` is not a readable GPX document.
    public static func read(data: Data, fileName: String, options: TrackReadOptions = .wellFormed) throws -> GPXReadResult {
        let parser = GPXPushParser(fileName: fileName, options: options)
        try data.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < all.count {
                let end = min(offset + chunkSize, all.count)
                if try !parser.feedKeepingFault(UnsafeRawBufferPointer(rebasing: all[offset..<end])) { break }
                offset = end
            }
        }
        return try parser.finish()
    }

    private static func ioError(_ name: String, _ what: String) -> GPXError {
        GPXError(kind: .io, fileName: name, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// One parse: owns the libxml2 push-parser context and the builder its callbacks fill.
final class GPXPushParser {
    /// libxml2's global set-up, done once per process (not thread-safe on first use).
    private static let libxml2Ready: Void = { xmlInitParser() }()

    /// The builder the callbacks fill, at a fixed address for the life of the parse.
    private let builder: UnsafeMutablePointer<GPXDocumentBuilder>
    private var context: xmlParserCtxtPtr?
    private var handler = GPXSAXBridge.makeHandler()
    private var sawBytes = false
    /// The first bytes, held until there are enough for encoding detection.
    private var head: [UInt8] = []

    /// Strict or lenient about damage (see ``GPXReader``).
    private let options: TrackReadOptions

    init(fileName: String, options: TrackReadOptions = .wellFormed) {
        self.options = options
        _ = Self.libxml2Ready
        builder = .allocate(capacity: 1)
        builder.initialize(to: GPXDocumentBuilder(fileName: fileName))
        builder.pointee.strict = options.refusesInvalidPoints
        builder.pointee.warningLimit = options.maximumWarnings
    }

    deinit {
        if let context {
            // An entity declaration makes libxml2 create a document for the DTD even in SAX
            // mode; the context does not free it (found by fuzz-gpx, DECISIONS.md 130).
            if let doc = context.pointee.myDoc {
                context.pointee.myDoc = nil
                xmlFreeDoc(doc)
            }
            xmlFreeParserCtxt(context)
        }
        builder.deinitialize(count: 1)
        builder.deallocate()
    }

    /// Parses the next chunk. Returns false when the rest of the input is not needed (after an
    /// error, or after the end of the root element when extra content followed).
    /// - Throws: ``GPXError`` as soon as the document is known to be unreadable.
    func feed(_ bytes: UnsafeRawBufferPointer) throws -> Bool {
        guard bytes.count > 0 else { return true }
        sawBytes = true
        var chunk = bytes
        if context == nil {
            // libxml2 detects the encoding (BOM, UTF-16, declaration) from the first 4 bytes:
            // hold tiny first chunks back until there are 4.
            let needed = 4 - head.count
            head.append(contentsOf: chunk.prefix(needed))
            if head.count < 4 { return true }
            chunk = UnsafeRawBufferPointer(rebasing: chunk.dropFirst(needed))
            try start()
        }
        if chunk.count > 0, let context {
            withSilencedGlobalErrors {
                _ = xmlParseChunk(context, chunk.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(chunk.count), 0)
            }
        }
        if let failure = builder.pointee.failure { throw classified(failure) }
        return !builder.pointee.stoppedAfterRoot
    }

    /// ``feed(_:)``, except that in lenient mode a malformed-XML fault stops the input (returns
    /// false) and is left for ``finish()`` to recover from.
    func feedKeepingFault(_ bytes: UnsafeRawBufferPointer) throws -> Bool {
        do {
            return try feed(bytes)
        } catch let e as GPXError where !options.strict && e.kind == .malformedXML {
            return false
        }
    }

    /// True when the first bytes could begin an XML document: `<` after optional whitespace
    /// or a UTF-8 BOM, or a UTF-16/UTF-32 byte-order mark or `<` pattern (an XML file in an
    /// encoding libxml2 cannot decode stays "malformed XML").
    private var startsLikeXML: Bool {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x00, 0x3C])
            || bytes.starts(with: [0x00, 0x00]) { return true }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
            return bytes.count < head.count  // whitespace after a BOM only
        }
        return first == 0x3C
    }

    /// A malformed-XML failure before any element was opened means the bytes are not XML at
    /// all; libxml2's wording for that ("Document is empty", "Start tag expected") misleads.
    private func classified(_ failure: GPXError) -> GPXError {
        guard failure.kind == .malformedXML, builder.pointee.stack.isEmpty, !builder.pointee.rootClosed,
              failure.reason != L("the file is empty"), !startsLikeXML else { return failure }
        return GPXError(kind: .notXML, fileName: failure.fileName, line: failure.line, column: failure.column,
                        reason: L("no XML element where the document should begin (binary data or another format?)"))
    }

    /// Creates the push-parser context with the bytes held in `head`.
    private func start() throws {
        try withSilencedGlobalErrors {
            let ctxt = head.withUnsafeBufferPointer { h in
                h.withMemoryRebound(to: CChar.self) { h in
                    xmlCreatePushParserCtxt(&handler, UnsafeMutableRawPointer(builder),
                                            h.baseAddress, Int32(h.count), builder.pointee.fileName)
                }
            }
            guard let ctxt else {
                throw GPXError(kind: .io, fileName: builder.pointee.fileName, reason: L("libxml2 could not start a parser"))
            }
            let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
            xmlCtxtUseOptions(ctxt, options)
            builder.pointee.parserContext = ctxt
            context = ctxt
        }
    }

    /// Ends the input and returns the document.
    /// - Throws: ``GPXError`` when the document is incomplete or was malformed.
    func finish() throws -> GPXReadResult {
        do {
            return try finishWhole()
        } catch let e as GPXError where !options.strict && e.kind == .malformedXML {
            guard let partial = builder.pointee.salvaged(after: e) else { throw e }
            return partial
        }
    }

    /// Ends the input and returns the document, or throws at any fault.
    private func finishWhole() throws -> GPXReadResult {
        guard sawBytes else {
            throw GPXError(kind: .malformedXML, fileName: builder.pointee.fileName, line: 1, reason: L("the file is empty"))
        }
        if context == nil { try start() }  // a file of fewer than 4 bytes
        guard let context else { throw GPXError(kind: .io, fileName: builder.pointee.fileName, reason: L("no parser")) }
        if !builder.pointee.stoppedAfterRoot {
            withSilencedGlobalErrors { _ = xmlParseChunk(context, nil, 0, 1) }
        }
        if let failure = builder.pointee.failure { throw classified(failure) }
        if !builder.pointee.stoppedAfterRoot && context.pointee.wellFormed == 0 {
            // An error the callbacks did not see as fatal but libxml2 counts as fatal.
            if let e = xmlCtxtGetLastError(context) {
                builder.pointee.fail(.malformedXML, e.pointee.message.map { String(cString: $0) }?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? L("not well-formed"),
                             line: Int(e.pointee.line), column: e.pointee.int2 > 0 ? Int(e.pointee.int2) : nil)
            } else {
                builder.pointee.fail(.malformedXML, L("not well-formed"))
            }
        }
        if let failure = builder.pointee.failure { throw classified(failure) }
        guard builder.pointee.rootClosed else {
            throw GPXError(kind: .malformedXML, fileName: builder.pointee.fileName, line: builder.pointee.line,
                           reason: L("the document ends before </gpx>"))
        }
        return GPXReadResult(document: builder.pointee.document, warnings: builder.pointee.warnings,
                             omittedWarningCount: builder.pointee.omittedWarningCount,
                             trackpointLines: builder.pointee.trackpointLines)
    }

    /// Routes libxml2 errors raised without a parser context (encoding conversion) on this
    /// thread to the builder instead of stderr, for the duration of `body`.
    private func withSilencedGlobalErrors<R>(_ body: () throws -> R) rethrows -> R {
        let savedHandler = __xmlStructuredError().pointee
        let savedContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(UnsafeMutableRawPointer(builder), GPXSAXBridge.structuredError)
        defer { xmlSetStructuredErrorFunc(savedContext, savedHandler) }
        return try body()
    }
}
