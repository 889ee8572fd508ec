import Foundation
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// Imports SRTM tiles into a terrain folder as one transaction: every input is checked and
/// written to a hidden temporary file in the folder first (name, size, zip entry size before
/// inflating, then the bytes, fsync'd); only when all inputs passed are the temporary files
/// renamed over their tiles (`rename(2)` is atomic). Any failure removes the temporary files
/// and leaves every tile already in the folder as it was.
public enum TerrainImport {
    /// One tile written.
    public struct ImportedTile: Hashable, Sendable {
        public var id: SRTMTileID
        /// The file it came from, as given.
        public var source: String
        public var format: HGTFormat
        /// True when a tile of that name was already in the folder (it is replaced).
        public var replaced: Bool
    }

    /// The tile files an argument stands for: the file itself, or every `*.hgt` and
    /// `*.hgt.zip` directly in a directory (sorted by name).
    /// - Throws: ``TerrainError/unreadable(file:reason:)`` for a missing path or a directory
    ///   without tiles.
    public static func expand(_ path: String, shownAs shown: String) throws -> [(path: String, shown: String)] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw TerrainError.unreadable(file: shown, reason: L("no such file or directory"))
        }
        guard isDir.boolValue else { return [(path, shown)] }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw TerrainError.unreadable(file: shown, reason: L("cannot list the directory"))
        }
        let tiles = names.filter { n in
            let l = n.lowercased()
            return !n.hasPrefix(".") && (l.hasSuffix(".hgt") || l.hasSuffix(".hgt.zip"))
        }.sorted()
        guard !tiles.isEmpty else { throw TerrainError.unreadable(file: shown, reason: L("no .hgt or .hgt.zip files in the directory")) }
        return tiles.map { ((path as NSString).appendingPathComponent($0), (shown as NSString).appendingPathComponent($0)) }
    }

    /// Imports `inputs` (resolved path, name to show in errors) into `directory`, creating it.
    /// - Returns: the tiles written, in input order.
    /// - Throws: the first ``TerrainError``; then nothing was written.
    public static func run(_ inputs: [(path: String, shown: String)], into directory: String) throws -> [ImportedTile] {
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw TerrainError.cannotWrite(path: directory, reason: "\(error.localizedDescription)")
        }
        var staged: [(temp: String, final: String, tile: ImportedTile)] = []
        func cleanUp() { for s in staged { unlink(s.temp) } }
        do {
            for (n, input) in inputs.enumerated() {
                let (id, data) = try read(input.path, shown: input.shown)
                let final = (directory as NSString).appendingPathComponent(id.name + ".hgt")
                let temp = (directory as NSString).appendingPathComponent(".\(id.name).hgt.import-\(getpid())-\(n)")
                try write(data, to: temp)
                let replaced = FileManager.default.fileExists(atPath: final) || staged.contains { $0.final == final }
                staged.append((temp, final, ImportedTile(id: id, source: input.shown, format: HGTFormat.forByteCount(Int64(data.count))!,
                                                        replaced: replaced)))
            }
        } catch {
            cleanUp()
            throw error
        }
        for (i, s) in staged.enumerated() where rename(s.temp, s.final) != 0 {
            let reason = String(cString: strerror(errno))
            for later in staged[i...] { unlink(later.temp) }
            throw TerrainError.cannotWrite(path: s.final, reason: reason)
        }
        return staged.map(\.tile)
    }

    /// Reads and checks one input: a `.hgt` (name and size) or a `.hgt.zip` (see ``HGTArchive``).
    static func read(_ path: String, shown: String) throws -> (SRTMTileID, Data) {
        if shown.lowercased().hasSuffix(".zip") { return try HGTArchive.read(path: path, shownName: shown) }
        guard let id = SRTMTileID.fromFileName(shown), shown.lowercased().hasSuffix(".hgt") else {
            throw TerrainError.notATileName(file: shown)
        }
        var st = stat()
        guard stat(path, &st) == 0 else { throw TerrainError.unreadable(file: shown, reason: String(cString: strerror(errno))) }
        guard HGTFormat.forByteCount(Int64(st.st_size)) != nil else { throw TerrainError.wrongSize(file: shown, bytes: Int64(st.st_size)) }
        guard let fh = FileHandle(forReadingAtPath: path) else {
            throw TerrainError.unreadable(file: shown, reason: String(cString: strerror(errno)))
        }
        defer { try? fh.close() }
        let data: Data
        do { data = try fh.readToEnd() ?? Data() } catch {
            throw TerrainError.unreadable(file: shown, reason: error.localizedDescription)
        }
        guard HGTFormat.forByteCount(Int64(data.count)) != nil else { throw TerrainError.wrongSize(file: shown, bytes: Int64(data.count)) }
        return (id, data)
    }

    private static func write(_ data: Data, to temp: String) throws {
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TerrainError.cannotWrite(path: temp, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let ok: Bool = data.withUnsafeBytes { buf in
            var off = 0
            while off < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
                if n < 0 { if errno == EINTR { continue }; return false }
                off += n
            }
            return fsync(fd) == 0
        }
        if !ok {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw TerrainError.cannotWrite(path: temp, reason: reason)
        }
    }
}
