import Localization
import CZip
import CZlib
import Foundation

/// Reads one entry of a zip archive held in memory, with libzip (which checks the entry's
/// CRC-32), opened on first use (CZip's shim.h, DECISIONS 1070). Used for KMZ.
enum ZipEntryReader {
    /// Whether libzip could be opened (`libzip.so.4`; it is opened here if it was not yet).
    static var libraryAvailable: Bool { cairn_zip_api_get() != nil }

    /// The bytes of the entry named `preferred` (any folder), else of the first entry whose name
    /// ends in `suffix` (case-insensitive).
    /// - Throws: ``TrackFileError`` when the archive is damaged, has no such entry, or the entry
    ///   is larger than `limit` bytes uncompressed, or when libzip is not installed.
    static func firstEntry(in data: Data, preferring preferred: String, withSuffix suffix: String, limit: Int,
                           fileName: String) throws -> Data {
        func failure(_ reason: String) -> TrackFileError {
            TrackFileError(kind: .malformed, format: "KMZ", fileName: fileName, reason: reason)
        }
        guard let zip = cairn_zip_api_get()?.pointee else {
            throw TrackFileError(kind: .io, format: "KMZ", fileName: fileName,
                                 reason: L("libzip is not installed (Debian: apt-get install libzip4)"))
        }
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data in
            var error = zip_error_t()
            zip.error_init(&error)
            defer { zip.error_fini(&error) }
            guard let base = raw.baseAddress, raw.count > 0,
                  let source = zip.source_buffer_create(base, UInt64(raw.count), 0, &error) else {
                throw failure(L("not a readable zip archive"))
            }
            guard let archive = zip.open_from_source(source, Int32(ZIP_RDONLY | ZIP_CHECKCONS), &error) else {
                let reason = zipMessage(zip.error_strerror(&error))
                zip.source_free(source)
                throw failure(L("not a readable zip archive (%s)", reason))
            }
            defer { zip.discard(archive) }
            let count = zip.get_num_entries(archive, 0)
            var chosen: UInt64?
            var fallback: UInt64?
            var elevationTile: String?
            if count > 0 {
                for i in 0..<UInt64(count) {
                    guard let n = zip.get_name(archive, i, 0) else { continue }
                    let name = String(cString: n)
                    let last = (name as NSString).lastPathComponent.lowercased()
                    if last == preferred { chosen = i; break }
                    if fallback == nil && last.hasSuffix(suffix) { fallback = i }
                    if last.hasSuffix(".hgt") { elevationTile = (name as NSString).lastPathComponent }
                }
            }
            guard let index = chosen ?? fallback else {
                // A zipped SRTM tile is terrain, not a track: say which command takes it.
                if let tile = elevationTile {
                    throw failure(L("the zip archive holds the SRTM elevation tile %s, not a track; import it as terrain with `cairn dem import %s`",
                                    tile, fileName))
                }
                throw failure(L("the zip archive holds no %s file (a KMZ holds doc.kml)", suffix))
            }
            var st = zip_stat_t()
            zip.stat_init(&st)
            guard zip.stat_index(archive, index, 0, &st) == 0, st.valid & UInt64(ZIP_STAT_SIZE) != 0 else {
                throw failure(zipMessage(zip.strerror(archive)))
            }
            guard st.size <= UInt64(limit) else {
                let name = zip.get_name(archive, index, 0).map { String(cString: $0) } ?? suffix
                throw TrackFileError(kind: .io, format: "KMZ", fileName: fileName,
                                     reason: tooLarge(name: name, size: Int(clamping: st.size), limit: limit))
            }
            guard let file = zip.fopen_index(archive, index, 0) else {
                throw failure(zipMessage(zip.strerror(archive)))
            }
            defer { _ = zip.fclose(file) }
            var out = Data(count: Int(st.size))
            var filled = 0
            let total = Int(st.size)
            try out.withUnsafeMutableBytes { (buf: UnsafeMutableRawBufferPointer) in
                while filled < total {
                    let n = zip.fread(file, buf.baseAddress! + filled, UInt64(total - filled))
                    if n < 0 { throw failure(L("damaged archive: %s", zipMessage(zip.file_strerror(file)))) }
                    if n == 0 { break }
                    filled += Int(n)
                }
            }
            guard filled == total else { throw failure(L("damaged archive: the KML entry is cut off")) }
            // One more read reports a CRC mismatch at the end of the entry.
            var probe: UInt8 = 0
            if zip.fread(file, &probe, 1) < 0 {
                throw failure(L("damaged archive: %s", zipMessage(zip.file_strerror(file))))
            }
            return out
        }
    }
}

