import CBZip2
import CZlib
import Foundation

/// A stream of (decompressed) bytes of an OSM file, read chunk by chunk.
///
/// ``open(path:)`` looks at the first bytes, not the file name: gzip (`1f 8b`) and bzip2
/// (`BZh`) are decompressed on the fly with zlib and libbz2; an OSM PBF file is refused with
/// a hint to convert it; anything else is passed through as XML.
final class OSMByteSource {
    private enum Backend {
        case plain(Int32)
        case gzip(gzFile)
        case bzip2(UnsafeMutablePointer<FILE>, UnsafeMutableRawPointer)
    }

    private var backend: Backend
    /// The path as given.
    let path: String
    /// Size of the file on disk, in bytes.
    let fileSize: Int64
    /// "xml", "gzip" or "bzip2".
    let compression: String

    private init(path: String, backend: Backend, fileSize: Int64, compression: String) {
        self.path = path
        self.backend = backend
        self.fileSize = fileSize
        self.compression = compression
    }

    deinit { close() }

    /// Opens `path`, sniffing the format.
    /// - Throws: ``OSMReadError`` `.io` when the file cannot be opened, `.pbfNotSupported`
    ///   for PBF files.
    static func open(path: String) throws -> OSMByteSource {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw OSMReadError(.io, file: path, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            Glibc.close(fd)
            throw OSMReadError(.io, file: path, reason: "cannot stat: \(String(cString: strerror(e)))")
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            Glibc.close(fd)
            throw OSMReadError(.io, file: path, reason: "is a directory, not an OSM file")
        }
        var head = [UInt8](repeating: 0, count: 32)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 32, 0) }
        let magic = Array(head.prefix(max(n, 0)))
        let size = Int64(st.st_size)
        if Self.looksLikePBF(magic) || path.lowercased().hasSuffix(".pbf") && !Self.looksLikeText(magic) {
            Glibc.close(fd)
            throw OSMReadError(.pbfNotSupported, file: path,
                               reason: "PBF is not supported yet; convert with `osmium cat \(path) -o file.osm`")
        }
        if magic.count >= 2 && magic[0] == 0x1F && magic[1] == 0x8B {
            let dupFD = dup(fd)
            Glibc.close(fd)
            guard let gz = gzdopen(dupFD, "rb") else {
                Glibc.close(dupFD)
                throw OSMReadError(.io, file: path, reason: "cannot open as gzip")
            }
            gzbuffer(gz, 256 * 1024)
            return OSMByteSource(path: path, backend: .gzip(gz), fileSize: size, compression: "gzip")
        }
        if magic.count >= 3 && magic[0] == 0x42 && magic[1] == 0x5A && magic[2] == 0x68 {
            guard let file = fdopen(fd, "rb") else {
                Glibc.close(fd)
                throw OSMReadError(.io, file: path, reason: "cannot open as bzip2")
            }
            var bzerr: Int32 = 0
            guard let bz = BZ2_bzReadOpen(&bzerr, file, 0, 0, nil, 0), bzerr == BZ_OK else {
                fclose(file)
                throw OSMReadError(.io, file: path, reason: "cannot open as bzip2 (error \(bzerr))")
            }
            return OSMByteSource(path: path, backend: .bzip2(file, bz), fileSize: size, compression: "bzip2")
        }
        return OSMByteSource(path: path, backend: .plain(fd), fileSize: size, compression: "xml")
    }

    /// PBF starts with a 4-byte big-endian header length, then a BlobHeader whose first
    /// field (tag 0x0A) is the string "OSMHeader" (OSM wiki "PBF Format").
    static func looksLikePBF(_ b: [UInt8]) -> Bool {
        guard b.count >= 15, b[4] == 0x0A, b[5] == 9 else { return false }
        return Array(b[6..<15]) == Array("OSMHeader".utf8)
    }

    private static func looksLikeText(_ b: [UInt8]) -> Bool {
        guard let first = b.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return false }
        return first == UInt8(ascii: "<") || first == 0xEF
    }

    /// Reads up to `buffer.count` decompressed bytes.
    /// - Returns: the number of bytes read; 0 at the end of the stream.
    /// - Throws: ``OSMReadError`` `.io` on a read or decompression error.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if bzip2Finished { return 0 }
        switch backend {
        case .plain(let fd):
            while true {
                let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
                if n >= 0 { return n }
                if errno == EINTR { continue }
                throw OSMReadError(.io, file: path, reason: "read failed: \(String(cString: strerror(errno)))")
            }
        case .gzip(let gz):
            let n = gzread(gz, buffer.baseAddress, UInt32(buffer.count))
            if n < 0 {
                var code: Int32 = 0
                let msg = gzerror(gz, &code).map { String(cString: $0) } ?? "unknown error"
                throw OSMReadError(.io, file: path, reason: "gzip data is damaged: \(msg)")
            }
            return Int(n)
        case .bzip2(let file, let bz):
            var bzerr: Int32 = 0
            let n = BZ2_bzRead(&bzerr, bz, buffer.baseAddress, Int32(buffer.count))
            if bzerr == BZ_OK { return Int(max(n, 0)) }
            guard bzerr == BZ_STREAM_END else {
                throw OSMReadError(.io, file: path, reason: "bzip2 data is damaged (libbz2 error \(bzerr))")
            }
            try nextBzip2Stream(file, bz)
            return Int(max(n, 0))
        }
    }

    private var bzip2Finished = false

    /// At the end of one bzip2 stream: opens the next one when the file holds several
    /// concatenated streams (pbzip2, lbzip2 write those), else marks the end.
    private func nextBzip2Stream(_ file: UnsafeMutablePointer<FILE>, _ bz: UnsafeMutableRawPointer) throws {
        var bzerr: Int32 = 0
        var unusedPointer: UnsafeMutableRawPointer?
        var unusedCount: Int32 = 0
        BZ2_bzReadGetUnused(&bzerr, bz, &unusedPointer, &unusedCount)
        let unused = unusedPointer.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(unusedCount))) } ?? []
        BZ2_bzReadClose(&bzerr, bz)
        if unused.isEmpty {
            let c = getc(file)
            if c == EOF {
                bzip2Finished = true
                backend = .plain(-1)
                fclose(file)
                return
            }
            ungetc(c, file)
        }
        var next: UnsafeMutableRawPointer?
        unused.withUnsafeBytes { raw in
            next = BZ2_bzReadOpen(&bzerr, file, 0, 0, UnsafeMutableRawPointer(mutating: raw.baseAddress), Int32(raw.count))
        }
        guard let next, bzerr == BZ_OK else {
            throw OSMReadError(.io, file: path, reason: "bzip2 data is damaged after the end of a stream (libbz2 error \(bzerr))")
        }
        backend = .bzip2(file, next)
    }

    /// How far into the file on disk (compressed bytes for .gz/.bz2) the reader has got.
    var bytesConsumed: Int64 {
        if bzip2Finished { return fileSize }
        switch backend {
        case .plain(let fd): return Int64(lseek(fd, 0, SEEK_CUR))
        case .gzip(let gz): return Int64(gzoffset(gz))
        case .bzip2(let file, _): return Int64(ftell(file))
        }
    }

    /// Closes the file; reading afterwards is an error. Called by `deinit`.
    func close() {
        switch backend {
        case .plain(let fd): if fd >= 0 { Glibc.close(fd) }
        case .gzip(let gz): gzclose(gz)
        case .bzip2(let file, let bz):
            var bzerr: Int32 = 0
            BZ2_bzReadClose(&bzerr, bz)
            fclose(file)
        }
        backend = .plain(-1)
    }
}
