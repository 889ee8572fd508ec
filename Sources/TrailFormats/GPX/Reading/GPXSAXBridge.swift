import CLibXML2
import Localization
import Foundation

/// One attribute value as libxml2's SAX2 hands it over: a `[start, end)` byte range, not
/// NUL-terminated, valid only during the start-element callback.
struct XMLAttributeValue {
    let start: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: start, count: end - start))
    }

    /// The value as text. Without entity substitution libxml2's SAX2 passes an `&` written as
    /// `&amp;` or `&#38;` on as the five characters `&#38;` (its tree builder decodes them
    /// later); every `&` in the value comes from that encoding, so it is decoded here.
    var string: String {
        let s = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        return s.contains("&#38;") ? s.replacingOccurrences(of: "&#38;", with: "&") : s
    }
}

/// The attributes of one SAX2 start tag: `count` groups of five pointers (local name, prefix,
/// namespace URI, value start, value end).
struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    let count: Int

    /// The value of the attribute with this local name and no namespace (as `lat`, `href`).
    func raw(_ name: StaticString) -> XMLAttributeValue? {
        guard let base else { return nil }
        for i in 0..<count {
            let a = base + 5 * i
            guard a[2] == nil, let local = a[0], let start = a[3], let end = a[4] else { continue }
            if strcmp(UnsafeRawPointer(local).assumingMemoryBound(to: CChar.self),
                      UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) == 0 {
                return XMLAttributeValue(start: start, end: end)
            }
        }
        return nil
    }

    func string(_ name: StaticString) -> String? { raw(name)?.string }

    func double(_ name: StaticString) -> Double? { raw(name)?.withBytes(DecimalParser.finiteDouble) }
}

/// The builder behind a callback's user-data pointer.
@inline(__always)
private func saxBuilder(_ ctx: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<GPXDocumentBuilder> {
    ctx!.assumingMemoryBound(to: GPXDocumentBuilder.self)
}

/// The C callbacks handed to libxml2. Each one recovers the ``GPXDocumentBuilder`` from the
/// user-data pointer and forwards the event; none captures anything.
enum GPXSAXBridge {
    /// A SAX2 handler with only the events the GPX reader needs. Everything that would build a
    /// tree, resolve or load entities, or print to stderr is left out.
    static func makeHandler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = UInt32(XML_SAX2_MAGIC)
        h.startElementNs = { ctx, localName, _, uri, _, _, nbAttributes, _, attributes in
            guard let localName else { return }
            saxBuilder(ctx).pointee.startElement(localName: localName, namespace: uri,
                                      attributes: XMLAttributes(base: attributes, count: Int(nbAttributes)))
        }
        h.endElementNs = { ctx, _, _, _ in saxBuilder(ctx).pointee.endElement() }
        h.characters = { ctx, bytes, count in
            guard let bytes else { return }
            saxBuilder(ctx).pointee.characters(bytes, count: Int(count))
        }
        h.cdataBlock = h.characters
        h.ignorableWhitespace = h.characters
        h.entityDecl = { ctx, name, _, _, _, _ in
            saxBuilder(ctx).pointee.entityDeclaration(name: name.map { String(cString: $0) } ?? "?")
        }
        h.unparsedEntityDecl = { ctx, name, _, _, _ in
            saxBuilder(ctx).pointee.entityDeclaration(name: name.map { String(cString: $0) } ?? "?")
        }
        h.serror = structuredError
        return h
    }

    /// libxml2's structured error callback (also installed as the thread's global structured
    /// handler during a parse, so that errors raised without a parser context — encoding
    /// conversion failures — are not printed to stderr either).
    static let structuredError: xmlStructuredErrorFunc = { ctx, error in
        guard let ctx, let error else { return }
        saxBuilder(ctx).pointee.libxmlError(error.pointee)
    }
}

extension GPXDocumentBuilder {
    /// A warning, error or fatal error reported by libxml2.
    mutating func libxmlError(_ e: xmlError) {
        guard !failed, !stoppedAfterRoot else { return }
        var message = e.message.map { String(cString: $0) } ?? L("unknown XML error")
        message = message.trimmingCharacters(in: .whitespacesAndNewlines)
        let line = e.line > 0 ? Int(e.line) : self.line
        let column = e.int2 > 0 ? Int(e.int2) : nil
        let level = e.level
        if rootClosed && level != XML_ERR_WARNING {
            // Anything after the end of <gpx>: e.g. a second document appended to the file.
            warn(L("extra content after the end of the GPX document (line %s) was ignored", line), line: line)
            stoppedAfterRoot = true
            return
        }
        if level == XML_ERR_FATAL {
            if e.code == Int32(XML_ERR_DOCUMENT_END.rawValue) && !rootClosed {
                // libxml2's push parser says "Extra content at the end of the document" when
                // the input simply stops inside an element.
                // No element opened yet: nothing says the bytes were GPX (a TCX or KML cut to a
                // few bytes lands here too), so the message names no format.
                switch (innermostKnownElement, stack.isEmpty) {
                case let (inside?, true): message = L("the file ends inside <%s> before the document is complete (truncated?)", inside)
                case let (inside?, false):
                    message = L("the file ends inside <%s> before the GPX document is complete (truncated?)", inside)
                case (nil, true): message = L("the file ends before the document is complete (truncated?)")
                case (nil, false): message = L("the file ends before the GPX document is complete (truncated?)")
                }
            }
            fail(.malformedXML, message, line: line, column: column)
        } else {
            warn("XML: " + message, line: line)
        }
    }
}