extension ZipEntryReader {
    /// The names of the entries of the zip archive `data` (folders left out), or nil when libzip
    /// cannot open it (damaged or cut off: the caller's salvage path says more) or is not installed.
    static func entryNames(in data: Data) -> [String]? {
        guard let zip = cairn_zip_api_get()?.pointee else { return nil }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [String]? in
            var error = zip_error_t()
            zip.error_init(&error)
            defer { zip.error_fini(&error) }
            guard let base = raw.baseAddress, raw.count > 0,
                  let source = zip.source_buffer_create(base, UInt64(raw.count), 0, &error) else { return nil }
            guard let archive = zip.open_from_source(source, Int32(ZIP_RDONLY), &error) else {
                zip.source_free(source)
                return nil
            }
            defer { zip.discard(archive) }
            let count = zip.get_num_entries(archive, 0)
            var names: [String] = []
            if count > 0 {
                for i in 0..<UInt64(count) {
                    guard let n = zip.get_name(archive, i, 0) else { continue }
                    let name = String(cString: n)
                    if !name.hasSuffix("/") { names.append(name) }
                }
            }
            return names
        }
    }

    /// An entry name as shown in messages: control characters dropped, at most 80 characters.
    static func cleanName(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }.prefix(80)))
    }

    /// "doc.kml inflates to 300 MB, more than the 256 MB Cairn reads from a KMZ; this file exceeds
    /// that limit" (`size` nil: "to more than"); the entry's name cleaned of control characters.
    static func tooLarge(name: String, size: Int?, limit: Int) -> String {
        let clean = cleanName(name)
        let limitText = XMLEventReader.sizeText(limit)
        if let size {
            return L("%s inflates to %s, more than the %s Cairn reads from a KMZ; this file exceeds that limit",
                     clean, XMLEventReader.sizeText(size), limitText)
        }
        return L("%s inflates to more than the %s Cairn reads from a KMZ; this file exceeds that limit", clean, limitText)
    }

    /// What could be read of a cut-off zip archive (no central directory): the entry named
    /// `preferred`, else the first whose name ends in `suffix`, found by walking the local file
    /// headers from the start (APPNOTE.TXT 4.3.7: signature PK\3\4, method, sizes, name, extra
    /// field) and inflated (raw deflate, zlib) or copied (stored) as far as its bytes go.
    /// - Returns: the bytes, and whether the entry was complete; nil when no such entry starts
    ///   in `data` or it is neither stored nor deflated.
    static func salvageEntry(in data: Data, preferring preferred: String, withSuffix suffix: String,
                             limit: Int) -> (bytes: Data, complete: Bool, name: String)? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (bytes: Data, complete: Bool, name: String)? in
            func u16(_ o: Int) -> Int { Int(raw[o]) | Int(raw[o + 1]) << 8 }
            func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
            var offset = 0
            var fallback: (start: Int, end: Int, method: Int, name: String)?
            var chosen: (start: Int, end: Int, method: Int, name: String)?
            while offset + 30 <= raw.count, u32(offset) == 0x0403_4B50 {
                let flags = u16(offset + 6), method = u16(offset + 8)
                let compressed = u32(offset + 18)
                let nameLength = u16(offset + 26), extraLength = u16(offset + 28)
                let start = offset + 30 + nameLength + extraLength
                guard start <= raw.count else { break }
                let name = String(decoding: raw[(offset + 30)..<(offset + 30 + nameLength)], as: UTF8.self)
                // With a data descriptor (flag bit 3) the size is not in the header: to the end.
                let sized = flags & 0x08 == 0
                let end = sized ? min(raw.count, start + compressed) : raw.count
                let last = (name as NSString).lastPathComponent.lowercased()
                let entry = (start, end, method, name)
                if last == preferred { chosen = entry; break }
                if fallback == nil && last.hasSuffix(suffix) { fallback = entry }
                guard sized, start + compressed <= raw.count else { break }
                offset = start + compressed
            }
            guard let e = chosen ?? fallback else { return nil }
            let input = UnsafeRawBufferPointer(rebasing: raw[e.start..<e.end])
            switch e.method {
            case 0:
                return (Data(input.prefix(limit)), false, e.name)
            case 8:
                let (bytes, ended) = inflateRaw(input, limit: limit)
                return (bytes, ended, e.name)
            default:
                return nil
            }
        }
    }

    /// Inflates raw deflate data (no zlib header) as far as it goes, at most `limit` bytes.
    /// Returns the bytes and whether the deflate stream ended.
    static func inflateRaw(_ input: UnsafeRawBufferPointer, limit: Int) -> (Data, Bool) {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return (Data(), false) }
        defer { inflateEnd(&stream) }
        var out = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var ended = false
        guard let base = input.baseAddress, input.count > 0 else { return (out, false) }
        stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        while out.count < limit {
            let status: Int32 = chunk.withUnsafeMutableBufferPointer { buf in
                stream.next_out = buf.baseAddress
                stream.avail_out = uInt(buf.count)
                return inflate(&stream, Z_SYNC_FLUSH)
            }
            let produced = chunk.count - Int(stream.avail_out)
            out.append(contentsOf: chunk[0..<produced])
            if status == Z_STREAM_END { ended = true; break }
            if status != Z_OK || (produced == 0 && stream.avail_in == 0) { break }
        }
        return (out.count > limit ? out.prefix(limit) : out, ended)
    }
}

/// libzip's message (never NULL in libzip 1.7; the function-pointer table of CZip loses the
/// `_Nonnull` of its return type).
private func zipMessage(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
}
