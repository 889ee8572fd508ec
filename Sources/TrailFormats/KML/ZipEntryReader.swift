import CZip
import Foundation

/// Reads one entry of a zip archive held in memory, with libzip (which checks the entry's
/// CRC-32). Used for KMZ.
enum ZipEntryReader {
    /// The bytes of the entry named `preferred` (any folder), else of the first entry whose name
    /// ends in `suffix` (case-insensitive).
    /// - Throws: ``TrackFileError`` when the archive is damaged, has no such entry, or the entry
    ///   is larger than `limit` bytes uncompressed.
    static func firstEntry(in data: Data, preferring preferred: String, withSuffix suffix: String, limit: Int,
                           fileName: String) throws -> Data {
        func failure(_ reason: String) -> TrackFileError {
            TrackFileError(kind: .malformed, format: "KMZ", fileName: fileName, reason: reason)
        }
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data in
            var error = zip_error_t()
            zip_error_init(&error)
            defer { zip_error_fini(&error) }
            guard let base = raw.baseAddress, raw.count > 0,
                  let source = zip_source_buffer_create(base, UInt64(raw.count), 0, &error) else {
                throw failure("not a readable zip archive")
            }
            guard let archive = zip_open_from_source(source, Int32(ZIP_RDONLY | ZIP_CHECKCONS), &error) else {
                let reason = String(cString: zip_error_strerror(&error))
                zip_source_free(source)
                throw failure("not a readable zip archive (\(reason))")
            }
            defer { zip_discard(archive) }
            let count = zip_get_num_entries(archive, 0)
            var chosen: UInt64?
            var fallback: UInt64?
            if count > 0 {
                for i in 0..<UInt64(count) {
                    guard let n = zip_get_name(archive, i, 0) else { continue }
                    let name = String(cString: n)
                    let last = (name as NSString).lastPathComponent.lowercased()
                    if last == preferred { chosen = i; break }
                    if fallback == nil && last.hasSuffix(suffix) { fallback = i }
                }
            }
            guard let index = chosen ?? fallback else {
                throw failure("the zip archive holds no \(suffix) file (a KMZ holds doc.kml)")
            }
            var st = zip_stat_t()
            zip_stat_init(&st)
            guard zip_stat_index(archive, index, 0, &st) == 0, st.valid & UInt64(ZIP_STAT_SIZE) != 0 else {
                throw failure(String(cString: zip_strerror(archive)))
            }
            guard st.size <= UInt64(limit) else {
                throw failure("its KML entry is \(st.size / 1_048_576) MB uncompressed, more than \(limit / 1_048_576) MB")
            }
            guard let file = zip_fopen_index(archive, index, 0) else {
                throw failure(String(cString: zip_strerror(archive)))
            }
            defer { zip_fclose(file) }
            var out = Data(count: Int(st.size))
            var filled = 0
            let total = Int(st.size)
            try out.withUnsafeMutableBytes { (buf: UnsafeMutableRawBufferPointer) in
                while filled < total {
                    let n = zip_fread(file, buf.baseAddress! + filled, UInt64(total - filled))
                    if n < 0 { throw failure("damaged archive: " + String(cString: zip_file_strerror(file))) }
                    if n == 0 { break }
                    filled += Int(n)
                }
            }
            guard filled == total else { throw failure("damaged archive: the KML entry is cut off") }
            // One more read reports a CRC mismatch at the end of the entry.
            var probe: UInt8 = 0
            if zip_fread(file, &probe, 1) < 0 {
                throw failure("damaged archive: " + String(cString: zip_file_strerror(file)))
            }
            return out
        }
    }
}
