import CZip
import Foundation
import Localization

/// Reads the one `.hgt` entry of a zipped SRTM tile (`N42E001.hgt.zip`) with libzip, opened on
/// first use (CZip's shim.h, DECISIONS 1070).
///
/// The entry's uncompressed size is read from the central directory and checked against the
/// two SRTM grid sizes *before* anything is inflated; then at most that many bytes are
/// inflated, and one byte more is asked for so an archive whose stated size lies is caught.
/// libzip checks the CRC-32 at the end of the entry.
enum HGTArchive {
    /// The tile name (from the entry) and its bytes.
    /// - Throws: ``TerrainError`` (not a zip / not one `.hgt` entry / entry names a different
    ///   tile than the archive / too big / wrong size / damaged / libzip not installed).
    static func read(path: String, shownName: String) throws -> (SRTMTileID, Data) {
        guard let zip = cairn_zip_api_get()?.pointee else {
            throw TerrainError.unreadable(file: shownName, reason: L("libzip is not installed (Debian: apt-get install libzip4)"))
        }
        var code: Int32 = 0
        guard let archive = zip.open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) else {
            var err = zip_error_t()
            zip.error_init_with_code(&err, code)
            defer { zip.error_fini(&err) }
            let reason = zipMessage(zip.error_strerror(&err))
            if code == ZIP_ER_NOZIP || code == ZIP_ER_INCONS {
                throw TerrainError.notATileArchive(file: shownName, reason: reason)
            }
            throw TerrainError.unreadable(file: shownName, reason: reason)
        }
        defer { zip.discard(archive) }
        let count = zip.get_num_entries(archive, 0)
        var entries: [(index: UInt64, name: String)] = []
        for i in 0..<UInt64(max(count, 0)) {
            guard let n = zip.get_name(archive, i, 0) else { continue }
            let name = String(cString: n)
            if name.lowercased().hasSuffix(".hgt") { entries.append((i, name)) }
        }
        guard entries.count == 1, let entry = entries.first else {
            throw TerrainError.notATileArchive(file: shownName, reason: entries.isEmpty
                ? Ln("no .hgt entry among %d entry", "no .hgt entry among %d entries", Int(count), count)
                : L("%d .hgt entries; import one tile per archive", entries.count))
        }
        guard let id = SRTMTileID.fromFileName(entry.name) else {
            throw TerrainError.notATileName(file: shownName + ":" + entry.name)
        }
        if let outer = SRTMTileID.fromFileName(shownName), outer != id {
            throw TerrainError.notATileArchive(file: shownName, reason: L("it holds %s, another tile", entry.name))
        }
        var st = zip_stat_t()
        zip.stat_init(&st)
        guard zip.stat_index(archive, entry.index, 0, &st) == 0, st.valid & UInt64(ZIP_STAT_SIZE) != 0 else {
            throw TerrainError.unreadable(file: shownName, reason: zipMessage(zip.strerror(archive)))
        }
        let stated = Int64(clamping: st.size)
        if stated > Int64(HGTFormat.srtm1.byteCount) { throw TerrainError.inflatesTooBig(file: shownName, bytes: stated) }
        guard let format = HGTFormat.forByteCount(stated) else {
            throw TerrainError.wrongSize(file: shownName + ":" + entry.name, bytes: stated)
        }
        guard let file = zip.fopen_index(archive, entry.index, 0) else {
            throw TerrainError.unreadable(file: shownName, reason: zipMessage(zip.strerror(archive)))
        }
        defer { _ = zip.fclose(file) }
        var data = Data(count: format.byteCount + 1)
        let got: Int64 = data.withUnsafeMutableBytes { buf in
            var off = 0
            while off < buf.count {
                let n = zip.fread(file, buf.baseAddress! + off, UInt64(buf.count - off))
                if n < 0 { return -1 }
                if n == 0 { break }
                off += Int(n)
            }
            return Int64(off)
        }
        if got < 0 {
            throw TerrainError.unreadable(file: shownName, reason: L("damaged archive: %s", zipMessage(zip.file_strerror(file))))
        }
        if got > Int64(format.byteCount) { throw TerrainError.inflatesTooBig(file: shownName, bytes: got) }
        guard got == Int64(format.byteCount) else { throw TerrainError.wrongSize(file: shownName + ":" + entry.name, bytes: got) }
        data.removeLast()
        return (id, data)
    }
}

/// libzip's message (never NULL in libzip 1.7; the function-pointer table of CZip loses the
/// `_Nonnull` of its return type).
private func zipMessage(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
}
