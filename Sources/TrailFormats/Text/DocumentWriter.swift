import Foundation
import TrailCore

/// A writer that streams a ``GPXDocument`` as bytes to a sink (GPX 1.1, GeoJSON). The
/// conveniences — whole `Data`, a `String`, an atomically replaced file — come with it.
public protocol DocumentWriter {
    /// Streams `document` to `sink` in chunks.
    /// - Throws: ``GPXWriteError``, or what `sink` throws.
    func write(_ document: GPXDocument, to sink: (UnsafeRawBufferPointer) throws -> Void) throws
}

extension DocumentWriter {
    /// The whole output as UTF-8 bytes.
    public func data(for document: GPXDocument) throws -> Data {
        var data = Data()
        try write(document) { data.append(contentsOf: $0) }
        return data
    }

    /// The whole output as a String.
    public func string(for document: GPXDocument) throws -> String {
        String(decoding: try data(for: document), as: UTF8.self)
    }

    /// Writes the output to the file at `url`, replacing it only once complete.
    /// - Throws: ``GPXWriteError``.
    public func write(_ document: GPXDocument, to url: URL) throws {
        try AtomicFileWriter.write(to: url) { sink in try write(document, to: sink) }
    }
}
