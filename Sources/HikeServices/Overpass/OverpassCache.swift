import Foundation
import Localization
import TrailCore
import OverpassSupport
import TrailStore

/// Where `cairn map fetch` keeps complete Overpass answers: one file per endpoint and query in
/// `$XDG_CACHE_HOME/cairn/overpass` (else `~/.cache/cairn/overpass`), named by the box and the
/// first 8 bytes of SHA-256 of endpoint and query; an answer is written to `.part` and renamed
/// only once complete, so the cache never holds a partial one. `fetch.lock` (flock) keeps one
/// request at a time across processes.
public struct OverpassCache: Sendable {
    /// The cache folder.
    public let directory: String
    /// The complete answer for this endpoint and query.
    public let answerPath: String
    /// Where the answer is written while it arrives (``OverpassClient/fetch(query:to:)``).
    public let partPath: String

    /// The cache folder for `environment` (`XDG_CACHE_HOME` when absolute, else `HOME`).
    public static func directory(_ environment: [String: String]) -> String {
        if let x = environment["XDG_CACHE_HOME"], x.hasPrefix("/") { return x + "/cairn/overpass" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.cache/cairn/overpass"
    }

    /// The cache entry of `query` at `endpoint` in `directory` (nothing is created yet).
    public init(directory: String, endpoint: String, query: OverpassQuery) {
        self.directory = directory
        let digest = SHA256.hash(Array((endpoint + "\n" + query.text).utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        let b = query.box
        let name = String(format: "overpass-%.4f_%.4f_%.4f_%.4f-", b.minLatitude, b.minLongitude, b.maxLatitude, b.maxLongitude)
            + digest + ".osm"
        answerPath = directory + "/" + name
        partPath = answerPath + ".part"
    }

    /// True when a complete answer is cached.
    public var hasAnswer: Bool { FileManager.default.fileExists(atPath: answerPath) }

    /// An exclusive lock on the cache folder, held until ``Lock/release()``.
    public struct Lock: Sendable {
        let fd: Int32
        /// Lets the lock go and closes its file.
        public func release() {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }

    /// Waits for and takes the cache folder's lock (creating the folder).
    /// - Throws: ``OverpassCacheError`` when the folder or its lock file cannot be made.
    public func lock() throws -> Lock {
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw OverpassCacheError(L("cannot create the cache folder %s: %s", TerminalText.clean(directory), error.localizedDescription))
        }
        let fd = open(directory + "/fetch.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OverpassCacheError(L("cannot open %s", TerminalText.clean(directory) + "/fetch.lock")) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        return Lock(fd: fd)
    }

    /// Makes the complete `.part` the cached answer, with a `<bounds>` of the box asked for
    /// when the server wrote none (Overpass does not), so the map's coverage is the area asked
    /// for rather than the extent of the nodes (ways crossing the edge are kept whole).
    /// - Throws: ``OverpassError/truncated(_:)`` when the part cannot be read or the answer written.
    public func keep(bounds box: BoundingBox) throws {
        guard let input = FileHandle(forReadingAtPath: partPath) else { throw OverpassError.truncated(L("nothing written")) }
        defer { try? input.close() }
        let head = input.readData(ofLength: 65_536)
        let text = String(decoding: head, as: UTF8.self)
        var prefix = head
        if let osm = text.range(of: "<osm"), let end = text.range(of: ">", range: osm.upperBound..<text.endIndex) {
            let firstObject = text.range(of: "<node")?.lowerBound ?? text.endIndex
            let hasBounds = text.range(of: "<bounds", range: end.upperBound..<firstObject) != nil
            if !hasBounds {
                let cut = text.utf8.distance(from: text.startIndex, to: end.upperBound)
                let bounds = String(format: "\n  <bounds minlat=\"%.7f\" minlon=\"%.7f\" maxlat=\"%.7f\" maxlon=\"%.7f\"/>",
                                    box.minLatitude, box.minLongitude, box.maxLatitude, box.maxLongitude)
                prefix = head.prefix(cut) + Data(bounds.utf8) + head.dropFirst(cut)
            }
        }
        let temp = answerPath + ".tmp"
        _ = FileManager.default.createFile(atPath: temp, contents: prefix)
        guard let output = FileHandle(forWritingAtPath: temp) else { throw OverpassError.truncated(L("cannot write the cache")) }
        output.seekToEndOfFile()
        while true {
            let chunk = input.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            output.write(chunk)
        }
        try? output.close()
        guard rename(temp, answerPath) == 0 else { throw OverpassError.truncated(L("cannot keep the answer in the cache")) }
        try? FileManager.default.removeItem(atPath: partPath)
    }

    /// Removes a partial answer (after a failed fetch).
    public func discardPart() {
        try? FileManager.default.removeItem(atPath: partPath)
        try? FileManager.default.removeItem(atPath: answerPath + ".tmp")
    }
}

/// The Overpass cache folder could not be used; the description says which file and why.
public struct OverpassCacheError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
